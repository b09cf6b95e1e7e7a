/**
 * Loans in the back office (issue 9 item 6): the pipeline, one loan's full history, and the
 * administrator's actions (disburse with maker-checker, record a repayment, mark defaulted).
 * Amounts are naira, as everywhere in the API.
 */
import { z } from 'zod';
import { auditEntrySchema } from './admin.js';
import { isoDateSchema, isoDateTimeSchema } from './date-schemas.js';
import {
  booleanQuerySchema,
  dateRangeFilters,
  filteredListQuery,
  listEnvelope,
  searchFilter,
  successEnvelope,
} from './http.js';
import { loanSchema, loanStatusSchema } from './loans.js';
import {
  ADMIN_LOAN_REASON_MAX_LENGTH,
  ADMIN_LOAN_REASON_MIN_LENGTH,
  ADMIN_LOAN_STATUS_FILTERS,
  DISBURSEMENT_METHODS,
  DISBURSEMENT_REQUEST_STATUSES,
  MANUAL_REPAYMENT_METHODS,
  REPAYMENT_MAX_NAIRA,
} from './admin-loan-texts.js';
export * from './admin-loan-texts.js';
import { isWholeKobo } from './money.js';

const memberRefSchema = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  membershipId: z.string(),
});

/** One row of the pipeline. */
export const adminLoanListItemSchema = z.object({
  id: z.string(),
  loanId: z.string(),
  member: memberRefSchema,
  purpose: z.string(),
  requestedAmount: z.number(),
  disbursementAmount: z.number(),
  repaymentTermMonths: z.number().int(),
  outstandingBalance: z.number(),
  status: loanStatusSchema,
  requestDate: isoDateTimeSchema,
  disbursedAt: isoDateTimeSchema.nullable(),
  /** A disbursement request is waiting for a second administrator. */
  awaitingSecondApproval: z.boolean(),
  overdueInstalments: z.number().int(),
});
export type AdminLoanListItem = z.infer<typeof adminLoanListItemSchema>;

/** GET /admin/loans: the pipeline, newest request first; filters by status, overdue, search, date. */
export const adminLoanListQuerySchema = filteredListQuery({
  sortFields: ['requestDate', 'requestedAmount'],
  defaults: { sortBy: 'requestDate', sortOrder: 'desc', limit: 25 },
  filters: {
    ...searchFilter,
    status: z.enum(ADMIN_LOAN_STATUS_FILTERS).optional(),
    overdue: booleanQuerySchema.optional(),
    ...dateRangeFilters,
  },
});
export type AdminLoanListQuery = z.infer<typeof adminLoanListQuerySchema>;
export const adminLoanListResponseSchema = listEnvelope(adminLoanListItemSchema);
export type AdminLoanListResponse = z.infer<typeof adminLoanListResponseSchema>;

const personSchema = z.object({ id: z.string(), name: z.string() });

export const disbursementRequestSchema = z.object({
  id: z.string(),
  amount: z.number(),
  disbursementDate: isoDateSchema,
  method: z.enum(DISBURSEMENT_METHODS),
  status: z.enum(DISBURSEMENT_REQUEST_STATUSES),
  requestedBy: personSchema,
  requestedAt: isoDateTimeSchema,
  decidedBy: personSchema.nullable(),
  decidedAt: isoDateTimeSchema.nullable(),
  rejectionReason: z.string().nullable(),
});
export type DisbursementRequest = z.infer<typeof disbursementRequestSchema>;

