import { AUTH_MESSAGES } from './messages.js';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  ACTIVATION_PASSWORD_REQUIREMENTS,
  activateAccountSchema,
  changePasswordSchema,
  checkEmailQuerySchema,
  classifyIdentifier,
  forgotPasswordSchema,
  loginSchema,
  normalizeEmail,
  normalizePhone,
  refreshTokenBodySchema,
  RESET_PASSWORD_REQUIREMENTS,
  resetPasswordFormSchema,
  resetPasswordSchema,
  setPasswordSchema,
  userSchema,
} from './auth.js';

/** Each failing field with its messages, in order. */
function errorsOf(result: z.ZodSafeParseResult<unknown>): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  for (const issue of result.error?.issues ?? []) {
    const field = issue.path.join('.');
    (errors[field] ??= []).push(issue.message);
  }
  return errors;
}

describe('loginSchema', () => {
  it('accepts an identifier and password, trimming the identifier', () => {
    expect(loginSchema.parse({ identifier: '  M0001 ', password: 'Demo!2345' })).toEqual({
      identifier: 'M0001',
      password: 'Demo!2345',
    });
  });

  it('requires both fields', () => {
    expect(errorsOf(loginSchema.safeParse({ identifier: '   ', password: '' }))).toEqual({
      identifier: ['Email, phone number, or membership ID is required'],
      password: ['Password is required'],
    });
    expect(errorsOf(loginSchema.safeParse({}))).toEqual({
      identifier: ['Email, phone number, or membership ID is required'],
      password: ['Password is required'],
    });
  });

  it('refuses passwords over 128 characters and unknown fields', () => {
    expect(errorsOf(loginSchema.safeParse({ identifier: 'a', password: 'x'.repeat(129) }))).toEqual(
      { password: ['Password cannot exceed 128 characters'] },
    );
    expect(loginSchema.safeParse({ identifier: 'a', password: 'b', role: 'admin' }).success).toBe(
      false,
    );
  });
});

describe('setPasswordSchema (activation)', () => {
  const valid = { password: 'Secret12', confirmPassword: 'Secret12' };

  it('accepts 8+ characters with upper, lower and a number', () => {
    expect(setPasswordSchema.parse(valid)).toEqual(valid);
  });

  it.each([
    ['Sec12', 'Password must be at least 8 characters'],
    ['secret123', 'Password must contain at least one uppercase letter'],
    ['SECRET123', 'Password must contain at least one lowercase letter'],
    ['SecretPass', 'Password must contain at least one number'],
  ])('refuses %s: %s', (password, message) => {
    expect(errorsOf(setPasswordSchema.safeParse({ password, confirmPassword: password }))).toEqual({
      password: [message],
    });
  });

  it('lists every unmet rule at once', () => {
    expect(
      errorsOf(setPasswordSchema.safeParse({ password: 'abc', confirmPassword: 'abc' })),
    ).toEqual({
      password: [
        'Password must be at least 8 characters',
        'Password must contain at least one uppercase letter',
        'Password must contain at least one number',
      ],
    });
  });

  it('refuses more than 128 characters', () => {
    const password = `Aa1${'x'.repeat(126)}`;
    expect(errorsOf(setPasswordSchema.safeParse({ password, confirmPassword: password }))).toEqual({
      password: ['Password cannot exceed 128 characters'],
    });
  });

  it('asks for the confirmation, then for it to match', () => {
    expect(errorsOf(setPasswordSchema.safeParse({ ...valid, confirmPassword: '' }))).toEqual({
      confirmPassword: ['Please confirm your password'],
    });
    expect(
      errorsOf(setPasswordSchema.safeParse({ ...valid, confirmPassword: 'Secret13' })),
    ).toEqual({
      confirmPassword: ["Passwords don't match"],
    });
  });

  it('does not require a special character', () => {
    expect(setPasswordSchema.safeParse(valid).success).toBe(true);
  });
});

describe('activateAccountSchema', () => {
  it('adds the token to the activation form', () => {
    const body = { token: 'abc', password: 'Secret12', confirmPassword: 'Secret12' };
    expect(activateAccountSchema.parse(body)).toEqual(body);
    expect(errorsOf(activateAccountSchema.safeParse({ ...body, token: '' }))).toEqual({
      token: ['Token is required'],
    });
    expect(errorsOf(activateAccountSchema.safeParse({ ...body, confirmPassword: 'x' }))).toEqual({
      confirmPassword: ["Passwords don't match"],
    });
  });
});

