/**
 * Every scheduled background job of the portal (lib/jobs.ts, decision 060), in one list that
 * the server's job worker runs. A module adds its job here, exported from its service file.
 */
import { housekeepingJob } from './lib/housekeeping.js';
import type { ScheduledJob } from './lib/jobs.js';
import {
  instalmentsDueSoonJob,
  overdueInstalmentsJob,
} from './modules/loans/loan-servicing.service.js';
import { lateRepaymentFinesJob } from './modules/fines/fines.service.js';
import { passwordResetRequestsJob } from './modules/auth/password.service.js';
import { signInLocksJob } from './modules/credentials/sign-in-throttle.service.js';
import { officerJobsJob } from './lib/officer-jobs.js';
import {
  memberImportJobWork,
  useMemberImportInstructions,
} from './modules/members/members.service.js';
import { memberImportInstructions } from './modules/payroll/deductions.service.js';
import { payrollPostJobWork } from './modules/payroll/payroll.service.js';
import { dividendPayJobWork } from './modules/dividends/dividends.service.js';

// A members import writes its rows' deduction instructions through the payroll module, which
// depends on the members module, so the two meet here.
useMemberImportInstructions(memberImportInstructions);

/** The officers' long work (decision 101): each kind's batches, from its module's service. */
export const OFFICER_JOBS = officerJobsJob({
  'members.import': memberImportJobWork,
  'payroll.post': payrollPostJobWork,
  'dividends.pay': dividendPayJobWork,
});

export const SCHEDULED_JOBS: readonly ScheduledJob[] = [
  housekeepingJob,
  overdueInstalmentsJob,
  instalmentsDueSoonJob,
  passwordResetRequestsJob,
  lateRepaymentFinesJob,
  signInLocksJob,
  OFFICER_JOBS,
];
