/**
 * THE SEAM through which modules feed the dashboard (docs/decisions/040-dashboard-and-member-money.md,
 * contract in lib/dashboard-seam.ts).
 *
 * Recent Activity, Pending Actions and two of the summary's totals are not owned by the
 * dashboard: each module says what its own records contribute, as SQL over its own tables plus a
 * mapper, exported by its `*.service.ts`; the dashboard unions the SQL into one statement per
 * widget and maps each row back with its source's mapper. To add a module (say, loan
 * insurance), write its source in its service and append it to a list below; nothing else
 * changes.
 */
import type {
  ActivitySource,
  PendingActionSource,
  SummaryTotal,
} from '../../lib/dashboard-seam.js';
import {
  contributionActivity,
  contributionPendingActions,
} from '../contributions/contributions.service.js';
import { depositNoticeActivity } from '../deposit-notices/deposit-notices.service.js';
import { dividendActivity, dividendsPaidTotal } from '../dividends/dividends.service.js';
import { fineActivity, finePendingActions, pendingFinesTotal } from '../fines/fines.service.js';
import { withdrawalActivity } from '../withdrawals/withdrawals.service.js';
import {
  currentLoan,
  loanNextUp,
  memberLoanActivity,
  memberLoanPendingActions,
} from '../loans/loans.service.js';
import { savingsHistoryFrom, savingsHistorySql } from '../ledger/ledger.service.js';
import { payrollVariancePendingActions } from '../payroll/payroll-variances.service.js';

/** Every module's movements, merged newest first into Recent Activity. */
export const ACTIVITY_SOURCES: readonly ActivitySource[] = [
  contributionActivity,
  withdrawalActivity,
  dividendActivity,
  fineActivity,
  depositNoticeActivity,
  memberLoanActivity,
];

/**
 * Every module's asks of the member, merged by deadline into Pending Actions (none last); asks
 * with the same deadline keep this order, then the source's own.
 */
export const PENDING_ACTION_SOURCES: readonly PendingActionSource[] = [
  contributionPendingActions,
  finePendingActions,
  memberLoanPendingActions,
  payrollVariancePendingActions,
];

/** The financial summary's totals that live outside the balance projection. */
export const SUMMARY_TOTALS = {
  dividends: dividendsPaidTotal,
  fines: pendingFinesTotal,
} satisfies Record<string, SummaryTotal>;

/**
 * What's next and the savings chart (docs/decisions/160-dashboard-leads-with-whats-next.md): each
 * a module's SQL, one JSON column of the same statement, and the mapper of its value.
 */
export const OUTLOOK_SOURCES = {
  nextUp: loanNextUp,
  currentLoan,
  savingsHistory: { fragment: savingsHistorySql, map: savingsHistoryFrom },
};
