/**
 * Payroll deductions (docs/decisions/150-payroll-cycle.md): payroll groups, members' deduction
 * instructions, their change requests, and the member's page of posted months. Amounts are naira,
 * as the JSON API speaks (decision 001). Statuses, rules and texts are zod-free in
 * deduction-rules.ts.
 */
import { z } from 'zod';
import { AMOUNT_TOO_LARGE, DEFAULT_PAGE_SIZE, MAX_AMOUNT_NAIRA } from './constants.js';
import { isoDateTimeSchema, isoMonthSchema } from './date-schemas.js';
import { adminRejectSchema } from './decision-reasons.js';
import {
  booleanQuerySchema,
  filteredListQuery,
  idSchema,
  listEnvelope,
  searchFilter,
  successEnvelope,
  withoutControlCharacters,
  CONTROL_CHARACTERS_MESSAGE,
} from './http.js';
import { adminMemberRefSchema } from './members.js';
import { isWholeKobo } from './money.js';
import {
  CHANGE_REQUEST_STATUSES,
  DEDUCTION_MESSAGES,
  INSTRUCTION_SOURCES,
  REMITTANCE_STATES,
  VARIANCE_KINDS,
} from './deduction-rules.js';

export * from './deduction-rules.js';

/** A monthly amount in naira: 0 or more, whole kobo. */
export const monthlyAmountSchema = (label: string) =>
  z
    .number({ error: `Enter the monthly ${label} in naira` })
    .min(0, `${label[0]?.toUpperCase()}${label.slice(1)} cannot be negative`)
    .max(MAX_AMOUNT_NAIRA, AMOUNT_TOO_LARGE)
    .refine(isWholeKobo, 'Use at most two decimals (kobo)');

/* ------------------------------------------------------------------ payroll groups */

/** A group's code as officers and files write it ('MOF-HQ'): kept as typed, upper case. */
export const payrollGroupCodeSchema = z
  .string({ error: 'Enter the group’s code' })
  .trim()
  .toUpperCase()
  .regex(
    /^[A-Z0-9][A-Z0-9-]{0,19}$/,
    'The code uses letters, digits and hyphens (1 to 20 characters)',
  );
const groupNameSchema = z
  .string({ error: 'Enter the group’s name' })
  .trim()
  .min(2, 'Enter the group’s name')
  .max(120, 'The name cannot exceed 120 characters')
  .refine(withoutControlCharacters, CONTROL_CHARACTERS_MESSAGE);

export const payrollGroupSchema = z.object({
  id: idSchema,
  code: z.string(),
  name: z.string(),
  /** Members whose instruction for the current month names this group. */
  members: z.number().int(),
  createdAt: isoDateTimeSchema,
});
export type PayrollGroup = z.infer<typeof payrollGroupSchema>;
/** A group as other payroll answers name it (schedules, remittances, reconciliation). */
export const payrollGroupRefSchema = payrollGroupSchema.pick({ id: true, code: true, name: true });
export type PayrollGroupRef = z.infer<typeof payrollGroupRefSchema>;
export const payrollGroupListResponseSchema = successEnvelope(z.array(payrollGroupSchema));
export type PayrollGroupListResponse = z.infer<typeof payrollGroupListResponseSchema>;
export const payrollGroupResponseSchema = successEnvelope(payrollGroupSchema);
export type PayrollGroupResponse = z.infer<typeof payrollGroupResponseSchema>;

/** POST /admin/payroll/groups */
export const createPayrollGroupSchema = z.strictObject({
  code: payrollGroupCodeSchema,
  name: groupNameSchema,
});
export type CreatePayrollGroupInput = z.input<typeof createPayrollGroupSchema>;

/** PUT /admin/payroll/groups/{id}: the name only; the code is what files carry, so it stays. */
export const renamePayrollGroupSchema = z.strictObject({ name: groupNameSchema });
export type RenamePayrollGroupInput = z.input<typeof renamePayrollGroupSchema>;

/* ------------------------------------------------------------------ instructions */

const groupRefSchema = z.object({ id: idSchema, code: z.string(), name: z.string() });

