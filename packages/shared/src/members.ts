/**
 * Members in the back office: the list, registration and edits, one member's page, the members
 * import and ending a member's sessions. Texts and statuses are zod-free in member-rules.ts.
 */
import { z } from 'zod';
import { auditEntrySchema } from './audit.js';
import { emailSchema, normalizePhone, userSchema } from './auth.js';
import { USER_LIST_PAGE_SIZE } from './constants.js';
import { CONTRIBUTION_STATUSES } from './contribution-rules.js';
import { csvRowErrorSchema } from './csv-uploads.js';
import { isoDateSchema, isoDateTimeSchema } from './date-schemas.js';
import {
  booleanQuerySchema,
  dateRangeFilters,
  filteredListQuery,
  listEnvelope,
  searchFilter,
  successEnvelope,
} from './http.js';
import { MEMBER_STATUS_FILTERS, MEMBERSHIP_ID_MESSAGE } from './member-rules.js';

export * from './member-rules.js';

/** Who a record belongs to, as every back-office list shows them. */
export const adminMemberRefSchema = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  membershipId: z.string(),
});
export type AdminMemberRef = z.infer<typeof adminMemberRefSchema>;

/** A member as the back office sees them: the spec's User plus joining and activation. */
export const adminMemberSchema = userSchema.extend({
  joinedOn: isoDateSchema,
  isActivated: z.boolean(),
  createdAt: isoDateTimeSchema,
});
export type AdminMember = z.infer<typeof adminMemberSchema>;

/**
 * GET /admin/users (docs/member-portal.md §7): 50 a page, first name A to Z; search, status, flags,
 * joined date.
 */
export const adminMemberListQuerySchema = filteredListQuery({
  sortFields: ['firstName', 'lastName', 'membershipId', 'joinedOn'],
  defaults: { sortBy: 'firstName', sortOrder: 'asc', limit: USER_LIST_PAGE_SIZE },
  filters: {
    ...searchFilter,
    status: z.enum(MEMBER_STATUS_FILTERS).optional(),
    isLoanReviewer: booleanQuerySchema.optional(),
    isExco: booleanQuerySchema.optional(),
    ...dateRangeFilters,
  },
});
export type AdminMemberListQuery = z.infer<typeof adminMemberListQuerySchema>;
export const adminMemberListResponseSchema = listEnvelope(adminMemberSchema);
export type AdminMemberListResponse = z.infer<typeof adminMemberListResponseSchema>;
export const adminMemberResponseSchema = successEnvelope(adminMemberSchema);
export type AdminMemberResponse = z.infer<typeof adminMemberResponseSchema>;

const NAME_MAX = 100;
const nameSchema = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(NAME_MAX, `${label} cannot exceed ${NAME_MAX} characters`);

const phoneSchema = z
  .string()
  .trim()
  .nullish()
  .transform((phone, ctx) => {
    if (phone == null || phone === '') return null;
    const normalized = normalizePhone(phone);
    if (normalized === null) {
      ctx.addIssue({ code: 'custom', message: 'Please enter a valid Nigerian mobile number' });
      return z.NEVER;
    }
    return normalized;
  });

const membershipIdSchema = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z][A-Z0-9-]{1,19}$/, MEMBERSHIP_ID_MESSAGE);

/** POST /admin/users: one member; the activation e-mail goes through the outbox. */
export const adminCreateMemberSchema = z.strictObject({
  firstName: nameSchema('First name'),
  lastName: nameSchema('Last name'),
  email: emailSchema,
  phoneNumber: phoneSchema,
  /** Blank: the next free 'M0001'-style ID. */
  membershipId: z
    .string()
    .trim()
    .transform((value) => (value === '' ? undefined : value))
    .pipe(membershipIdSchema.optional())
    .optional(),
  /** Blank: today. */
  joinedOn: z
    .string()
    .trim()
    .transform((value) => (value === '' ? undefined : value))
    .pipe(isoDateSchema.optional())
    .optional(),
  isLoanReviewer: z.boolean().default(false),
  isExco: z.boolean().default(false),
});
export type AdminCreateMemberInput = z.input<typeof adminCreateMemberSchema>;
/** As the schema reads it: trimmed, the phone normalised, blanks left out. */
export type AdminCreateMember = z.infer<typeof adminCreateMemberSchema>;

