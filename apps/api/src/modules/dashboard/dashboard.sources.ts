/**
 * THE SEAM through which modules feed the dashboard (docs/decisions/040-dashboard-seam.md).
 *
 * Recent Activity and Pending Actions are not owned by the dashboard: each module says what its
 * own records contribute, through a function of its `*.service.ts`, and the dashboard only merges
 * them. To add a module (loans, guarantor requests, loans to certify), write its two functions in
 * its service and append them to the two lists below; nothing else changes.
 *
 * - An activity source returns the member's newest `limit` movements of its kind, newest first,
 *   already in the spec §3 shape (`date` an ISO instant). The dashboard keeps the newest overall.
 * - A pending-action source returns what the actor is asked to do now, each with its deadline (a
 *   calendar date or null) and `actionUrl`, the screen where the action is done (DESIGN §6).
 *   It receives the actor, so a reviewer-only source can look at `actor.user.isLoanReviewer`.
 */
import type { PendingAction, RecentActivity } from '@coop/shared/dashboard';
import type { IsoDate } from '@coop/shared/dates';
import type { Executor } from '../../db/client.js';
import type { MemberActor } from '../../lib/actor.js';
import {
  contributionActivity,
  contributionPendingActions,
} from '../contributions/contributions.service.js';
import { dividendActivity } from '../dividends/dividends.service.js';
import { fineActivity, finePendingActions } from '../fines/fines.service.js';
import { withdrawalActivity } from '../withdrawals/withdrawals.service.js';

export type ActivitySource = (
  db: Executor,
  userId: string,
  limit: number,
) => Promise<RecentActivity[]>;

export type PendingActionSource = (
  db: Executor,
  actor: MemberActor,
  today: IsoDate,
) => Promise<PendingAction[]>;

/** Every module's movements, merged newest first into Recent Activity. */
export const ACTIVITY_SOURCES: readonly ActivitySource[] = [
  contributionActivity,
  withdrawalActivity,
  dividendActivity,
  fineActivity,
];

/** Every module's asks of the member, merged by deadline into Pending Actions. */
export const PENDING_ACTION_SOURCES: readonly PendingActionSource[] = [
  contributionPendingActions,
  finePendingActions,
];
