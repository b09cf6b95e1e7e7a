/**
 * GET /users/dashboard (docs/member-portal.md §2 Dashboard home, §3; docs/business-rules.md
 * "Balances"): the financial summary from the balance projection, the newest movements across
 * modules and what the member is asked to do, in one call and ONE statement that also checks the
 * session (decisions 040, 107 and 172). The modules feed it through dashboard.sources.ts.
 */
import type { Dashboard, FinancialSummary, PendingAction } from '@coop/shared/dashboard';
import { RECENT_ACTIVITY_LIMIT, SAVINGS_HISTORY_MONTHS } from '@coop/shared/dashboard-rules';
import { toIsoDateInTimeZone } from '@coop/shared/dates';
import { koboToNaira } from '@coop/shared/money';
import type { Deps } from '../../deps.js';
import type { MemberActor } from '../../lib/actor.js';
import type { PendingRow } from '../../lib/dashboard-seam.js';
import { notFound } from '../../lib/domain-error.js';
import { pendingSession } from '../../lib/pending-session.js';
import { availableOf, heldFrom, savingsHistoryOf } from '../ledger/ledger.service.js';
import {
  ACTIVITY_SOURCES,
  OUTLOOK_SOURCES,
  PENDING_ACTION_SOURCES,
  SUMMARY_TOTALS,
} from './dashboard.sources.js';
import {
  DASHBOARD_IS_LOAN_REVIEWER,
  DASHBOARD_TODAY,
  DASHBOARD_USER_ID,
  dashboardRepository,
} from './dashboard.repository.js';

/** Pending actions without a deadline come after those with one (a stable sort). */
const byDeadline = (a: PendingAction, b: PendingAction) =>
  (a.deadline ?? '9999-12-31').localeCompare(b.deadline ?? '9999-12-31');

export async function getDashboard(deps: Deps, actor: MemberActor): Promise<Dashboard> {
  const userId = actor.user.id;
  const today = toIsoDateInTimeZone(deps.clock.now());
  const repo = dashboardRepository(deps.db);

  // The fragments' SQL is the same for every member; the member's id, the day and the session's
  // values are bound on each call (lib/dashboard-seam.ts), so the statement is rendered once. The
  // route leaves the session check to it (decision 108): until it is settled below, `actor.user`
  // holds only the id.
  const session = pendingSession();
  const read = await repo.read({ userId, today }, session, () => ({
    totals: SUMMARY_TOTALS,
    activityLimit: RECENT_ACTIVITY_LIMIT,
    activitySources: ACTIVITY_SOURCES,
    pendingFragments: PENDING_ACTION_SOURCES.map((source) =>
      source.fragment(
        { id: DASHBOARD_USER_ID, isLoanReviewer: DASHBOARD_IS_LOAN_REVIEWER },
        DASHBOARD_TODAY,
      ),
    ),
    nextUp: OUTLOOK_SOURCES.nextUp.fragment(DASHBOARD_USER_ID, DASHBOARD_TODAY),
    currentLoan: OUTLOOK_SOURCES.currentLoan.fragment(DASHBOARD_USER_ID),
    savingsHistory: OUTLOOK_SOURCES.savingsHistory.fragment(
      DASHBOARD_USER_ID,
      DASHBOARD_TODAY,
      SAVINGS_HISTORY_MONTHS,
    ),
  }));
  // The caller is checked before anything read is used (401/403 end the request here); without a
  // projection row the statement had no row to carry the check, so it is made on its own.
  await session?.settle(read?.session ?? null);
  if (!read) throw notFound('Member');
  const { summary: balances, activity, pending: asks } = read;

  const financialSummary: FinancialSummary = {
    totalSavings: koboToNaira(balances.savings),
    totalShareHolding: koboToNaira(balances.shares),
    availableBalance: koboToNaira(availableOf(balances).savings),
    frozenAmount: koboToNaira(balances.frozen),
    outstandingLoans: koboToNaira(balances.loans),
    totalDividends: koboToNaira(balances.totals.dividends),
    totalFines: koboToNaira(balances.totals.fines),
    held: heldFrom(balances.held).filter((held) => held.account === 'savings'),
  };
  return {
    financialSummary,
    recentActivity: activity.map((row) => sourceAt(ACTIVITY_SOURCES, row.source).map(row)),
    pendingActions: groupLikeActions(asks).sort(byDeadline),
    nextUp: OUTLOOK_SOURCES.nextUp.map(read.nextUp),
    currentLoan: OUTLOOK_SOURCES.currentLoan.map(read.currentLoan),
    savingsHistory: OUTLOOK_SOURCES.savingsHistory.map(read.savingsHistory),
  };
}

/** GET /users/dashboard/savings-history: the chart's months on their own (the statement page). */
export function getSavingsHistory(deps: Deps, actor: MemberActor) {
  return savingsHistoryOf(
    deps.db,
    actor.user.id,
    toIsoDateInTimeZone(deps.clock.now()),
    SAVINGS_HISTORY_MONTHS,
  );
}

/**
 * One item per kind of ask: the rows of a source whose actions share a type and a URL (the same
 * screen, the same thing to do) become one item the source words, with the earliest deadline.
 */
function groupLikeActions(rows: readonly (PendingRow & { source: number })[]): PendingAction[] {
  const groups = new Map<
    string,
    { source: number; rows: PendingRow[]; actions: PendingAction[] }
  >();
  for (const row of rows) {
    const action = sourceAt(PENDING_ACTION_SOURCES, row.source).map(row);
    const key = `${row.source} ${action.type} ${action.actionUrl}`;
    const group = groups.get(key) ?? { source: row.source, rows: [], actions: [] };
    group.rows.push(row);
    group.actions.push(action);
    groups.set(key, group);
  }
  return [...groups.values()].map(({ source, rows: like, actions }) => {
    const [first] = actions;
    if (!first) throw new Error('dashboard: an empty group of pending actions');
    if (actions.length === 1) return first;
    const deadlines = actions.flatMap((action) => (action.deadline ? [action.deadline] : []));
    return {
      ...first,
      ...sourceAt(PENDING_ACTION_SOURCES, source).group(like),
      deadline: deadlines.sort()[0] ?? null,
    };
  });
}

function sourceAt<Source>(sources: readonly Source[], index: number): Source {
  const source = sources[index];
  if (!source) throw new Error(`dashboard: no source at index ${index}`);
  return source;
}
