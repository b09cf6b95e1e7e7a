import { describe, expect, it, vi } from 'vitest';
import { errorFromAnswer, networkError } from './api-client';
import { applyServerErrors, serverFieldMessages, showSubmitFailure } from './apply-server-errors';

const validation = (details: unknown) =>
  errorFromAnswer(400, {
    success: false,
    error: 'Bad Request',
    message: 'Validation failed',
    details,
    code: 'VALIDATION_ERROR',
    timestamp: '2026-03-05T10:00:00.000Z',
  });

describe('applyServerErrors', () => {
  it("puts a 400's field messages under the form's fields and says which", () => {
    const setError = vi.fn();
    const applied = applyServerErrors(
      validation([
        { field: 'password', message: 'This password is too common' },
        { field: 'token', message: 'Token expired' },
      ]),
      setError,
      ['password', 'confirmPassword'],
    );

    expect(applied).toEqual(['password']);
    expect(setError.mock.calls).toEqual([
      ['password', { type: 'server', message: 'This password is too common' }],
    ]);
  });

  it("puts a 409's field messages under the form's fields too: a duplicate is the field's to fix", () => {
    const setError = vi.fn();
    const duplicate = errorFromAnswer(409, {
      success: false,
      error: 'Conflict',
      message: 'A member with this email already exists',
      details: [{ field: 'email', message: 'A member with this email already exists' }],
      code: 'MEMBER_EXISTS',
      timestamp: '2026-03-05T10:00:00.000Z',
    });

    expect(applyServerErrors(duplicate, setError, ['email', 'phoneNumber'])).toEqual(['email']);
    expect(setError.mock.calls).toEqual([
      ['email', { type: 'server', message: 'A member with this email already exists' }],
    ]);
  });

  it('leaves every field alone for a failure that names none of them', () => {
    const setError = vi.fn();
    const otherField = errorFromAnswer(409, {
      message: 'Already used',
      details: [{ field: 'token', message: 'x' }],
      code: 'CONFLICT',
    });
    const noDetails = errorFromAnswer(409, { message: 'Not pending', code: 'CONFLICT' });

    expect(applyServerErrors(otherField, setError, ['password'])).toEqual([]);
    expect(applyServerErrors(noDetails, setError, ['password'])).toEqual([]);
    expect(applyServerErrors(networkError(), setError, ['password'])).toEqual([]);
    expect(applyServerErrors(new Error('bug'), setError, ['password'])).toEqual([]);
    expect(setError).not.toHaveBeenCalled();
  });

  it('shows a refusal about no field of the form as its general error', () => {
    const setError = vi.fn();
    showSubmitFailure(
      errorFromAnswer(409, {
        message: 'This loan is no longer approved',
        code: 'INVALID_TRANSITION',
      }),
      setError,
      ['amount'],
      'The repayment could not be recorded',
    );

    expect(setError.mock.calls).toEqual([
      ['root.server', { type: 'server', message: 'This loan is no longer approved' }],
    ]);
  });

  it('reads the first message of a field, ignoring malformed details', () => {
    expect(
      serverFieldMessages(
        validation([
          { field: 'email', message: 'Email is taken' },
          { field: 'email', message: 'second' },
          { field: 'name' },
          'nonsense',
        ]),
        ['email', 'name'],
      ),
    ).toEqual({ email: 'Email is taken' });
  });
});
