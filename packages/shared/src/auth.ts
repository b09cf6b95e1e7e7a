/**
 * Sign-in, activation, password reset and change (docs/member-portal.md §3, §5, §7 Auth;
 * docs/security.md). Messages are as members read them (docs/member-portal.md §5, §8), except the
 * change-password minimum (8, not 6, like every other password: docs/security.md).
 */
import { z } from 'zod';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, USER_ROLES } from './constants.js';
import {
  CONTROL_CHARACTERS_MESSAGE,
  idSchema,
  successEnvelope,
  withoutControlCharacters,
} from './http.js';
import { officerRoleSchema } from './officers.js';
import { normalizePhone } from './phone.js';

/** One line of the live password checklist, and the rule the schema enforces with its message. */
export interface PasswordRequirement {
  readonly id: 'minLength' | 'uppercase' | 'lowercase' | 'number' | 'special';
  readonly label: string;
  readonly message: string;
  readonly test: (password: string) => boolean;
}

const MIN_LENGTH_REQUIREMENT: PasswordRequirement = {
  id: 'minLength',
  label: `At least ${PASSWORD_MIN_LENGTH} characters`,
  message: `Password must be at least ${PASSWORD_MIN_LENGTH} characters`,
  test: (password) => password.length >= PASSWORD_MIN_LENGTH,
};

const characterRequirement = (
  id: PasswordRequirement['id'],
  label: string,
  what: string,
  pattern: RegExp,
): PasswordRequirement => ({
  id,
  label,
  message: `Password must contain at least one ${what}`,
  test: (password) => pattern.test(password),
});