describe('resetPasswordFormSchema and resetPasswordSchema', () => {
  const valid = { newPassword: 'Secret1!', confirmPassword: 'Secret1!' };

  it('accepts a password with a special character', () => {
    expect(resetPasswordFormSchema.parse(valid)).toEqual(valid);
    expect(resetPasswordSchema.parse({ token: 't', ...valid })).toEqual({ token: 't', ...valid });
  });

  it('applies the activation rules and needs a special character', () => {
    expect(
      errorsOf(
        resetPasswordFormSchema.safeParse({ newPassword: 'Secret12', confirmPassword: 'Secret12' }),
      ),
    ).toEqual({ newPassword: ['Password must contain at least one special character'] });
    expect(
      errorsOf(
        resetPasswordFormSchema.safeParse({ newPassword: 'short', confirmPassword: 'short' }),
      ),
    ).toEqual({
      newPassword: [
        'Password must be at least 8 characters',
        'Password must contain at least one uppercase letter',
        'Password must contain at least one number',
        'Password must contain at least one special character',
      ],
    });
  });

  it.each([...'!@#$%^&*(),.?":{}|<>'])('counts %s as special', (special) => {
    const password = `Secret12${special}`;
    expect(
      resetPasswordFormSchema.safeParse({ newPassword: password, confirmPassword: password })
        .success,
    ).toBe(true);
  });

  it('does not count characters outside the set', () => {
    expect(
      errorsOf(
        resetPasswordFormSchema.safeParse({
          newPassword: 'Secret12_',
          confirmPassword: 'Secret12_',
        }),
      ),
    ).toEqual({ newPassword: ['Password must contain at least one special character'] });
  });

  it('requires the confirmation to match', () => {
    expect(
      errorsOf(resetPasswordFormSchema.safeParse({ ...valid, confirmPassword: 'Secret2!' })),
    ).toEqual({
      confirmPassword: ["Passwords don't match"],
    });
  });
});

describe('forgotPasswordSchema and checkEmailQuerySchema', () => {
  it('trims and lower-cases the e-mail', () => {
    expect(forgotPasswordSchema.parse({ email: '  Ada@Demo.Coop ' })).toEqual({
      email: 'ada@demo.coop',
    });
    expect(checkEmailQuerySchema.parse({ email: 'ADA@demo.coop' })).toEqual({
      email: 'ada@demo.coop',
    });
  });

  it('requires a valid address', () => {
    expect(errorsOf(forgotPasswordSchema.safeParse({ email: '  ' }))).toEqual({
      email: ['Email is required'],
    });
    expect(errorsOf(forgotPasswordSchema.safeParse({}))).toEqual({ email: ['Email is required'] });
    expect(errorsOf(forgotPasswordSchema.safeParse({ email: 'ada@' }))).toEqual({
      email: ['Please enter a valid email address'],
    });
    expect(errorsOf(forgotPasswordSchema.safeParse({ email: `${'a'.repeat(250)}@x.co` }))).toEqual({
      email: ['Please enter a valid email address'],
    });
  });
});

describe('changePasswordSchema', () => {
  const valid = {
    currentPassword: 'Old-pass1',
    newPassword: 'new-pass',
    confirmPassword: 'new-pass',
  };

  it('accepts 8+ characters different from the current password', () => {
    expect(changePasswordSchema.parse(valid)).toEqual(valid);
  });

  it('requires each field with its own message', () => {
    expect(
      errorsOf(
        changePasswordSchema.safeParse({
          currentPassword: '',
          newPassword: '',
          confirmPassword: '',
        }),
      ),
    ).toEqual({
      currentPassword: ['Current password is required'],
      newPassword: ['New password is required'],
      confirmPassword: ['Please confirm your new password'],
    });
  });

  it('needs 8 characters, like every other password', () => {
    expect(
      errorsOf(
        changePasswordSchema.safeParse({
          ...valid,
          newPassword: 'sixsix7',
          confirmPassword: 'sixsix7',
        }),
      ),
    ).toEqual({ newPassword: ['New password must be at least 8 characters'] });
  });

  it('requires the confirmation to match', () => {
    expect(
      errorsOf(changePasswordSchema.safeParse({ ...valid, confirmPassword: 'other-pass' })),
    ).toEqual({
      confirmPassword: ['Passwords do not match'],
    });
  });

  it('requires the new password to differ from the current one', () => {
    expect(
      errorsOf(
        changePasswordSchema.safeParse({
          currentPassword: 'Old-pass1',
          newPassword: 'Old-pass1',
          confirmPassword: 'Old-pass1',
        }),
      ),
    ).toEqual({ newPassword: ['New password must be different from current password'] });
  });
});

