/**
 * A statement's verification code (docs/business-rules.md "Statement verification"): every PDF
 * statement prints one, and an officer types it into the back office to see what the cooperative
 * actually issued: the member, the period, the balances and when. Twelve characters of Crockford's
 * base 32 (digits and capitals without I, L, O and U), printed in three groups of four; typed in
 * any case, with or without the dashes and spaces, and with O read as 0 and I or L as 1, as
 * Crockford's alphabet intends, so a code copied by hand from paper still matches.
 */
import { z } from 'zod';
import { isoDateSchema, isoDateTimeSchema } from './date-schemas.js';
import { successEnvelope } from './http.js';
import { transactionAccountSchema } from './transactions.js';

export const STATEMENT_CODE_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
export const STATEMENT_CODE_LENGTH = 12;

export const STATEMENT_VERIFICATION_MESSAGES = {
  title: 'Verify a statement',
  intro:
    'Enter the verification code printed at the foot of every page of a member’s PDF statement to see what the cooperative issued.',
  codeLabel: 'Verification code',
  submit: 'Check code',
  invalidCode: 'Enter the 12-character code printed on the statement, such as 7K3M-Q9TD-2XWB',
  unknownCode:
    'No statement was issued with this code. The statement may have been altered, or the code mistyped.',
  genuine: 'Issued by the cooperative',
  compare:
    'Compare the member, the period and every balance with the paper. Any difference means the statement was altered after it was issued.',
  tooMany: (minutes: number) =>
    `Too many statement checks. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
  /** The line printed on every page of the PDF. */
  pdfFooter: (code: string) =>
    `Verification code ${code}: the cooperative can confirm this statement with this code.`,
} as const;

/** '7K3MQ9TD2XWB' → '7K3M-Q9TD-2XWB', as printed. */
export function formatStatementCode(code: string): string {
  return code.match(/.{1,4}/g)?.join('-') ?? code;
}

/** What an officer typed, as stored: capitals, no separators, O → 0, I and L → 1. */
export function normalizeStatementCode(typed: string): string {
  return typed.toUpperCase().replace(/[\s-]/g, '').replace(/O/g, '0').replace(/[IL]/g, '1');
}

const STORED_CODE = new RegExp(`^[${STATEMENT_CODE_ALPHABET}]{${STATEMENT_CODE_LENGTH}}$`);

export function isStatementCode(typed: string): boolean {
  return STORED_CODE.test(normalizeStatementCode(typed));
}

export const statementVerificationQuerySchema = z.object({
  code: z
    .string({ error: STATEMENT_VERIFICATION_MESSAGES.invalidCode })
    .max(40, { error: STATEMENT_VERIFICATION_MESSAGES.invalidCode })
    .refine(isStatementCode, { error: STATEMENT_VERIFICATION_MESSAGES.invalidCode })
    .transform(normalizeStatementCode),
});
export type StatementVerificationQuery = z.input<typeof statementVerificationQuerySchema>;

/** What the code certifies. Amounts in naira, as everywhere in the API. */
export const statementVerificationSchema = z.object({
  /** As printed: '7K3M-Q9TD-2XWB'. */
  code: z.string(),
  member: z.object({
    id: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    membershipId: z.string(),
  }),
  startDate: isoDateSchema,
  endDate: isoDateSchema,
  issuedAt: isoDateTimeSchema,
  accounts: z.array(
    z.object({
      account: transactionAccountSchema,
      openingBalance: z.number(),
      closingBalance: z.number(),
    }),
  ),
  /** SHA-256 of the PDF file as it was sent, in hex: an unaltered copy of the file has it. */
  contentSha256: z.string(),
});
export type StatementVerification = z.infer<typeof statementVerificationSchema>;
export const statementVerificationResponseSchema = successEnvelope(statementVerificationSchema);
export type StatementVerificationResponse = z.infer<typeof statementVerificationResponseSchema>;