// Letters in any script count, so a member's own language never fails the checklist.
const ACTIVATION_CHARACTER_REQUIREMENTS = [
  characterRequirement('uppercase', 'One uppercase letter', 'uppercase letter', /\p{Lu}/u),
  characterRequirement('lowercase', 'One lowercase letter', 'lowercase letter', /\p{Ll}/u),
  characterRequirement('number', 'One number', 'number', /[0-9]/),
];
/** The special characters of docs/member-portal.md §5. */
const SPECIAL_CHARACTER_REQUIREMENT = characterRequirement(
  'special',
  'One special character',
  'special character',
  /[!@#$%^&*(),.?":{}|<>]/,
);

export const ACTIVATION_PASSWORD_REQUIREMENTS: readonly PasswordRequirement[] = [
  MIN_LENGTH_REQUIREMENT,
  ...ACTIVATION_CHARACTER_REQUIREMENTS,
];
export const RESET_PASSWORD_REQUIREMENTS: readonly PasswordRequirement[] = [
  ...ACTIVATION_PASSWORD_REQUIREMENTS,
  SPECIAL_CHARACTER_REQUIREMENT,
];

const PASSWORD_TOO_LONG = `Password cannot exceed ${PASSWORD_MAX_LENGTH} characters`;

function passwordSchema(characterRequirements: readonly PasswordRequirement[]) {
  return characterRequirements.reduce(
    (schema, requirement) => schema.refine(requirement.test, requirement.message),
    z
      .string({ error: 'Password is required' })
      .min(PASSWORD_MIN_LENGTH, MIN_LENGTH_REQUIREMENT.message)
      .max(PASSWORD_MAX_LENGTH, PASSWORD_TOO_LONG),
  );
}

const activationPasswordSchema = passwordSchema(ACTIVATION_CHARACTER_REQUIREMENTS);
const resetPasswordSchemaField = passwordSchema([
  ...ACTIVATION_CHARACTER_REQUIREMENTS,
  SPECIAL_CHARACTER_REQUIREMENT,
]);

/** A required string whose emptiness gets one message, with no further checks piled on. */
const requiredString = (message: string) =>
  z
    .string({ error: message })
    .min(1, { message, abort: true })
    .refine(withoutControlCharacters, { message: CONTROL_CHARACTERS_MESSAGE, abort: true });

/** Like `requiredString`, but surrounding spaces are dropped first, so '   ' counts as empty. */
const requiredTrimmedString = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .min(1, { message, abort: true })
    .refine(withoutControlCharacters, { message: CONTROL_CHARACTERS_MESSAGE, abort: true });

/** One-time tokens are 256-bit random strings; anything much longer is not one of ours. */
const oneTimeTokenSchema = requiredString('Token is required').max(512, 'Invalid token');

/** Adds `message` on the confirmation field when it is filled in and differs. */
function confirmationMatches<Password extends string, Confirmation extends string>(
  passwordField: Password,
  confirmationField: Confirmation,
  message: string,
) {
  return (values: Record<Password | Confirmation, string>, ctx: z.RefinementCtx) => {
    const confirmation = values[confirmationField];
    if (confirmation !== '' && confirmation !== values[passwordField]) {
      ctx.addIssue({ code: 'custom', message, path: [confirmationField] });
    }
  };
}

export const EMAIL_REQUIRED_MESSAGE = 'Email is required';
export const INVALID_EMAIL_MESSAGE = 'Please enter a valid email address';

/** Trimmed and lower-cased: e-mail addresses are compared case-insensitively (docs/security.md). */
export const emailSchema = requiredTrimmedString(EMAIL_REQUIRED_MESSAGE)
  .toLowerCase()
  // 254 is the longest address SMTP can deliver to.
  .max(254, INVALID_EMAIL_MESSAGE)
  .regex(z.regexes.email, INVALID_EMAIL_MESSAGE);

const IDENTIFIER_REQUIRED_MESSAGE = 'Email, phone number, or membership ID is required';

export const loginSchema = z.strictObject({
  identifier: requiredTrimmedString(IDENTIFIER_REQUIRED_MESSAGE).max(
    254,
    'Email, phone number, or membership ID is too long',
  ),
  password: requiredString('Password is required').max(PASSWORD_MAX_LENGTH, PASSWORD_TOO_LONG),
});
export type LoginInput = z.infer<typeof loginSchema>;

const PASSWORDS_DONT_MATCH = "Passwords don't match";
const CONFIRM_PASSWORD_MESSAGE = 'Please confirm your password';

const setPasswordShape = {
  password: activationPasswordSchema,
  confirmPassword: requiredString(CONFIRM_PASSWORD_MESSAGE),
};
const passwordConfirmed = confirmationMatches('password', 'confirmPassword', PASSWORDS_DONT_MATCH);

/** The activation screen's form. */
export const setPasswordSchema = z.strictObject(setPasswordShape).superRefine(passwordConfirmed);
export type SetPasswordInput = z.infer<typeof setPasswordSchema>;

/** POST /auth/activate-account */
export const activateAccountSchema = z
  .strictObject({ token: oneTimeTokenSchema, ...setPasswordShape })
  .superRefine(passwordConfirmed);
export type ActivateAccountInput = z.infer<typeof activateAccountSchema>;

const resetPasswordShape = {
  newPassword: resetPasswordSchemaField,
  confirmPassword: requiredString(CONFIRM_PASSWORD_MESSAGE),
};
const newPasswordConfirmed = confirmationMatches(
  'newPassword',
  'confirmPassword',
  PASSWORDS_DONT_MATCH,
);

/** The reset screen's form (the token comes from the link). */
export const resetPasswordFormSchema = z
  .strictObject(resetPasswordShape)
  .superRefine(newPasswordConfirmed);
export type ResetPasswordFormInput = z.infer<typeof resetPasswordFormSchema>;

/** POST /auth/reset-password */
export const resetPasswordSchema = z
  .strictObject({ token: oneTimeTokenSchema, ...resetPasswordShape })
  .superRefine(newPasswordConfirmed);
export type ResetPasswordInput = z.infer<typeof resetPasswordSchema>;

/** POST /auth/forgot-password */
export const forgotPasswordSchema = z.strictObject({ email: emailSchema });
export type ForgotPasswordInput = z.infer<typeof forgotPasswordSchema>;

const NEW_PASSWORD_REQUIRED = 'New password is required';

/**
 * The member's current password, asked again before a change to how they sign in or recover
 * (change password, phone number, turning two-factor on, signing out other sessions: ASVS V7.5,
 * docs/decisions/082-re-authentication-and-ending-sessions.md).
 */
export const currentPasswordSchema = requiredString('Current password is required').max(
  PASSWORD_MAX_LENGTH,
  PASSWORD_TOO_LONG,
);

/** POST /auth/change-password and the profile dialog. */
export const changePasswordSchema = z
  .strictObject({
    currentPassword: currentPasswordSchema,
    newPassword: requiredString(NEW_PASSWORD_REQUIRED)
      .min(PASSWORD_MIN_LENGTH, `New password must be at least ${PASSWORD_MIN_LENGTH} characters`)
      .max(PASSWORD_MAX_LENGTH, `New password cannot exceed ${PASSWORD_MAX_LENGTH} characters`),
    confirmPassword: requiredString('Please confirm your new password'),
  })
  .superRefine(confirmationMatches('newPassword', 'confirmPassword', 'Passwords do not match'))
  .superRefine(({ currentPassword, newPassword }, ctx) => {
    if (newPassword !== '' && newPassword === currentPassword) {
      ctx.addIssue({
        code: 'custom',
        message: 'New password must be different from current password',
        path: ['newPassword'],
      });
    }
  });
export type ChangePasswordInput = z.infer<typeof changePasswordSchema>;

/**
 * POST /auth/refresh. The refresh token normally travels in an httpOnly cookie, so the body is
 * optional; the spec's body field is accepted too.
 */
export const refreshTokenBodySchema = z
  .strictObject({ refreshToken: z.string().min(1).max(512).optional() })
  // Fastify hands a request without a body over as null.
  .nullish();
export type RefreshTokenBody = z.infer<typeof refreshTokenBodySchema>;

/** GET /auth/check-email */
export const checkEmailQuerySchema = z.object({ email: emailSchema });
export type CheckEmailQuery = z.infer<typeof checkEmailQuerySchema>;

/** GET /auth/verify-activation/{token} */
/** POST /auth/verify-activation: the link's token in the body, out of proxies' logs. */
export const verifyActivationRequestSchema = z.object({ token: oneTimeTokenSchema }).strict();

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

export { normalizePhone } from './phone.js';

export type IdentifierKind = 'email' | 'phone' | 'membershipId';

/**
 * How a sign-in identifier is looked up (docs/security.md): anything with '@' is an e-mail, a
 * Nigerian mobile number is a phone, anything else a membership ID (stored upper-case).
 */
export function classifyIdentifier(identifier: string): { kind: IdentifierKind; value: string } {
  const trimmed = identifier.trim();
  if (trimmed.includes('@')) return { kind: 'email', value: normalizeEmail(trimmed) };
  const phone = normalizePhone(trimmed);
  if (phone !== null) return { kind: 'phone', value: phone };
  return { kind: 'membershipId', value: trimmed.toUpperCase() };
}

export const userRoleSchema = z.enum(USER_ROLES);
export type UserRole = z.infer<typeof userRoleSchema>;

/**
 * docs/member-portal.md §3 User. `_id` repeats `id` so clients written for the first API work
 * unchanged. `role` is the spec's: 'admin' for any officer; `roles` names the officer's roles
 * (docs/officers.md).
 */
export const userSchema = z.object({
  _id: idSchema,
  id: idSchema,
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phoneNumber: z.string().nullable(),
  membershipId: z.string(),
  role: userRoleSchema,
  roles: z.array(officerRoleSchema),
  isActive: z.boolean(),
  isLoanReviewer: z.boolean(),
  isExco: z.boolean(),
});
export type User = z.infer<typeof userSchema>;

/** POST /auth/login; POST /auth/activate-account answers the same shape. */
const signedInSchema = z.object({ accessToken: z.string(), user: userSchema });
export const activateAccountResponseSchema = successEnvelope(signedInSchema);
export type ActivateAccountResponse = z.infer<typeof activateAccountResponseSchema>;
/**
 * POST /auth/login: signed in, or (two-factor on) the password was right and the second step
 * (POST /auth/login/two-factor) needs the 6-digit code with this 5-minute challenge.
 */
export const loginResponseSchema = successEnvelope(
  z.union([
    signedInSchema,
    z.object({ twoFactorRequired: z.literal(true), challengeToken: z.string() }),
  ]),
);
export type LoginResponse = z.infer<typeof loginResponseSchema>;

/**
 * POST /auth/refresh. A client that sent its refresh token in the body cannot read the httpOnly
 * cookie, so it gets the token's successor in `refreshToken`.
 */
export const refreshResponseSchema = successEnvelope(
  z.object({ accessToken: z.string(), refreshToken: z.string().optional() }),
);
export type RefreshResponse = z.infer<typeof refreshResponseSchema>;

/** POST /auth/change-password: this client stays signed in with a fresh access token. */
export const changePasswordResponseSchema = successEnvelope(z.object({ accessToken: z.string() }));
export type ChangePasswordResponse = z.infer<typeof changePasswordResponseSchema>;

/** GET /auth/check-email */
export const checkEmailResponseSchema = successEnvelope(
  z.object({ email: z.string(), exists: z.boolean() }),
);
export type CheckEmailResponse = z.infer<typeof checkEmailResponseSchema>;

/** GET /auth/me: the user itself in `data` (docs/member-portal.md §7: "current user"). */
export const currentUserResponseSchema = successEnvelope(userSchema);
export type CurrentUserResponse = z.infer<typeof currentUserResponseSchema>;

/** How a member is named wherever another member or a reviewer sees them. */
export const memberSummarySchema = z.object({
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  membershipId: z.string(),
});
export type MemberSummary = z.infer<typeof memberSummarySchema>;

/** Who an activation link belongs to, for the set-password greeting. */
export const activatingUserSchema = memberSummarySchema;
export type ActivatingUser = MemberSummary;

/** GET /auth/verify-activation/{token} */
export const verifyActivationResponseSchema = successEnvelope(
  z.object({ user: activatingUserSchema }),
);
export type VerifyActivationResponse = z.infer<typeof verifyActivationResponseSchema>;