export const deductionInstructionSchema = z.object({
  id: idSchema,
  payrollGroup: groupRefSchema,
  staffNumber: z.string(),
  savingsAmount: z.number(),
  shareAmount: z.number(),
  totalAmount: z.number(),
  /** 'yyyy-MM': the first payroll month it applies to. */
  effectiveMonth: z.string(),
  source: z.enum(INSTRUCTION_SOURCES),
  /** Who set it: the officer, or null for the policy, the demo and the member's own request. */
  createdBy: z.string().nullable(),
  createdAt: isoDateTimeSchema,
});
export type DeductionInstruction = z.infer<typeof deductionInstructionSchema>;

export const staffNumberSchema = z
  .string({ error: 'Enter the staff number' })
  .trim()
  .min(1, 'Enter the staff number')
  .max(40, 'The staff number cannot exceed 40 characters')
  .refine(withoutControlCharacters, CONTROL_CHARACTERS_MESSAGE);

/** PUT /admin/payroll/instructions/{userId}: a new row of the member's instruction history. */
export const setInstructionSchema = z.strictObject({
  payrollGroupId: z.guid({ error: DEDUCTION_MESSAGES.unknownGroup }),
  staffNumber: staffNumberSchema,
  savingsAmount: monthlyAmountSchema('savings'),
  shareAmount: monthlyAmountSchema('shares'),
  effectiveMonth: isoMonthSchema,
});
export type SetInstructionInput = z.input<typeof setInstructionSchema>;

/** GET /admin/payroll/instructions: members with the instruction in effect this month. */
export const instructionListQuerySchema = filteredListQuery({
  sortFields: ['lastName', 'membershipId', 'staffNumber'],
  defaults: { sortBy: 'lastName', sortOrder: 'asc', limit: 25 },
  filters: {
    ...searchFilter,
    payrollGroupId: idSchema.optional(),
    /** Only members with (true) or without (false) an instruction this month. */
    hasInstruction: booleanQuerySchema.optional(),
  },
});
export type InstructionListQuery = z.infer<typeof instructionListQuerySchema>;

export const instructionListItemSchema = z.object({
  member: adminMemberRefSchema,
  instruction: deductionInstructionSchema.nullable(),
});
export type InstructionListItem = z.infer<typeof instructionListItemSchema>;
export const instructionListResponseSchema = listEnvelope(instructionListItemSchema);
export type InstructionListResponse = z.infer<typeof instructionListResponseSchema>;

/* ------------------------------------------------------------------ change requests */

export const changeRequestSchema = z.object({
  id: idSchema,
  savingsAmount: z.number(),
  shareAmount: z.number(),
  effectiveMonth: z.string(),
  status: z.enum(CHANGE_REQUEST_STATUSES),
  autoApproved: z.boolean(),
  decidedAt: isoDateTimeSchema.nullable(),
  rejectionReason: z.string().nullable(),
  createdAt: isoDateTimeSchema,
});
export type ChangeRequest = z.infer<typeof changeRequestSchema>;
export const changeRequestResponseSchema = successEnvelope(changeRequestSchema);
export type ChangeRequestResponse = z.infer<typeof changeRequestResponseSchema>;

/** POST /users/deductions/change-requests: the new monthly amounts (minimums checked by policy). */
export const changeRequestInputSchema = z.strictObject({
  savingsAmount: monthlyAmountSchema('savings'),
  shareAmount: monthlyAmountSchema('shares'),
});
export type ChangeRequestInput = z.input<typeof changeRequestInputSchema>;

/** The form's schema: the request's rules plus the policy's minimums, so the form says it first. */
export function changeRequestFormSchema(minimums: { savings: number; shares: number }) {
  return z.strictObject({
    savingsAmount: monthlyAmountSchema('savings').refine(
      (amount) => amount >= minimums.savings,
      `Savings must be at least ₦${minimums.savings.toLocaleString('en-NG')} a month`,
    ),
    shareAmount: monthlyAmountSchema('shares').refine(
      (amount) => amount >= minimums.shares,
      `Shares must be at least ₦${minimums.shares.toLocaleString('en-NG')} a month`,
    ),
  });
}

