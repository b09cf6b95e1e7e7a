/**
 * The back office's contract (issue 9, DESIGN §7 "Back office"): every request and response of
 * `/api/v1/admin/*`. Amounts are naira, as everywhere in the API.
 */
import { z } from 'zod';
import { emailSchema, normalizePhone, userSchema } from './auth.js';
import { USER_LIST_PAGE_SIZE } from './constants.js';
import { CONTRIBUTION_STATUSES } from './contribution-rules.js';
import { isoDateSchema, isoDateTimeSchema } from './date-schemas.js';
import { isWholeKobo } from './money.js';
import {
  booleanQuerySchema,
  dateRangeFilters,
  filteredListQuery,
  listEnvelope,
  searchFilter,
  successEnvelope,
} from './http.js';
import {
  DISPUTE_NOTE_MAX_LENGTH,
  DISPUTE_NOTE_MIN_LENGTH,
  DISPUTE_QUEUE_STATUSES,
  MEMBER_STATUS_FILTERS,
} from './admin-texts.js';

/* ------------------------------------------------------------------ overview */

export const adminOverviewSchema = z.object({
  members: z.object({
    total: z.number().int(),
    active: z.number().int(),
    suspended: z.number().int(),
    notActivated: z.number().int(),
  }),
  /** Savings and share holdings the cooperative holds for members, and loans outstanding. */
  moneyUnderManagement: z.object({
    savings: z.number(),
    shares: z.number(),
    total: z.number(),
    outstandingLoans: z.number(),
  }),
  /** This month's payroll deductions posted so far (Lagos calendar). */
  deductionsThisMonth: z.object({
    month: z.string(),
    contributions: z.number().int(),
    amount: z.number(),
  }),
  /** Work waiting for an administrator; only queues whose page exists are listed. */
  queues: z.array(z.object({ key: z.string(), label: z.string(), count: z.number().int() })),
});
export type AdminOverview = z.infer<typeof adminOverviewSchema>;
export const adminOverviewResponseSchema = successEnvelope(adminOverviewSchema);
export type AdminOverviewResponse = z.infer<typeof adminOverviewResponseSchema>;

/* ------------------------------------------------------------------ members */

/** A member as the back office sees them: the spec's User plus joining and activation. */
export const adminMemberSchema = userSchema.extend({
  joinedOn: isoDateSchema,
  isActivated: z.boolean(),
  createdAt: isoDateTimeSchema,
});
export type AdminMember = z.infer<typeof adminMemberSchema>;

/** GET /admin/users (spec §7): 50 a page, first name A to Z; search, status, flags, joined date. */
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

export const MEMBERSHIP_ID_MESSAGE =
  'Membership ID must start with a letter and use letters, digits or hyphens (2 to 20 characters)';
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

/** PUT /admin/users/{id}: names, e-mail and phone; only the fields sent change. */
export const adminUpdateMemberSchema = z.strictObject({
  firstName: nameSchema('First name').optional(),
  lastName: nameSchema('Last name').optional(),
  email: emailSchema.optional(),
  phoneNumber: phoneSchema.optional(),
});
export type AdminUpdateMemberInput = z.input<typeof adminUpdateMemberSchema>;

/** PUT /admin/users/{id}/flags: the loan reviewer and exco flags. */
export const adminMemberFlagsSchema = z.strictObject({
  isLoanReviewer: z.boolean().optional(),
  isExco: z.boolean().optional(),
});
export type AdminMemberFlagsInput = z.infer<typeof adminMemberFlagsSchema>;

/* ------------------------------------------------------------------ member page */

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
  audit: recent(z.lazy(() => auditEntrySchema)),
});
export type AdminMemberDetail = z.infer<typeof adminMemberDetailSchema>;
export const adminMemberDetailResponseSchema = successEnvelope(adminMemberDetailSchema);
export type AdminMemberDetailResponse = z.infer<typeof adminMemberDetailResponseSchema>;

/* ------------------------------------------------------------------ CSV uploads */

/**
 * An uploaded CSV file: its name and its bytes in base64, so the server can refuse a file that
 * is not UTF-8 (a browser reading it as text would silently replace the bad bytes).
 */
export const csvUploadSchema = z.strictObject({
  fileName: z.string().trim().min(1, 'Choose a CSV file').max(255, 'The file name is too long'),
  content: z
    .string({ error: 'Choose a CSV file' })
    .min(1, 'Choose a CSV file')
    .regex(/^[A-Za-z0-9+/]*={0,2}$/, 'The file could not be read: upload it again'),
});
export type CsvUploadInput = z.infer<typeof csvUploadSchema>;