/** GET /admin/loans/{id}: everything that happened to one loan. */
export const adminLoanDetailSchema = z.object({
  loan: loanSchema,
  member: memberRefSchema.extend({ email: z.string() }),
  disbursementAmount: z.number(),
  fees: z.number(),
  disbursement: z
    .object({
      disbursedAt: isoDateTimeSchema,
      disbursedBy: personSchema.nullable(),
      method: z.enum(DISBURSEMENT_METHODS).nullable(),
    })
    .nullable(),
  /** The policy threshold: a disbursement above it needs a second administrator. */
  secondApprovalAbove: z.number(),
  needsSecondApproval: z.boolean(),
  disbursementRequests: z.array(disbursementRequestSchema),
  guarantors: z.array(
    z.object({
      id: z.string(),
      member: memberRefSchema,
      guaranteeAmount: z.number(),
      frozenAmount: z.number(),
      status: z.enum(['pending', 'accepted', 'rejected']),
      responseDate: isoDateTimeSchema.nullable(),
      rejectionReason: z.string().nullable(),
      replaced: z.boolean(),
    }),
  ),
  certifications: z.array(
    z.object({
      id: z.string(),
      reviewer: personSchema,
      decision: z.enum(['approve', 'reject']),
      note: z.string().nullable(),
      certifiedAt: isoDateTimeSchema,
    }),
  ),
  repayments: z.array(
    z.object({
      id: z.string(),
      amount: z.number(),
      paymentDate: isoDateSchema,
      paymentMethod: z.enum(['payroll', 'bank_transfer', 'cash']),
      reference: z.string().nullable(),
      repaymentType: z.enum(['regular', 'partial', 'full']),
      isEarlyPayment: z.boolean(),
      newBalance: z.number(),
      recordedBy: personSchema.nullable(),
      createdAt: isoDateTimeSchema,
    }),
  ),
  ledger: z.array(
    z.object({
      id: z.string(),
      kind: z.string(),
      description: z.string(),
      effectiveDate: isoDateSchema,
      /** What moved on the member's loan account: positive when the member owes more. */
      amount: z.number(),
      createdAt: isoDateTimeSchema,
    }),
  ),
  audit: z.array(auditEntrySchema),
});
export type AdminLoanDetail = z.infer<typeof adminLoanDetailSchema>;
export const adminLoanDetailResponseSchema = successEnvelope(adminLoanDetailSchema);
export type AdminLoanDetailResponse = z.infer<typeof adminLoanDetailResponseSchema>;

const reasonSchema = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(
      ADMIN_LOAN_REASON_MIN_LENGTH,
      `${label} must be at least ${ADMIN_LOAN_REASON_MIN_LENGTH} characters`,
    )
    .max(
      ADMIN_LOAN_REASON_MAX_LENGTH,
      `${label} cannot exceed ${ADMIN_LOAN_REASON_MAX_LENGTH} characters`,
    );

/** POST /admin/loans/{id}/disburse */
export const disburseLoanSchema = z.strictObject({
  disbursementDate: isoDateSchema,
  method: z.enum(DISBURSEMENT_METHODS, { error: 'Choose how the loan is paid out' }),
});
export type DisburseLoanInput = z.infer<typeof disburseLoanSchema>;

/** POST /admin/loans/{id}/disbursement/reject */
export const rejectDisbursementSchema = z.strictObject({ reason: reasonSchema('The reason') });
export type RejectDisbursementInput = z.infer<typeof rejectDisbursementSchema>;

/** POST /admin/loans/{id}/repayments: a manual repayment. */
export const adminRepaymentSchema = z.strictObject({
  amount: z
    .number({ error: 'Amount must be a number' })
    .positive('Amount must be above zero')
    .max(REPAYMENT_MAX_NAIRA, 'Amount cannot exceed ₦50,000,000')
    .refine(isWholeKobo, 'Amount must be in naira and kobo'),
  paymentDate: isoDateSchema,
  method: z.enum(MANUAL_REPAYMENT_METHODS, { error: 'Choose how the member paid' }),
  reference: z
    .string({ error: 'The payment reference is required' })
    .trim()
    .min(1, 'The payment reference is required')
    .max(100, 'The reference cannot exceed 100 characters'),
});
export type AdminRepaymentInput = z.infer<typeof adminRepaymentSchema>;

/** POST /admin/loans/{id}/default */
export const markDefaultedSchema = z.strictObject({ reason: reasonSchema('The reason') });
export type MarkDefaultedInput = z.infer<typeof markDefaultedSchema>;
