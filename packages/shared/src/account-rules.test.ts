import { describe, expect, it } from 'vitest';
import { TRANSACTION_TYPES } from './account-rules.js';

describe('transaction types', () => {
  it('are the ledger’s kinds', () => {
    expect(TRANSACTION_TYPES).toContain('contribution');
    expect(TRANSACTION_TYPES).toHaveLength(7);
  });
});