/** The officer's queue: the request with its member and the instruction it would change. */
export const adminChangeRequestSchema = changeRequestSchema.extend({
  member: adminMemberRefSchema,
  current: z.object({ savingsAmount: z.number(), shareAmount: z.number() }).nullable(),
  decidedBy: z.object({ id: z.string(), name: z.string() }).nullable(),
});
export type AdminChangeRequest = z.infer<typeof adminChangeRequestSchema>;
export const adminChangeRequestResponseSchema = successEnvelope(adminChangeRequestSchema);
export type AdminChangeRequestResponse = z.infer<typeof adminChangeRequestResponseSchema>;

/** GET /admin/payroll/change-requests: pending first in the queue, oldest first (who waited longest). */
export const adminChangeRequestListQuerySchema = filteredListQuery({
  sortFields: ['createdAt'],
  defaults: { sortBy: 'createdAt', sortOrder: 'asc', limit: 25 },
  filters: { ...searchFilter, status: z.enum(CHANGE_REQUEST_STATUSES).optional() },
});
export type AdminChangeRequestListQuery = z.infer<typeof adminChangeRequestListQuerySchema>;
export const adminChangeRequestListResponseSchema = listEnvelope(adminChangeRequestSchema);
export type AdminChangeRequestListResponse = z.infer<typeof adminChangeRequestListResponseSchema>;

/** POST /admin/payroll/change-requests/{id}/reject */
export const rejectChangeRequestSchema = adminRejectSchema;

/* ------------------------------------------------------------------ one member's instruction */

export const instructionDetailSchema = z.object({
  /** In effect for the current payroll month. */
  current: deductionInstructionSchema.nullable(),
  /** Set for a later month, not in effect yet. */
  upcoming: deductionInstructionSchema.nullable(),
  /** Every row, the latest effective month first. */
  history: z.array(deductionInstructionSchema),
});

/** GET /admin/payroll/instructions/{userId} */
export const adminInstructionDetailSchema = instructionDetailSchema.extend({
  member: adminMemberRefSchema,
  openRequest: changeRequestSchema.nullable(),
  /** The month a new instruction starts in when the officer does not choose (the cut-off's). */
  defaultEffectiveMonth: z.string(),
});
export type AdminInstructionDetail = z.infer<typeof adminInstructionDetailSchema>;
export const adminInstructionDetailResponseSchema = successEnvelope(adminInstructionDetailSchema);
export type AdminInstructionDetailResponse = z.infer<typeof adminInstructionDetailResponseSchema>;

/* ------------------------------------------------------------------ the member's page */

/** GET /users/deductions: the instruction, its history, requests and the policy's terms. */
export const myDeductionsSchema = instructionDetailSchema.extend({
  /** The open request, then the latest decided ones (at most 5 in all), newest first. */
  requests: z.array(changeRequestSchema),
  policy: z.object({
    minSavings: z.number(),
    minShares: z.number(),
    changeCutOffDay: z.number().int(),
    /** The month a change asked for today would start in. */
    nextChangeMonth: z.string(),
  }),
});
export type MyDeductions = z.infer<typeof myDeductionsSchema>;
export const myDeductionsResponseSchema = successEnvelope(myDeductionsSchema);
export type MyDeductionsResponse = z.infer<typeof myDeductionsResponseSchema>;

/** One posted payroll month of the member: expected, deducted, and whether it was paid over. */
export const deductionMonthSchema = z.object({
  month: z.string(),
  expectedAmount: z.number(),
  deductedAmount: z.number(),
  /** Deducted minus expected: negative when short. */
  difference: z.number(),
  kind: z.enum(VARIANCE_KINDS),
  remittance: z.enum(REMITTANCE_STATES),
});
export type DeductionMonth = z.infer<typeof deductionMonthSchema>;

/** GET /users/deductions/months: posted months, newest first. */
export const deductionMonthListQuerySchema = filteredListQuery({
  sortFields: ['month'],
  defaults: { sortBy: 'month', sortOrder: 'desc', limit: DEFAULT_PAGE_SIZE },
});
export type DeductionMonthListQuery = z.infer<typeof deductionMonthListQuerySchema>;
export const deductionMonthListResponseSchema = listEnvelope(deductionMonthSchema);
export type DeductionMonthListResponse = z.infer<typeof deductionMonthListResponseSchema>;
