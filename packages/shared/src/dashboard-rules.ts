/**
 * The dashboard (docs/member-portal.md §2 Dashboard home, §3, §4, §8): activity types, badges,
 * signs, pending-action types and the widgets' texts. Free of zod, so the Dashboard page shares
 * them with the API without downloading the validation library; the schemas are in dashboard.ts.
 */
import { formatShortDate } from './dates.js';
import { formatNaira, type Naira } from './money.js';
import { countOf } from './plurals.js';
import type { NotificationType } from './notifications.js';
import { CONTRIBUTION_STATUS_DISPLAY } from './contribution-statuses.js';
import { DIVIDEND_STATUS_DISPLAY } from './dividend-statuses.js';
import { FINE_STATUS_DISPLAY } from './fine-statuses.js';
import { LOAN_STATUS_DISPLAY } from './loan-statuses.js';
import { statusWords, type StatusDisplay } from './status-tones.js';
import { WITHDRAWAL_STATUS_DISPLAY } from './withdrawal-statuses.js';

export const ACTIVITY_TYPES = ['contribution', 'loan', 'withdrawal', 'dividend', 'fine'] as const;
export type ActivityTypeName = (typeof ACTIVITY_TYPES)[number];

/**
 * The things a member is asked to do: the notification types that call for action, and an
 * overdue loan instalment (its notification is a loan event; the ask is to pay it).
 */
export const PENDING_ACTION_TYPES = [
  'contribution_confirm',
  'guarantor_request',
  'loan_document',
  'fine_payment',
  'loan_review',
  'loan_repayment',
  'payroll_variance',
] as const satisfies readonly (NotificationType | 'loan_repayment')[];

/**
 * How many movements Recent Activity shows (docs/decisions/040-dashboard-and-member-money.md: the
 * newest 10).
 */
export const RECENT_ACTIVITY_LIMIT = 10;

/** The dashboard's texts, as members read them (docs/member-portal.md §2 and §8). */
export const DASHBOARD_MESSAGES = {
  memberFallback: 'Member',
  memberIdLoading: 'Loading...',
  financialFailed: 'Failed to load financial data',
  activityFailed: 'Failed to load recent activity',
  pendingFailed: 'Failed to load pending actions',
  noActivity: 'No recent activity found',
  allCaughtUp: 'All Caught Up!',
  noPendingActions: 'No pending actions require your attention.',
  pendingSubtitle: 'Items that require your attention',
  takeAction: 'Take Action',
  viewAll: 'View All',
  viewHistory: 'View Transaction History',
} as const;

/**
 * A row's domain display, plus what the dashboard's own rule adds: a completed or confirmed
 * record (a verified deposit, a confirmed repayment on a loan row) is done and good, so green.
 */
function withCompleted<S extends string>(display: StatusDisplay<S>): StatusDisplay<string> {
  return {
    tones: { ...display.tones, completed: 'success', confirmed: 'success' },
    labels: display.labels,
  };
}

/**
 * Each activity's statuses as its own domain shows them (docs/decisions/113-status-tones.md): a
 * pending loan in Recent Activity is the amber 'Pending' of My Loans. The small statuses modules,
 * not the domains' rules, so the dashboard loads the maps and nothing more.
 */
export const ACTIVITY_STATUS_DISPLAY: Readonly<Record<ActivityTypeName, StatusDisplay<string>>> = {
  contribution: withCompleted(CONTRIBUTION_STATUS_DISPLAY),
  loan: withCompleted(LOAN_STATUS_DISPLAY),
  withdrawal: withCompleted(WITHDRAWAL_STATUS_DISPLAY),
  dividend: withCompleted(DIVIDEND_STATUS_DISPLAY),
  fine: withCompleted(FINE_STATUS_DISPLAY),
};

/**
 * The activity badge's words (docs/member-portal.md §4): completed and confirmed read
 * 'Completed'; any other status reads as its domain writes it ('Under Review', as on My Loans).
 */
export function activityStatusLabel(type: ActivityTypeName, status: string): string {
  if (status === 'completed' || status === 'confirmed') return 'Completed';
  return ACTIVITY_STATUS_DISPLAY[type].labels[status] ?? statusWords(status);
}

