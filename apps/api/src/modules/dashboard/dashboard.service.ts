/**
 * GET /users/dashboard (docs/member-portal.md §2 Dashboard home, §3; docs/business-rules.md
 * "Balances"): the financial summary from the balance projection, the newest movements across
 * modules and what the member is asked to do, in one call and ONE statement that also checks the
 * session (decisions 040, 107 and 172). The modules feed it through dashboard.sources.ts. The
 * answer is kept at write time (decision 179): computed once per day and change of what it reads,
 * then answered from `member_read_cache` in one small statement that still checks the session.
 */
import {
  dashboardResponseSchema,
  type Dashboard,
  type FinancialSummary,
  type PendingAction,
} from '@coop/shared/dashboard';
import { RECENT_ACTIVITY_LIMIT, SAVINGS_HISTORY_MONTHS } from '@coop/shared/dashboard-rules';
import { toIsoDateInTimeZone, type IsoDate } from '@coop/shared/dates';
import { koboToNaira } from '@coop/shared/money';
import type { Deps } from '../../deps.js';
import type { MemberActor } from '../../lib/actor.js';
import type { PendingRow } from '../../lib/dashboard-seam.js';
import { notFound } from '../../lib/domain-error.js';
import { keptMemberRead, type FreshMemberRead } from '../../lib/member-read-cache.js';
import { pendingSession } from '../../lib/pending-session.js';
import { fastSerializer } from '../../lib/response-serializer.js';
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

/** The answer's JSON as the route's serializer writes it (the same bytes as before decision 179). */
const writeAnswer = (() => {
  const write = fastSerializer(dashboardResponseSchema);
  if (!write) throw new Error('dashboard: the response schema has no compiled serializer');
  return (dashboard: Dashboard) => write({ success: true, data: dashboard });
})();

/**
 * GET /users/dashboard's answer as JSON text: the member's kept answer for today while nothing it
 * reads has changed, else computed and kept (decision 179). Its first statement checks the
 * session (decision 108), so 401/403 come first as before.
 */
export function dashboardAnswer(deps: Deps, actor: MemberActor): Promise<string> {
  const day = toIsoDateInTimeZone(deps.clock.now());
  return keptMemberRead(deps.db, { view: 'dashboard', userId: actor.user.id, day }, () =>
    freshDashboardAnswer(deps, actor, day),
  );
}

/** The answer computed now from the data, with the member's data version it was read at. */
export async function freshDashboardAnswer(
  deps: Deps,
  actor: MemberActor,
  day: IsoDate,
): Promise<FreshMemberRead> {
  const { dashboard, version } = await readDashboard(deps, actor, day);
  return { body: writeAnswer(dashboard), version };
}

/**
 * What the dashboard's statement is built from: every source's SQL with the member's id, their
 * reviewer flag and the day as placeholders (lib/dashboard-seam.ts), the same for every member.
 */
export function dashboardParts() {
  return {
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
  };
}

/** The member's dashboard computed now, from the data (never from the kept answer). */
export async function getDashboard(deps: Deps, actor: MemberActor): Promise<Dashboard> {
  return (await readDashboard(deps, actor, toIsoDateInTimeZone(deps.clock.now()))).dashboard;
}

/** The dashboard on `today`, with the member's data version read in the same statement. */
async function readDashboard(
  deps: Deps,
  actor: MemberActor,
  today: IsoDate,
): Promise<{ dashboard: Dashboard; version: string }> {
  const userId = actor.user.id;
  const repo = dashboardRepository(deps.db);

  // The fragments' SQL is the same for every member; the member's id, the day and the session's
  // values are bound on each call (lib/dashboard-seam.ts), so the statement is rendered once. The
  // route leaves the session check to it (decision 108): until it is settled below, `actor.user`
  // holds only the id.
  const session = pendingSession();
  const read = await repo.read({ userId, today }, session, dashboardParts);
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
  const dashboard: Dashboard = {
    financialSummary,
    recentActivity: activity.map((row) => sourceAt(ACTIVITY_SOURCES, row.source).map(row)),
    pendingActions: groupLikeActions(asks).sort(byDeadline),
    nextUp: OUTLOOK_SOURCES.nextUp.map(read.nextUp),
    currentLoan: OUTLOOK_SOURCES.currentLoan.map(read.currentLoan),
    savingsHistory: OUTLOOK_SOURCES.savingsHistory.map(read.savingsHistory),
  };
  return { dashboard, version: read.version };
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
