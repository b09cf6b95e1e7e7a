/**
 * GET /users/dashboard (spec §2 Dashboard home, §3; DESIGN §6 "Balances"): the financial summary
 * from the balance projection, the newest movements across modules and what the member is asked
 * to do, in one call. The modules feed the last two through dashboard.sources.ts.
 */
import type { Dashboard, FinancialSummary, PendingAction } from '@coop/shared/dashboard';
import { RECENT_ACTIVITY_LIMIT } from '@coop/shared/dashboard-rules';
import { toIsoDateInTimeZone } from '@coop/shared/dates';
import { koboToNaira } from '@coop/shared/money';
import type { Deps } from '../../deps.js';
import type { MemberActor } from '../../lib/actor.js';
import { notFound } from '../../lib/domain-error.js';
import { dividendsPaidTotal } from '../dividends/dividends.service.js';
import { pendingFinesTotal } from '../fines/fines.service.js';
import { ACTIVITY_SOURCES, PENDING_ACTION_SOURCES } from './dashboard.sources.js';
import { dashboardRepository } from './dashboard.repository.js';

/** Pending actions without a deadline come after those with one. */
const byDeadline = (a: PendingAction, b: PendingAction) =>
  (a.deadline ?? '9999-12-31').localeCompare(b.deadline ?? '9999-12-31');

export async function getDashboard(deps: Deps, actor: MemberActor): Promise<Dashboard> {
  const userId = actor.user.id;
  const today = toIsoDateInTimeZone(deps.clock.now());
  const [balances, dividends, fines, activity, actions] = await Promise.all([
    dashboardRepository(deps.db).balances(userId),
    dividendsPaidTotal(deps.db, userId),
    pendingFinesTotal(deps.db, userId),
    Promise.all(ACTIVITY_SOURCES.map((source) => source(deps.db, userId, RECENT_ACTIVITY_LIMIT))),
    Promise.all(PENDING_ACTION_SOURCES.map((source) => source(deps.db, actor, today))),
  ]);
  if (!balances) throw notFound('Member');

  const financialSummary: FinancialSummary = {
    totalSavings: koboToNaira(balances.savings),
    totalShareHolding: koboToNaira(balances.shares),
    availableBalance: koboToNaira(Math.max(0, balances.savings - balances.frozen)),
    frozenAmount: koboToNaira(balances.frozen),
    outstandingLoans: koboToNaira(balances.loans),
    totalDividends: koboToNaira(dividends),
    totalFines: koboToNaira(fines),
  };
  return {
    financialSummary,
    recentActivity: activity
      .flat()
      .sort((a, b) => b.date.localeCompare(a.date) || b.id.localeCompare(a.id))
      .slice(0, RECENT_ACTIVITY_LIMIT),
    pendingActions: actions.flat().sort(byDeadline),
  };
}