/** Statuses of records that moved no money: a refused or withdrawn request, a waived fine. */
const NO_MONEY_MOVED: ReadonlySet<string> = new Set(['rejected', 'cancelled', 'waived']);

export type ActivityDirection = 'incoming' | 'outgoing' | 'none';

/**
 * Money in (+) or out (−) of the member's savings (docs/member-portal.md §4). A loan moves no
 * savings, so it has no sign; a contribution with a negative amount is a reversal and counts as
 * money out.
 */
export function activityDirection(type: ActivityTypeName, amount: Naira): ActivityDirection {
  switch (type) {
    case 'contribution':
      return amount < 0 ? 'outgoing' : 'incoming';
    case 'dividend':
      return 'incoming';
    case 'withdrawal':
    case 'fine':
      return 'outgoing';
    case 'loan':
      return 'none';
  }
}

/**
 * The icon to show: a negative contribution is shown as a withdrawal (docs/member-portal.md §3).
 */
export function activityDisplayType(type: ActivityTypeName, amount: Naira): ActivityTypeName {
  return type === 'contribution' && amount < 0 ? 'withdrawal' : type;
}

/**
 * '+₦5,000', '-₦5,000' or '₦5,000' by direction; unsigned when the record moved no money (a
 * rejected or cancelled withdrawal), so nothing reads as money gone.
 */
export function formatActivityAmount(
  type: ActivityTypeName,
  amount: Naira,
  status?: string,
): string {
  const moved = status === undefined || !NO_MONEY_MOVED.has(status);
  const direction = moved ? activityDirection(type, amount) : 'none';
  const sign = { incoming: '+', outgoing: '-', none: '' }[direction];
  return `${sign}${formatNaira(Math.abs(amount))}`;
}

/** How many months the savings chart shows, the current one last (docs/business-rules.md). */
export const SAVINGS_HISTORY_MONTHS = 12;

/** What's next's texts (docs/business-rules.md "What's next"). */
export const NEXT_UP_MESSAGES = {
  title: "What's next",
  nothingDue: 'Nothing due. No instalment to pay and no request to answer.',
  heroTitle: 'Available to withdraw',
  nothingHeld: 'None of your savings is held.',
  payOverdue: 'Pay now',
  seeLoan: 'See the loan',
  answer: 'Answer',
  currentLoanTitle: 'Your loan',
  waitingFor: 'Waiting for',
  nextStep: 'Next',
  chartTitle: 'Savings over time',
  chartEmpty: 'Your savings chart starts with your first contribution.',
} as const;

/** '₦18,332 due Dec 26 (LN-000009, instalment 1 of 12)'. */
export function nextInstalmentText(next: {
  loanId: string;
  month: number;
  ofMonths: number;
  dueDate: string;
  amount: Naira;
}): string {
  return `${formatNaira(next.amount)} due ${formatShortDate(next.dueDate)} (${next.loanId}, instalment ${next.month} of ${next.ofMonths})`;
}

/** '₦12,000 overdue on LN-000009 (1 instalment)' and its age, '12 days overdue'. */
export function overdueText(overdue: {
  loanId: string;
  amount: Naira;
  instalments: number;
  daysOverdue: number;
}): { what: string; age: string } {
  return {
    what: `${formatNaira(overdue.amount)} overdue on ${overdue.loanId} (${countOf(overdue.instalments, 'instalment')})`,
    age: overdue.daysOverdue === 0 ? 'Due today' : `${countOf(overdue.daysOverdue, 'day')} overdue`,
  };
}

/**
 * 'Bayo Adeyemi asked you to guarantee ₦100,000 (LN-000012)' and 'Answer by Dec 03', with
 * 'and 1 more request' when several wait.
 */
export function guarantorRequestText(request: {
  count: number;
  loanId: string;
  borrower: string;
  amount: Naira;
  deadline: string;
}): { what: string; deadline: string; more: string | null } {
  return {
    what: `${request.borrower} asked you to guarantee ${formatNaira(request.amount)} (${request.loanId})`,
    deadline: `Answer by ${formatShortDate(request.deadline)}`,
    more: request.count > 1 ? `and ${countOf(request.count - 1, 'more request')} to answer` : null,
  };
}
