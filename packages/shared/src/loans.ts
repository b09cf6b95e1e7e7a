/**
 * Loans: eligibility, calculation, request, review (docs/member-portal.md §2 Loans, §3, §4, §5, §7;
 * docs/business-rules.md).
 */
import { z } from 'zod';
import { memberSummarySchema } from './auth.js';
import {
  DEFAULT_REPAYMENT_TERM_MONTHS,
  DEFAULT_SORTS,
  LOAN_PURPOSE_MAX_LENGTH,
  LOAN_PURPOSE_MIN_LENGTH,
  MAX_GUARANTORS,
  MAX_LOAN_AMOUNT_NAIRA,
  MIN_GUARANTORS,
  NOTE_MAX_LENGTH,
  REPAYMENT_TERMS_MONTHS,
} from './constants.js';
import { isoDateSchema, isoDateTimeSchema } from './date-schemas.js';
import {
  amountRangeFilters,
  booleanQuerySchema,
  dateRangeFilters,
  filteredListQuery,
  idSchema,
  listEnvelope,
  searchFilter,
  successEnvelope,
} from './http.js';
import { formatNaira, isWholeKobo, type Naira } from './money.js';
import { auditEntrySchema } from './audit.js';
import {
  ADMIN_LOAN_REASON_MAX_LENGTH,
  ADMIN_LOAN_REASON_MIN_LENGTH,
  ADMIN_LOAN_STATUS_FILTERS,
  CERTIFICATION_DECISIONS,
  DISBURSEMENT_METHODS,
  DISBURSEMENT_REQUEST_STATUSES,
  GUARANTOR_STATUSES,
  LOAN_STATUSES,
  MANUAL_REPAYMENT_METHODS,
  maxEligibleAmountMessage,
  REPAYMENT_MAX_NAIRA,
  REPAYMENT_STATUSES,
  SCHEDULE_ITEM_STATUSES,
} from './loan-rules.js';
import { adminMemberRefSchema } from './members.js';

// The statuses, transitions, tones, labels and texts the loans pages use live zod-free in
// loan-rules.ts.
export * from './loan-rules.js';

export const loanStatusSchema = z.enum(LOAN_STATUSES);
export const guarantorStatusSchema = z.enum(GUARANTOR_STATUSES);
export const scheduleItemStatusSchema = z.enum(SCHEDULE_ITEM_STATUSES);
export const repaymentStatusSchema = z.enum(REPAYMENT_STATUSES);

export const PAYMENT_METHODS = ['payroll', 'bank_transfer', 'cash'] as const;
export const REPAYMENT_TYPES = ['regular', 'partial', 'full'] as const;

const AMOUNT_REQUIRED = 'Amount is required';
const AMOUNT_NOT_POSITIVE = 'Amount must be a positive number';

/**
 * A loan amount in naira (calculator and wizard). An empty number input (undefined, null or NaN)
 * is "required"; anything else that is not a positive number is "must be a positive number".
 */
export const loanAmountSchema = z
  .number({
    error: (issue) =>
      issue.input === undefined || issue.input === null || Number.isNaN(issue.input)
        ? AMOUNT_REQUIRED
        : AMOUNT_NOT_POSITIVE,
  })
  .positive(AMOUNT_NOT_POSITIVE)
  .max(MAX_LOAN_AMOUNT_NAIRA, `Amount cannot exceed ${formatNaira(MAX_LOAN_AMOUNT_NAIRA)}`)
  .refine(isWholeKobo, 'Amount cannot have more than 2 decimal places');

/**
 * 'Amount cannot exceed your maximum eligible amount of ₦1,200,000'. Rounded down to whole naira
 * so the message never promises more than the member may borrow.
 */

/** The wizard's amount: the loan amount rules plus the member's own maximum. */
export function eligibleLoanAmountSchema(maxEligibleAmount: Naira) {
  return loanAmountSchema.refine(
    (amount) => amount <= maxEligibleAmount,
    maxEligibleAmountMessage(maxEligibleAmount),
  );
}

export const loanPurposeSchema = z
  .string({ error: 'Purpose is required' })
  .trim()
  .min(1, { message: 'Purpose is required', abort: true })
  .min(LOAN_PURPOSE_MIN_LENGTH, `Purpose must be at least ${LOAN_PURPOSE_MIN_LENGTH} characters`)
  .max(LOAN_PURPOSE_MAX_LENGTH, `Purpose cannot exceed ${LOAN_PURPOSE_MAX_LENGTH} characters`);

