import { describe, expect, it } from 'vitest';
import {
  describeAuditAction,
  describeAuditChanges,
  describeAuditEntity,
  shortAuditId,
} from './audit-words.js';

describe('the audit trail in words', () => {
  it('says what was done rather than the action code', () => {
    expect(describeAuditAction('loan.disbursed')).toBe('Loan disbursed');
    expect(describeAuditAction('loan.guarantor_accepted')).toBe('Loan guarantor accepted');
    expect(describeAuditAction('auth.login.failed')).toBe('Sign-in failed');
    expect(describeAuditAction('member.settings_updated')).toBe('Member settings updated');
  });

  it('names the entity and shortens a UUID to eight characters, keeping readable ids whole', () => {
    expect(describeAuditEntity('user')).toBe('Member');
    expect(describeAuditEntity('deposit_notice')).toBe('Deposit notice');
    expect(shortAuditId('3f2a9c1e-0b7d-4c1a-9e2f-5a6b7c8d9e0f')).toBe('3f2a9c1e');
    expect(shortAuditId('reconciliation.pdf')).toBe('reconciliation.pdf');
  });

  it('shows before → after per field, in words, with no JSON', () => {
    expect(describeAuditChanges({ status: 'pending' }, { status: 'under_review' })).toEqual([
      'Status: pending → under review',
    ]);
    expect(
      describeAuditChanges(
        { requestedAmount: 25_000, reason: 'School fees' },
        { requestedAmount: 20_000, reason: 'School fees' },
      ),
    ).toEqual(['Requested amount: 25,000 → 20,000', 'Reason: School fees']);
    expect(describeAuditChanges({ status: 'pending' }, null)).toEqual(['Status was pending']);
    expect(
      describeAuditChanges(null, {
        isActive: false,
        guarantorUserId: '3f2a9c1e-0b7d-4c1a-9e2f-5a6b7c8d9e0f',
        items: ['a', 'b', 'c', 'd'],
        filters: { action: 'loan.disbursed', page: undefined },
      }),
    ).toEqual([
      'Is active: no',
      'Guarantor user id: 3f2a9c1e',
      'Items: 4 items',
      'Filters: action loan.disbursed',
    ]);
    expect(describeAuditChanges(null, null)).toEqual([]);
    const text = describeAuditChanges({ a: { b: 1 } }, { a: { b: 2 } }).join(' ');
    expect(text).not.toMatch(/[{}"]/);
  });
});
