import { describe, expect, it } from 'vitest';
import { changePasswordSchema } from './auth.js';
import { changePasswordErrors, TRANSACTION_TYPES } from './account-rules.js';

describe('changePasswordErrors', () => {
  const cases = [
    { currentPassword: '', newPassword: '', confirmPassword: '' },
    { currentPassword: 'Old-Pass!1', newPassword: 'Short1!', confirmPassword: 'Short1!' },
    { currentPassword: 'Old-Pass!1', newPassword: 'Old-Pass!1', confirmPassword: 'Old-Pass!1' },
    { currentPassword: 'Old-Pass!1', newPassword: 'New-Pass!22', confirmPassword: 'New-Pass!2' },
    { currentPassword: 'Old-Pass!1', newPassword: 'New-Pass!22', confirmPassword: '' },
    { currentPassword: 'Old-Pass!1', newPassword: 'New-Pass!22', confirmPassword: 'New-Pass!22' },
  ];

  it('says what the API’s schema says, field by field, in the spec’s words', () => {
    for (const values of cases) {
      const parsed = changePasswordSchema.safeParse(values);
      const fromSchema: Record<string, string> = {};
      for (const issue of parsed.error?.issues ?? []) {
        const field = String(issue.path[0]);
        fromSchema[field] ??= issue.message;
      }
      expect(changePasswordErrors(values), JSON.stringify(values)).toEqual(fromSchema);
    }
  });

  it('reads the validation messages members see', () => {
    expect(changePasswordErrors(cases[0]!)).toEqual({
      currentPassword: 'Current password is required',
      newPassword: 'New password is required',
      confirmPassword: 'Please confirm your new password',
    });
    expect(changePasswordErrors(cases[1]!).newPassword).toBe(
      'New password must be at least 8 characters',
    );
    expect(changePasswordErrors(cases[3]!).confirmPassword).toBe('Passwords do not match');
  });
});

describe('transaction types', () => {
  it('are the ledger’s kinds', () => {
    expect(TRANSACTION_TYPES).toContain('contribution');
    expect(TRANSACTION_TYPES).toHaveLength(7);
  });
});