/** PUT /admin/users/{id}: names, e-mail and phone; only the fields sent change. */
export const adminUpdateMemberSchema = z.strictObject({
  firstName: nameSchema('First name').optional(),
  lastName: nameSchema('Last name').optional(),
  email: emailSchema.optional(),
  phoneNumber: phoneSchema.optional(),
});
export type AdminUpdateMemberInput = z.input<typeof adminUpdateMemberSchema>;
export type AdminUpdateMember = z.infer<typeof adminUpdateMemberSchema>;

/** PUT /admin/users/{id}/flags: the loan reviewer and exco flags. */
export const adminMemberFlagsSchema = z.strictObject({
  isLoanReviewer: z.boolean().optional(),
  isExco: z.boolean().optional(),
});
export type AdminMemberFlagsInput = z.infer<typeof adminMemberFlagsSchema>;

const recent = <T extends z.ZodType>(item: T) =>
  z.object({ items: z.array(item), total: z.number().int() });

export const adminMemberDetailSchema = z.object({
  member: adminMemberSchema,
  balances: z.object({
    savings: z.number(),
    shares: z.number(),
    outstandingLoans: z.number(),
    frozen: z.number(),
    available: z.number(),
  }),
  contributions: recent(
    z.object({
      id: z.string(),
      contributionMonth: z.string(),
      savingsAmount: z.number(),
      shareHoldingAmount: z.number(),
      totalAmount: z.number(),
      status: z.enum(CONTRIBUTION_STATUSES),
    }),
  ),
  loans: recent(
    z.object({
      id: z.string(),
      loanId: z.string(),
      purpose: z.string(),
      requestedAmount: z.number(),
      outstandingBalance: z.number(),
      status: z.string(),
      requestDate: isoDateTimeSchema,
    }),
  ),
  guarantees: recent(
    z.object({
      id: z.string(),
      loanId: z.string(),
      borrowerName: z.string(),
      guaranteeAmount: z.number(),
      frozenAmount: z.number(),
      status: z.string(),
      invitationDate: isoDateTimeSchema,
    }),
  ),
  withdrawals: recent(
    z.object({
      id: z.string(),
      withdrawalType: z.string(),
      requestedAmount: z.number(),
      status: z.string(),
      requestDate: isoDateTimeSchema,
    }),
  ),
  fines: recent(
    z.object({
      id: z.string(),
      reason: z.string(),
      amount: z.number(),
      fineDate: isoDateSchema,
      status: z.string(),
    }),
  ),
  audit: recent(auditEntrySchema),
});
export type AdminMemberDetail = z.infer<typeof adminMemberDetailSchema>;
export const adminMemberDetailResponseSchema = successEnvelope(adminMemberDetailSchema);
export type AdminMemberDetailResponse = z.infer<typeof adminMemberDetailResponseSchema>;

export const memberImportRowSchema = z.object({
  line: z.number().int(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phoneNumber: z.string().nullable(),
  membershipId: z.string().nullable(),
  joinedOn: z.string().nullable(),
  /** The deduction instruction of the optional columns, when the row gives one. */
  instruction: z
    .object({
      payrollGroup: z.string(),
      staffNumber: z.string(),
      savings: z.number(),
      shares: z.number(),
    })
    .nullable()
    .optional(),
  errors: z.array(z.string()),
});
export type MemberImportRow = z.infer<typeof memberImportRowSchema>;

export const memberImportPreviewSchema = z.object({
  fileName: z.string(),
  rows: z.array(memberImportRowSchema),
  /** Problems with the file itself or rows that could not be read. */
  errors: z.array(csvRowErrorSchema),
  validRows: z.number().int(),
  invalidRows: z.number().int(),
});
export type MemberImportPreview = z.infer<typeof memberImportPreviewSchema>;
export const memberImportPreviewResponseSchema = successEnvelope(memberImportPreviewSchema);
export type MemberImportPreviewResponse = z.infer<typeof memberImportPreviewResponseSchema>;
/** What an import created: the summary its job ends with (docs/decisions/101-officer-jobs.md). */
export const memberImportResultSchema = z.object({
  imported: z.number().int(),
  members: z.array(adminMemberSchema),
});
export type MemberImportResult = z.infer<typeof memberImportResultSchema>;
export const memberImportResponseSchema = successEnvelope(memberImportResultSchema);
export type MemberImportResponse = z.infer<typeof memberImportResponseSchema>;

/**
 * POST /admin/users/{id}/sessions/end: every sign-in of the member ended (ASVS V7.4.5,
 * decision 082); `ended` counts the sign-ins that were still open.
 */
export const adminEndSessionsResponseSchema = successEnvelope(
  z.object({ ended: z.number().int() }),
);
export type AdminEndSessionsResponse = z.infer<typeof adminEndSessionsResponseSchema>;