describe('refreshTokenBodySchema', () => {
  it('accepts no body, an empty body or a refresh token', () => {
    expect(refreshTokenBodySchema.parse(undefined)).toBeUndefined();
    expect(refreshTokenBodySchema.parse({})).toEqual({});
    expect(refreshTokenBodySchema.parse({ refreshToken: 'r' })).toEqual({ refreshToken: 'r' });
    expect(refreshTokenBodySchema.safeParse({ accessToken: 'a' }).success).toBe(false);
  });
});

describe('password checklists', () => {
  const results = (requirements: typeof ACTIVATION_PASSWORD_REQUIREMENTS, password: string) =>
    requirements.map((requirement) => [requirement.label, requirement.test(password)]);

  it('tick off the activation requirements live', () => {
    expect(results(ACTIVATION_PASSWORD_REQUIREMENTS, 'secret1')).toEqual([
      ['At least 8 characters', false],
      ['One uppercase letter', false],
      ['One lowercase letter', true],
      ['One number', true],
    ]);
  });

  it('add the special character for reset', () => {
    expect(results(RESET_PASSWORD_REQUIREMENTS, 'Secret1!')).toEqual([
      ['At least 8 characters', true],
      ['One uppercase letter', true],
      ['One lowercase letter', true],
      ['One number', true],
      ['One special character', true],
    ]);
  });

  it('carry the same messages as the schemas', () => {
    expect(RESET_PASSWORD_REQUIREMENTS.map((requirement) => requirement.message)).toEqual([
      'Password must be at least 8 characters',
      'Password must contain at least one uppercase letter',
      'Password must contain at least one lowercase letter',
      'Password must contain at least one number',
      'Password must contain at least one special character',
    ]);
  });

  it('count letters of any script', () => {
    expect(
      setPasswordSchema.safeParse({ password: 'Ọlá12345', confirmPassword: 'Ọlá12345' }).success,
    ).toBe(true);
  });
});

describe('normalizeEmail and normalizePhone', () => {
  it('lower-cases and trims e-mails', () => {
    expect(normalizeEmail(' Ada@Demo.COOP ')).toBe('ada@demo.coop');
  });

  it.each([
    '08030000001',
    '+2348030000001',
    '2348030000001',
    '8030000001',
    '+234 803 000 0001',
    '0803-000-0001',
    '+234 (0) 803 000 0001',
    '002348030000001',
  ])('reads %s as +2348030000001', (phone) => {
    expect(normalizePhone(phone)).toBe('+2348030000001');
  });

  it.each(['07010000000', '09110000000', '08110000000'])(
    'accepts the mobile prefix of %s',
    (phone) => {
      expect(normalizePhone(phone)).toBe(`+234${phone.slice(1)}`);
    },
  );

  it.each([
    '0803000000',
    '080300000011',
    '06030000001',
    '+2338030000001',
    '08230000001',
    'M0001',
    '',
  ])('refuses %s', (phone) => {
    expect(normalizePhone(phone)).toBeNull();
  });
});

describe('classifyIdentifier', () => {
  it('reads e-mails, phones and membership IDs', () => {
    expect(classifyIdentifier(' Ada@Demo.coop ')).toEqual({
      kind: 'email',
      value: 'ada@demo.coop',
    });
    expect(classifyIdentifier('0803 000 0001')).toEqual({ kind: 'phone', value: '+2348030000001' });
    expect(classifyIdentifier(' m0001 ')).toEqual({ kind: 'membershipId', value: 'M0001' });
  });
});

describe('userSchema', () => {
  it('describes the User record and drops server-only fields', () => {
    const id = '3f2c9b0e-8d7a-4b6c-9e1f-2a3b4c5d6e7f';
    const user = {
      _id: id,
      id,
      firstName: 'Ada',
      lastName: 'Obi',
      email: 'ada@demo.coop',
      phoneNumber: null,
      membershipId: 'M0001',
      role: 'user',
      roles: [],
      isActive: true,
      isLoanReviewer: true,
      isExco: false,
    };
    expect(userSchema.parse({ ...user, passwordHash: 'secret' })).toEqual(user);
    expect(userSchema.safeParse({ ...user, role: 'superuser' }).success).toBe(false);
    expect(userSchema.safeParse({ ...user, roles: ['superuser'] }).success).toBe(false);
  });
});

describe('AUTH_MESSAGES', () => {
  it('words the wait with its 15 minutes', () => {
    expect(AUTH_MESSAGES.tooManyAttempts).toBe(
      'Too many attempts. Please wait 15 minutes before trying again.',
    );
    expect(AUTH_MESSAGES.tooManyRequests).toBe(
      'Too many requests. Please wait 15 minutes before trying again.',
    );
  });
});
