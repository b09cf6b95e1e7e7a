/**
 * Two-factor sign-in (TOTP, RFC 6238) and the login history: request and response schemas
 * (docs/decisions/080-security-asvs-level-2.md, "Two-factor"; re-authentication: decision 082).
 */
import { z } from 'zod';
import { currentPasswordSchema } from './auth.js';
import { listEnvelope, successEnvelope } from './http.js';

export const TWO_FACTOR_CODE_MESSAGE = 'Enter the 6-digit code from your authenticator app';
export const RECOVERY_CODE_COUNT = 10;
export const LOGIN_HISTORY_LIMIT = 50;

/** 6 digits from the authenticator app (spaces allowed, as apps show "123 456"). */
export const totpCodeSchema = z
  .string({ error: TWO_FACTOR_CODE_MESSAGE })
  .transform((v) => v.replace(/\s+/g, ''))
  .pipe(z.string().regex(/^\d{6}$/, TWO_FACTOR_CODE_MESSAGE));

/** A 6-digit code or a recovery code (xxxxx-xxxxx) at sign-in and when turning it off. */
export const secondFactorCodeSchema = z
  .string({ error: TWO_FACTOR_CODE_MESSAGE })
  .transform((v) => v.replace(/\s+/g, '').toLowerCase())
  .pipe(
    z
      .string()
      .regex(
        /^(\d{6}|[a-z2-7]{5}-?[a-z2-7]{5})$/,
        'Enter the 6-digit code or one of your recovery codes',
      ),
  );

export const twoFactorLoginSchema = z.strictObject({
  challengeToken: z.string().min(1).max(1000),
  code: secondFactorCodeSchema,
});
export type TwoFactorLoginInput = z.input<typeof twoFactorLoginSchema>;

export const twoFactorStatusSchema = z.object({
  enabled: z.boolean(),
  recoveryCodesLeft: z.number().int(),
});
export type TwoFactorStatus = z.infer<typeof twoFactorStatusSchema>;
export const twoFactorStatusResponseSchema = successEnvelope(twoFactorStatusSchema);

/**
 * POST /users/two-factor/setup: enrolment starts with the current password (ASVS V7.5.1,
 * decision 082), so a borrowed session cannot tie the account to someone else's phone.
 */
export const startTwoFactorSetupSchema = z.strictObject({ currentPassword: currentPasswordSchema });
export type StartTwoFactorSetupInput = z.input<typeof startTwoFactorSetupSchema>;

export const twoFactorSetupSchema = z.object({
  /** Base32, for typing into an app that cannot scan. */
  secret: z.string(),
  otpauthUrl: z.string(),
  /** The otpauth URL as a PNG QR code (data: URL). */
  qrCodeDataUrl: z.string(),
});
export type TwoFactorSetup = z.infer<typeof twoFactorSetupSchema>;
export const twoFactorSetupResponseSchema = successEnvelope(twoFactorSetupSchema);

export const enableTwoFactorSchema = z.strictObject({ code: totpCodeSchema });
export type EnableTwoFactorInput = z.input<typeof enableTwoFactorSchema>;
export const enableTwoFactorResponseSchema = successEnvelope(
  z.object({ recoveryCodes: z.array(z.string()) }),
);

export const disableTwoFactorSchema = z.strictObject({
  password: z.string().min(1, 'Password is required').max(128),
  code: secondFactorCodeSchema,
});
export type DisableTwoFactorInput = z.input<typeof disableTwoFactorSchema>;

export const resetTwoFactorParamsSchema = z.object({ userId: z.guid({ error: 'Invalid id' }) });

export const LOGIN_EVENT_LABELS = {
  signed_in: 'Signed in',
  sign_in_failed: 'Failed sign-in',
  locked_out: 'Locked out',
  two_factor_passed: 'Two-factor code accepted',
  two_factor_failed: 'Wrong two-factor code',
  two_factor_enabled: 'Two-factor turned on',
  two_factor_disabled: 'Two-factor turned off',
  password_changed: 'Password changed',
  signed_out: 'Signed out',
  other_sessions_signed_out: 'Other sessions signed out',
} as const;
export type LoginEventKind = keyof typeof LOGIN_EVENT_LABELS;

export const loginEventSchema = z.object({
  id: z.number().int(),
  kind: z.enum(Object.keys(LOGIN_EVENT_LABELS) as [LoginEventKind, ...LoginEventKind[]]),
  occurredAt: z.string(),
  ip: z.string().nullable(),
  /** "Firefox on Android", parsed from the user agent; null when none was sent. */
  device: z.string().nullable(),
  /** The event belongs to the sign-in making this request. */
  current: z.boolean(),
});
export type LoginEvent = z.infer<typeof loginEventSchema>;

export const loginHistoryQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(5).default(1),
  limit: z.coerce.number().int().min(1).max(50).default(10),
});
export const loginHistoryResponseSchema = listEnvelope(loginEventSchema);

/** POST /users/login-history/sign-out-others: the current password first (ASVS V7.5.2). */
export const signOutOthersSchema = z.strictObject({ currentPassword: currentPasswordSchema });
export type SignOutOthersInput = z.input<typeof signOutOthersSchema>;

export const signOutOthersResponseSchema = successEnvelope(z.object({ ended: z.number().int() }));
