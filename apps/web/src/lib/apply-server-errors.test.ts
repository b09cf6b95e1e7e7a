import { describe, expect, it, vi } from 'vitest';
import { errorFromAnswer, networkError } from './api-client';
import { applyServerErrors, serverFieldMessages } from './apply-server-errors';

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

  it('leaves every field alone for a failure that is not a validation answer', () => {
    const setError = vi.fn();
    const notValidation = errorFromAnswer(409, {
      message: 'Already used',
      details: [{ field: 'password', message: 'x' }],
      code: 'CONFLICT',
    });

    expect(applyServerErrors(notValidation, setError, ['password'])).toEqual([]);
    expect(applyServerErrors(networkError(), setError, ['password'])).toEqual([]);
    expect(applyServerErrors(new Error('bug'), setError, ['password'])).toEqual([]);
    expect(setError).not.toHaveBeenCalled();
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