const REPAYMENT_TERM_MESSAGE = `Repayment term must be ${REPAYMENT_TERMS_MONTHS.slice(0, -1).join(', ')} or ${REPAYMENT_TERMS_MONTHS.at(-1)} months`;

/** 6, 12 or 18 months; 6 when left out. */
export const repaymentTermSchema = z
  .literal(REPAYMENT_TERMS_MONTHS, { error: REPAYMENT_TERM_MESSAGE })
  .default(DEFAULT_REPAYMENT_TERM_MONTHS);

/** Processing fees come out of the loan unless the member says otherwise. */
const deductProcessingFeeSchema = z.boolean().default(true);

/** POST /users/loans/calculate */
export const loanCalculationRequestSchema = z.strictObject({
  requestedAmount: loanAmountSchema,
  repaymentTermMonths: repaymentTermSchema,
  deductProcessingFee: deductProcessingFeeSchema,
});
export type LoanCalculationRequest = z.infer<typeof loanCalculationRequestSchema>;
/** The calculation's terms as a form holds them (the term and the fee choice have defaults). */
export type LoanCalculationFormValues = z.input<typeof loanCalculationRequestSchema>;

export const guarantorIdsSchema = z
  .array(idSchema, { error: `You must select at least ${MIN_GUARANTORS} guarantors` })
  .min(MIN_GUARANTORS, `You must select at least ${MIN_GUARANTORS} guarantors`)
  .max(MAX_GUARANTORS, `You can select a maximum of ${MAX_GUARANTORS} guarantors`)
  .refine((ids) => new Set(ids).size === ids.length, 'Each guarantor can be selected only once');

/** POST /users/loans/request */
export const loanRequestSchema = z.strictObject({
  requestedAmount: loanAmountSchema,
  purpose: loanPurposeSchema,
  repaymentTermMonths: repaymentTermSchema,
  deductProcessingFee: deductProcessingFeeSchema,
  guarantorUserIds: guarantorIdsSchema,
});
export type LoanRequest = z.infer<typeof loanRequestSchema>;
/** The request as the wizard's form holds it. */
export type LoanRequestFormValues = z.input<typeof loanRequestSchema>;

/** POST /users/loans/{id}/certify: the note is optional to approve, required to reject. */
export const certificationSchema = z
  .strictObject({
    decision: z.enum(CERTIFICATION_DECISIONS, { error: 'Choose approve or reject' }),
    note: z
      .string()
      .trim()
      .max(NOTE_MAX_LENGTH, `Note cannot exceed ${NOTE_MAX_LENGTH} characters`)
      .optional(),
  })
  .superRefine(({ decision, note }, ctx) => {
    if (decision === 'reject' && !note) {
      ctx.addIssue({
        code: 'custom',
        message: 'A reason is required to reject a loan',
        path: ['note'],
      });
    }
  });
export type CertificationInput = z.infer<typeof certificationSchema>;

/** POST /users/loans/{id}/certify answers where the loan stands after the certification. */
export const certificationResultSchema = z.object({
  id: idSchema,
  loanId: z.string(),
  status: loanStatusSchema,
  requiredCertifications: z.number().int(),
  remainingCertifications: z.number().int().min(0),
});
export type CertificationResult = z.infer<typeof certificationResultSchema>;
export const certificationResponseSchema = successEnvelope(certificationResultSchema);

/** GET /users/loans/eligibility. `reason` is the first failing rule; `reasons` all of them. */
export const eligibilitySchema = z.object({
  isEligible: z.boolean(),
  maxLoanAmount: z.number().min(0),
  reason: z.string().nullable(),
  reasons: z.array(z.string()),
});
export type Eligibility = z.infer<typeof eligibilitySchema>;
export const eligibilityResponseSchema = successEnvelope(eligibilitySchema);

/** One instalment of a calculation (docs/member-portal.md §3 Loan calculation response). */
export const calculationScheduleItemSchema = z.object({
  month: z.number().int().min(1),
  totalAmount: z.number(),
  principalAmount: z.number(),
  interestAmount: z.number(),
  remainingBalance: z.number(),
  dueDate: isoDateSchema,
});
export type CalculationScheduleItem = z.infer<typeof calculationScheduleItemSchema>;

/**
 * docs/member-portal.md §3 Loan calculation response, in naira; `interestRate` is a percent (5 for
 * 5 %).
 */
