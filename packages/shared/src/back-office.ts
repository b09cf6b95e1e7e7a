/**
 * What belongs to no one domain of the back office: the overview and the reconciliation.
 * Amounts are naira, as everywhere in the API.
 */
import { z } from 'zod';
import { isoDateSchema, isoDateTimeSchema } from './date-schemas.js';
import { successEnvelope } from './http.js';
import { payrollMonthReconciliationSchema } from './payroll-remittances.js';

/**
 * The overview's queues of work waiting for an administrator. Each opens its page on the records
 * waiting (the overview); the sidebar counts those that are a page of their own beside it.
 */
export const ADMIN_QUEUE_KEYS = [
  'disputes',
  'loansToDisburse',
  'disbursementsToApprove',
  'overdueInstalments',
  'withdrawals',
  'depositNotices',
  'deductionChanges',
  'approvals',
] as const;
export type AdminQueueKey = (typeof ADMIN_QUEUE_KEYS)[number];

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
  /**
   * Posted payroll months a group has not yet remitted in full, oldest first: the first few, and
   * how many there are (docs/decisions/157-payroll-remittances.md).
   */
  payrollNotRemitted: z.object({
    count: z.number().int(),
    months: z.array(payrollMonthReconciliationSchema),
  }),
  /** Work waiting for an administrator. */
  queues: z.array(
    z.object({ key: z.enum(ADMIN_QUEUE_KEYS), label: z.string(), count: z.number().int() }),
  ),
});
export type AdminOverview = z.infer<typeof adminOverviewSchema>;
export const adminOverviewResponseSchema = successEnvelope(adminOverviewSchema);
export type AdminOverviewResponse = z.infer<typeof adminOverviewResponseSchema>;

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
  /**
   * The payroll receivable's ledger balance against what the posted months still owe: equal while
   * every posting and remittance went through the ledger with its row (decision 157).
   */
  payrollReceivable: z.object({
    receivable: z.number(),
    outstanding: z.number(),
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