/** One problem in an uploaded file: its line (1 is the header) and, when known, the column. */
export const csvRowErrorSchema = z.object({
  line: z.number().int(),
  field: z.string().optional(),
  message: z.string(),
});
export type CsvRowError = z.infer<typeof csvRowErrorSchema>;

export const memberImportRowSchema = z.object({
  line: z.number().int(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phoneNumber: z.string().nullable(),
  membershipId: z.string().nullable(),
  joinedOn: z.string().nullable(),
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
export const memberImportResponseSchema = successEnvelope(
  z.object({ imported: z.number().int(), members: z.array(adminMemberSchema) }),
);
export type MemberImportResponse = z.infer<typeof memberImportResponseSchema>;

/**
 * POST /admin/users/{id}/sessions/end: every sign-in of the member ended (ASVS V7.4.5,
 * decision 082); `ended` counts the sign-ins that were still open.
 */
export const adminEndSessionsResponseSchema = successEnvelope(
  z.object({ ended: z.number().int() }),
);
export type AdminEndSessionsResponse = z.infer<typeof adminEndSessionsResponseSchema>;

/* ------------------------------------------------------------------ payroll */

export const PAYROLL_ROW_STATUSES = ['new', 'already_posted', 'error'] as const;
export type PayrollRowStatus = (typeof PAYROLL_ROW_STATUSES)[number];

export const payrollRowSchema = z.object({
  line: z.number().int(),
  membershipId: z.string(),
  memberName: z.string().nullable(),
  month: z.string(),
  savings: z.number(),
  shares: z.number(),
  total: z.number(),
  /** The loan repayment of the optional `repayment` column (0 when none). */
  repayment: z.number(),
  /** The running loan the repayment goes to ('LN-000123'), when there is one. */
  loanNumber: z.string().nullable(),
  status: z.enum(PAYROLL_ROW_STATUSES),
  errors: z.array(z.string()),
});
export type PayrollRow = z.infer<typeof payrollRowSchema>;

export const payrollTotalsSchema = z.object({
  rows: z.number().int(),
  members: z.number().int(),
  newRows: z.number().int(),
  alreadyPosted: z.number().int(),
  errorRows: z.number().int(),
  /** Of the rows that would be posted. */
  savings: z.number(),
  shares: z.number(),
  total: z.number(),
  repayments: z.number(),
});

export const payrollPreviewSchema = z.object({
  fileName: z.string(),
  month: z.string().nullable(),
  rows: z.array(payrollRowSchema),
  errors: z.array(csvRowErrorSchema),
  totals: payrollTotalsSchema,
});
export type PayrollPreview = z.infer<typeof payrollPreviewSchema>;
export const payrollPreviewResponseSchema = successEnvelope(payrollPreviewSchema);
export type PayrollPreviewResponse = z.infer<typeof payrollPreviewResponseSchema>;

export const payrollPostResponseSchema = successEnvelope(
  z.object({
    month: z.string(),
    posted: z.number().int(),
    alreadyPosted: z.number().int(),
    savings: z.number(),
    shares: z.number(),
    total: z.number(),
    repayments: z.number(),
  }),
);
export type PayrollPostResponse = z.infer<typeof payrollPostResponseSchema>;

/* ------------------------------------------------------------------ disputes */

export const disputeSchema = z.object({
  id: z.string(),
  member: z.object({
    id: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    membershipId: z.string(),
  }),
  contributionMonth: z.string(),
  savingsAmount: z.number(),
  shareHoldingAmount: z.number(),
  totalAmount: z.number(),
  status: z.enum(CONTRIBUTION_STATUSES),
  disputeReason: z.string().nullable(),
  disputeDate: isoDateTimeSchema.nullable(),
  resolutionNote: z.string().nullable(),
  resolvedAt: isoDateTimeSchema.nullable(),
});
export type Dispute = z.infer<typeof disputeSchema>;

export const disputeListQuerySchema = filteredListQuery({
  sortFields: ['disputeDate', 'contributionMonth'],
  defaults: { sortBy: 'disputeDate', sortOrder: 'asc', limit: 25 },
  filters: {
    ...searchFilter,
    status: z.enum(DISPUTE_QUEUE_STATUSES).default('disputed'),
    ...dateRangeFilters,
  },
});
export type DisputeListQuery = z.infer<typeof disputeListQuerySchema>;
export const disputeListResponseSchema = listEnvelope(disputeSchema);
export type DisputeListResponse = z.infer<typeof disputeListResponseSchema>;

const amountSchema = (label: string) =>
  z
    .number({ error: `${label} must be a number` })
    .min(0, `${label} cannot be negative`)
    .max(50_000_000, `${label} cannot exceed ₦50,000,000`)
    .refine(isWholeKobo, `${label} must be in naira and kobo`);

/**
 * POST /admin/contributions/{id}/resolve: a note, and when the member was right the amounts
 * that were really deducted; the difference is posted as an adjusting ledger transaction.
 */
export const resolveDisputeSchema = z
  .strictObject({
    note: z
      .string({ error: 'A resolution note is required' })
      .trim()
      .min(
        DISPUTE_NOTE_MIN_LENGTH,
        `The note must be at least ${DISPUTE_NOTE_MIN_LENGTH} characters`,
      )
      .max(DISPUTE_NOTE_MAX_LENGTH, `The note cannot exceed ${DISPUTE_NOTE_MAX_LENGTH} characters`),
    memberWasRight: z.boolean(),
    correctedSavings: amountSchema('Corrected savings').optional(),
    correctedShares: amountSchema('Corrected share holding').optional(),
  })
  .superRefine((input, ctx) => {
    if (!input.memberWasRight) return;
    if (input.correctedSavings === undefined) {
      ctx.addIssue({
        code: 'custom',
        path: ['correctedSavings'],
        message: 'Enter the savings amount that was really deducted',
      });
    }
    if (input.correctedShares === undefined) {
      ctx.addIssue({
        code: 'custom',
        path: ['correctedShares'],
        message: 'Enter the share holding amount that was really deducted',
      });
    }
  });
export type ResolveDisputeInput = z.infer<typeof resolveDisputeSchema>;
export const disputeResponseSchema = successEnvelope(disputeSchema);
export type DisputeResponse = z.infer<typeof disputeResponseSchema>;

/* ------------------------------------------------------------------ audit */

export const auditEntrySchema = z.object({
  id: z.number().int(),
  occurredAt: isoDateTimeSchema,
  actor: z
    .object({
      id: z.string(),
      name: z.string(),
      membershipId: z.string(),
    })
    .nullable(),
  action: z.string(),
  entityType: z.string().nullable(),
  entityId: z.string().nullable(),
  before: z.unknown(),
  after: z.unknown(),
  ip: z.string().nullable(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const auditListQuerySchema = filteredListQuery({
  sortFields: ['occurredAt'],
  defaults: { sortBy: 'occurredAt', sortOrder: 'desc', limit: 25 },
  filters: {
    /** The actor's name, e-mail or membership ID. */
    actor: z.string().trim().max(100).optional(),
    action: z.string().trim().max(100).optional(),
    entityType: z.string().trim().max(50).optional(),
    entityId: z.string().trim().max(100).optional(),
    ...dateRangeFilters,
  },
});
export type AuditListQuery = z.infer<typeof auditListQuerySchema>;
export const auditListResponseSchema = listEnvelope(auditEntrySchema);
export type AuditListResponse = z.infer<typeof auditListResponseSchema>;

/* ------------------------------------------------------------------ reconciliation */

export const reconciliationQuerySchema = z
  .object({ startDate: isoDateSchema.optional(), endDate: isoDateSchema.optional() })
  .refine((query) => !query.startDate || !query.endDate || query.startDate <= query.endDate, {
    message: 'Start date must be on or before end date',
    path: ['endDate'],
  });
export type ReconciliationQuery = z.infer<typeof reconciliationQuerySchema>;

export const reconciliationSchema = z.object({
  asOf: isoDateTimeSchema,
  trialBalance: z.object({
    accounts: z.array(
      z.object({
        account: z.string(),
        type: z.string(),
        description: z.string(),
        debit: z.number(),
        credit: z.number(),
      }),
    ),
    totalDebit: z.number(),
    totalCredit: z.number(),
    balanced: z.boolean(),
  }),
  projection: z.object({
    members: z.number().int(),
    mismatches: z.array(
      z.object({
        userId: z.string(),
        membershipId: z.string().nullable(),
        projected: z
          .object({ savings: z.number(), shares: z.number(), loans: z.number() })
          .nullable(),
        ledger: z.object({ savings: z.number(), shares: z.number(), loans: z.number() }),
      }),
    ),
    matches: z.boolean(),
  }),
  cashFlow: z.object({
    startDate: isoDateSchema,
    endDate: isoDateSchema,
    moneyIn: z.number(),
    moneyOut: z.number(),
    net: z.number(),
    byKind: z.array(z.object({ kind: z.string(), moneyIn: z.number(), moneyOut: z.number() })),
  }),
});
export type Reconciliation = z.infer<typeof reconciliationSchema>;
export const reconciliationResponseSchema = successEnvelope(reconciliationSchema);
export type ReconciliationResponse = z.infer<typeof reconciliationResponseSchema>;