export const loanCalculationSchema = z.object({
  calculation: z.object({
    requestedAmount: z.number(),
    disbursementAmount: z.number(),
    monthlyRepayment: z.number(),
    interestRate: z.number(),
    interestAmount: z.number(),
    insuranceFee: z.number(),
    formFee: z.number(),
    totalProcessingFees: z.number(),
    totalRepaymentAmount: z.number(),
    repaymentTermMonths: z.number().int(),
    repaymentSchedule: z.array(calculationScheduleItemSchema),
  }),
  /** Offered on 6-month loans: everything in one payment on the last due date. */
  bulletPayment: z.object({ totalRepaymentAmount: z.number() }).optional(),
});
export type LoanCalculation = z.infer<typeof loanCalculationSchema>;
export const loanCalculationResponseSchema = successEnvelope(loanCalculationSchema);

/**
 * A guarantor on a loan. The spec shows two readings (a populated `guarantorUserId`, and a short
 * variant with the person's fields flat); this shape carries both so either client works.
 */
export const loanGuarantorSchema = memberSummarySchema.extend({
  id: idSchema,
  _id: idSchema,
  guarantorUserId: memberSummarySchema.extend({ _id: idSchema, id: idSchema }),
  guaranteeAmount: z.number(),
  status: guarantorStatusSchema,
  responseDate: isoDateTimeSchema.nullable(),
  /** When the guarantor was asked: a loan's timeline says how long an answer has been awaited. */
  invitationDate: isoDateTimeSchema,
  /**
   * True when this request took the place of a guarantor who rejected: a place is reassigned
   * once, so a replacement who rejects too offers no 'Reassign' (decision 066).
   */
  isReplacement: z.boolean(),
});
export type LoanGuarantor = z.infer<typeof loanGuarantorSchema>;

/** GET /users/loans/{id}/guarantors */
export const loanGuarantorsResponseSchema = successEnvelope(z.array(loanGuarantorSchema));

export const scheduleItemSchema = calculationScheduleItemSchema.extend({
  status: scheduleItemStatusSchema,
});
export type ScheduleItem = z.infer<typeof scheduleItemSchema>;

export const repaymentRecordSchema = z.object({
  id: idSchema,
  amount: z.number(),
  paymentDate: isoDateSchema,
  paymentMethod: z.enum(PAYMENT_METHODS),
  bankDetails: z.object({ bankName: z.string() }).nullable(),
  repaymentType: z.enum(REPAYMENT_TYPES),
  isEarlyPayment: z.boolean(),
  status: repaymentStatusSchema,
  /** Outstanding balance after this payment. */
  newBalance: z.number(),
});
export type RepaymentRecord = z.infer<typeof repaymentRecordSchema>;

/**
 * The facts of a loan's path that its figures do not carry (loan-timeline.ts turns them into
 * steps): the certifications (not who made them), when it went to review, was decided, paid out
 * and repaid, and its instalments paid of total.
 */
export const loanProgressSchema = z.object({
  certificationsRequired: z.number().int(),
  certifications: z.array(
    z.object({ decision: z.enum(CERTIFICATION_DECISIONS), certifiedAt: isoDateTimeSchema }),
  ),
  underReviewAt: isoDateTimeSchema.nullable(),
  decidedAt: isoDateTimeSchema.nullable(),
  rejectionReason: z.string().nullable(),
  disbursementRequestedAt: isoDateTimeSchema.nullable(),
  disbursedAt: isoDateTimeSchema.nullable(),
  repaidAt: isoDateTimeSchema.nullable(),
  instalmentsPaid: z.number().int(),
  instalmentsTotal: z.number().int(),
  nextInstalment: z
    .object({ month: z.number().int(), dueDate: isoDateSchema, amount: z.number() })
    .nullable(),
});
export type LoanProgressShape = z.infer<typeof loanProgressSchema>;

/**
 * docs/member-portal.md §3 Loan. `loanId` is the human reference ('LN-000123'); `interestRate` a
 * percent.
 */
export const loanSchema = z.object({
  id: idSchema,
  loanId: z.string(),
  purpose: z.string(),
  requestedAmount: z.number(),
  approvedAmount: z.number().nullable(),
  repaymentTermMonths: z.number().int(),
  interestRate: z.number(),
  monthlyPayment: z.number(),
  totalRepayment: z.number(),
  outstandingBalance: z.number(),
  status: loanStatusSchema,
  requestDate: isoDateTimeSchema,
  guarantors: z.array(loanGuarantorSchema),
  repaymentSchedule: z.object({
    scheduleItems: z.array(scheduleItemSchema),
    totalRepaymentAmount: z.number(),
    monthlyPaymentAmount: z.number(),
  }),
  repaymentRecords: z.array(repaymentRecordSchema),
  /** The loan's path (docs/business-rules.md "A loan's timeline"). */
  progress: loanProgressSchema,
});
export type Loan = z.infer<typeof loanSchema>;

