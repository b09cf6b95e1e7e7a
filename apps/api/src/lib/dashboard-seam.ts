/**
 * The contract through which modules feed GET /users/dashboard (decision 040, "The seam"). A
 * module contributes SQL, not a query run: the dashboard puts every module's fragment into one
 * `union all` statement for Recent Activity and one for Pending Actions, runs each once, and
 * hands every row back to the mapper of the source that produced it.
 *
 * A fragment is a complete `select` over the module's own tables, for one member, with its own
 * `order by` and `limit`, whose columns are exactly those of the row types below, in this order
 * and with these names (the dashboard casts each to its common type):
 *
 * - activity: `kind, id, occurred_at, amount_kobo, status, label, detail`
 *   (`occurred_at` a timestamptz, or a timestamp taken as UTC);
 * - pending actions: `kind, id, amount_kobo, label, detail, extra`.
 *
 * `kind` tells apart the several kinds of record one source may union itself (a loan request and
 * a repayment); `label`, `detail` and `extra` are whatever text the mapper needs to word the row.
 *
 * The dashboard renders its statement once and binds the values on each call (decisions 107 and
 * 172): a fragment gets the member's id and the day as placeholders, so it writes them into its
 * SQL as values (`${userId}`) and never computes with them in JavaScript, and its SQL is the same
 * for every member. What differs by member is a condition in the SQL: a reviewer-only part is
 * guarded by `member.isLoanReviewer`, the member's flag read in the same statement (the statement
 * also checks the session, so the flag is not known before it runs).
 */
import type { PendingAction, RecentActivity } from '@coop/shared/dashboard';
import type { IsoDate } from '@coop/shared/dates';
import type { SQL } from 'drizzle-orm';

/** One Recent Activity row as the union reads it back, before its source words it. */
export interface ActivityRow {
  kind: string;
  id: string;
  /** The instant of the movement, ISO 8601 in UTC with milliseconds (`Date#toISOString`). */
  occurredAt: string;
  amountKobo: number;
  status: string;
  label: string | null;
  detail: string | null;
}

/** One Pending Actions row as the union reads it back, before its source words it. */
export interface PendingRow {
  kind: string;
  id: string;
  amountKobo: number | null;
  label: string | null;
  detail: string | null;
  extra: string | null;
}

export interface ActivitySource {
  /** Unique among the sources: says which mapper a row of the union goes to. */
  key: string;
  /** The member's newest `limit` movements of this source, newest first. */
  fragment(userId: string, limit: number): SQL;
  /** Words one row exactly as docs/member-portal.md §3 Recent Activity shows it. */
  map(row: ActivityRow): RecentActivity;
}

/** Whom the Pending Actions are for, as the dashboard's statement has them. */
export interface DashboardMember {
  /** The member's id (a placeholder). */
  id: string;
  /** Whether the member reviews loans: a boolean SQL expression over the member's own row. */
  isLoanReviewer: SQL;
}

export interface PendingActionSource {
  key: string;
  /**
   * What the member is asked to do now, in the order the source wants them shown among equal
   * deadlines. A part only some members are asked (loans to certify, for reviewers) is guarded in
   * the SQL by `member.isLoanReviewer`.
   */
  fragment(member: DashboardMember, today: IsoDate): SQL;
  /**
   * Words one row as docs/member-portal.md §3 Pending action, with its deadline and `actionUrl`.
   */
  map(row: PendingRow): PendingAction;
  /**
   * Words two or more like rows (their actions share a type and an `actionUrl`) as one item, so
   * a new member sees "24 contributions to confirm" rather than 24 cards. The dashboard keeps the
   * type and URL and takes the earliest deadline; the rows come in the source's order.
   */
  group(rows: readonly PendingRow[]): Pick<PendingAction, 'description' | 'actionRequired'>;
}

/** A total the financial summary reads as a scalar subquery (`select coalesce(sum(…), 0) …`). */
export type SummaryTotal = (userId: string) => SQL;
