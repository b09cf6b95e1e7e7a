/**
 * The deduction schedule out (docs/decisions/150-payroll-cycle.md; docs/business-rules.md "The
 * deduction schedule"): generate a payroll month's schedules, list them, read one with its changes
 * and its lines. Amounts in naira. The file format and words are zod-free in
 * payroll-schedule-rules.ts.
 */
import { z } from 'zod';
import { payrollGroupRefSchema } from './deductions.js';
import { isoMonthSchema } from './date-schemas.js';
import {
  filteredListQuery,
  idSchema,
  listEnvelope,
  searchFilter,
  successEnvelope,
} from './http.js';
import { SCHEDULE_CHANGE_KINDS } from './payroll-schedule-rules.js';

export * from './payroll-schedule-rules.js';

/** POST /admin/payroll/schedules: every group's schedule for the month, or one group's. */
export const generateSchedulesSchema = z.strictObject({
  month: isoMonthSchema,
  payrollGroupId: idSchema.optional(),
});
export type GenerateSchedulesInput = z.infer<typeof generateSchedulesSchema>;

/** GET /admin/payroll/schedules?month= */
export const scheduleListQuerySchema = z.object({ month: isoMonthSchema });
export type ScheduleListQuery = z.infer<typeof scheduleListQuerySchema>;

/** One version of one group's schedule, with its totals. */
export const scheduleSummarySchema = z.object({
  id: z.string(),
  month: z.string(),
  payrollGroup: payrollGroupRefSchema,
  version: z.number().int(),
  members: z.number().int(),
  savings: z.number(),
  shares: z.number(),
  instalments: z.number(),
  fines: z.number(),
  total: z.number(),
  generatedAt: z.string(),
  /** The officer's name; null for the system. */
  generatedBy: z.string().nullable(),
  /** Set once the month's actuals are posted against this version: it is final. */
  postedAt: z.string().nullable(),
  /** How many changes since the schedule compared with (see `baseline`). */
  changeCount: z.number().int(),
});
export type ScheduleSummary = z.infer<typeof scheduleSummarySchema>;

export const scheduleListSchema = z.object({
  month: z.string(),
  schedules: z.array(scheduleSummarySchema),
});
export type ScheduleList = z.infer<typeof scheduleListSchema>;
export const scheduleListResponseSchema = successEnvelope(scheduleListSchema);
export type ScheduleListResponse = z.infer<typeof scheduleListResponseSchema>;

/** What a generation did: the new versions, and the groups left alone because they are posted. */
export const generateSchedulesResultSchema = z.object({
  month: z.string(),
  schedules: z.array(scheduleSummarySchema),
  skipped: z.array(z.object({ payrollGroup: payrollGroupRefSchema, reason: z.string() })),
});
export type GenerateSchedulesResult = z.infer<typeof generateSchedulesResultSchema>;
export const generateSchedulesResponseSchema = successEnvelope(generateSchedulesResultSchema);

/** One change for one member, in words ("Savings raised from ₦20,000 to ₦25,000"). */
export const scheduleChangeSchema = z.object({
  userId: z.string(),
  membershipId: z.string(),
  memberName: z.string(),
  kind: z.enum(SCHEDULE_CHANGE_KINDS),
  text: z.string(),
});
export type ScheduleChange = z.infer<typeof scheduleChangeSchema>;

/** GET /admin/payroll/schedules/:id: the version, what it is compared with, and the changes. */
export const scheduleDetailSchema = z.object({
  schedule: scheduleSummarySchema,
  /**
   * The schedule the changes are counted from: the previous version of the month, or for a
   * month's first version the group's last posted month; null when there is none.
   */
  baseline: z.object({ id: z.string(), month: z.string(), version: z.number().int() }).nullable(),
  changes: z.array(scheduleChangeSchema),
});
export type ScheduleDetail = z.infer<typeof scheduleDetailSchema>;
export const scheduleDetailResponseSchema = successEnvelope(scheduleDetailSchema);
export type ScheduleDetailResponse = z.infer<typeof scheduleDetailResponseSchema>;

/** GET /admin/payroll/schedules/:id/lines: one member's expected deductions. */
export const scheduleLineSchema = z.object({
  /** The member's id: a schedule has one line per member. */
  id: z.string(),
  membershipId: z.string(),
  memberName: z.string(),
  staffNumber: z.string(),
  savings: z.number(),
  shares: z.number(),
  instalment: z.number(),
  /** The loan the instalment is for ('LN-000123'); null without one. */
  loanNumber: z.string().nullable(),
  fines: z.number(),
  total: z.number(),
});
export type ScheduleLine = z.infer<typeof scheduleLineSchema>;

export const scheduleLineListQuerySchema = filteredListQuery({
  sortFields: ['membershipId', 'memberName', 'staffNumber', 'total'],
  defaults: { sortBy: 'membershipId', sortOrder: 'asc' },
  filters: searchFilter,
});
export type ScheduleLineListQuery = z.infer<typeof scheduleLineListQuerySchema>;
export const scheduleLineListResponseSchema = listEnvelope(scheduleLineSchema);
export type ScheduleLineListResponse = z.infer<typeof scheduleLineListResponseSchema>;