/** POST /users/loans/request answers the new loan. */
export const loanResponseSchema = successEnvelope(loanSchema);

export const LOAN_SORT_FIELDS = ['requestDate', 'requestedAmount', 'status'] as const;

/**
 * GET /users/loans; `search` matches the loan ID or the purpose (docs/member-portal.md §2) and,
 * when it reads as an amount, the whole-naira amount requested (the top bar's search,
 * docs/business-rules.md).
 */
export const loanListQuerySchema = filteredListQuery({
  sortFields: LOAN_SORT_FIELDS,
  defaults: DEFAULT_SORTS.loans,
  filters: {
    status: loanStatusSchema.optional(),
    ...searchFilter,
    ...dateRangeFilters,
    ...amountRangeFilters,
  },
});
export type LoanListQuery = z.infer<typeof loanListQuerySchema>;
export const loanListResponseSchema = listEnvelope(loanSchema);

/**
 * A loan waiting for reviewers (docs/member-portal.md §3 Under-review loan). Purpose and term are
 * added to the spec's fields: a reviewer should not certify a loan without them.
 */
export const underReviewLoanSchema = z.object({
  id: idSchema,
  loanId: z.string(),
  applicant: memberSummarySchema,
  requestedAmount: z.number(),
  purpose: z.string(),
  repaymentTermMonths: z.number().int(),
  createdAt: isoDateTimeSchema,
  requiredCertifications: z.number().int().min(1),
  remainingCertifications: z.number().int().min(0),
  certifications: z.array(
    z.object({
      reviewerId: idSchema,
      certifiedAt: isoDateTimeSchema,
      note: z.string().nullable(),
    }),
  ),
});
export type UnderReviewLoan = z.infer<typeof underReviewLoanSchema>;

/** GET /users/loans/under-review */
export const underReviewLoanListQuerySchema = filteredListQuery({
  sortFields: ['createdAt', 'requestedAmount'],
  defaults: DEFAULT_SORTS.loansUnderReview,
});
export type UnderReviewLoanListQuery = z.infer<typeof underReviewLoanListQuerySchema>;
export const underReviewLoanListResponseSchema = listEnvelope(underReviewLoanSchema);

/** 'x/y certifications completed' and the progress bar: (required − remaining) / required. */
export function certificationProgress(loan: {
  requiredCertifications: number;
  remainingCertifications: number;
}): { completed: number; required: number; percent: number } {
  const { requiredCertifications: required, remainingCertifications: remaining } = loan;
  const completed = Math.max(0, required - remaining);
  return {
    completed,
    required,
    percent: required > 0 ? Math.round((completed / required) * 100) : 0,
  };
}

/** A reviewer certifies a loan once (docs/member-portal.md §6). */
export function hasCertified(
  loan: { certifications: readonly { reviewerId: string }[] },
  reviewerId: string,
): boolean {
  return loan.certifications.some((certification) => certification.reviewerId === reviewerId);
}

/* ------------------------------------------------------------------ back office */

/** One row of the pipeline. */
export const adminLoanListItemSchema = z.object({
  id: z.string(),
  loanId: z.string(),
  member: adminMemberRefSchema,
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
  member: adminMemberRefSchema.extend({ email: z.string() }),
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
      member: adminMemberRefSchema,
      guaranteeAmount: z.number(),
      frozenAmount: z.number(),
      status: guarantorStatusSchema,
      responseDate: isoDateTimeSchema.nullable(),
      rejectionReason: z.string().nullable(),
      replaced: z.boolean(),
    }),
  ),
  certifications: z.array(
    z.object({
      id: z.string(),
      reviewer: personSchema,
      decision: z.enum(CERTIFICATION_DECISIONS),
      note: z.string().nullable(),
      certifiedAt: isoDateTimeSchema,
    }),
  ),
  repayments: z.array(
    z.object({
      id: z.string(),
      amount: z.number(),
      paymentDate: isoDateSchema,
      paymentMethod: z.enum(PAYMENT_METHODS),
      reference: z.string().nullable(),
      repaymentType: z.enum(REPAYMENT_TYPES),
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
