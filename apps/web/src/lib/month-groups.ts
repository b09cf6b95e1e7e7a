import { formatMonth } from '@coop/shared/dates';
import { nairaToKobo, type Kobo, type Naira } from '@coop/shared/money';

/** How a row of a money list reads on a phone (docs/decisions/163-phone-money-lists-and-figures.md). */
export type MoneyRowFacts = {
  /** The calendar date the row is listed under ('yyyy-MM-dd'). */
  date: string;
  /** The change to the member's money in naira, signed: + money in, − money out. */
  amount: Naira;
  /** Whether the month's total adds it: not a row that moved no money, nor a loan's balance. */
  counts: boolean;
  /** The row moved no money (rejected, cancelled, waived): its amount is struck through. */
  voided?: boolean;
};

export type MonthGroup<Row> = {
  /** 'yyyy-MM'. */
  month: string;
  /** 'March 2025'. */
  label: string;
  rows: Row[];
  /** The sum of the counted rows, added in kobo so no float error creeps in. */
  totalKobo: Kobo;
  /** True when the month may go on onto the page before or after this one. */
  partial: boolean;
};

/**
 * The rows of one page in runs of the same month, in the order the list gives them (a list sorted
 * by amount shows a month more than once rather than reordering the server's page). The first
 * and last runs are `partial` when there is a page before or after: their totals are of the rows
 * shown, and say so.
 */
export function groupByMonth<Row>(
  rows: readonly Row[],
  facts: (row: Row) => MoneyRowFacts,
  edges: { earlier: boolean; later: boolean } = { earlier: false, later: false },
): MonthGroup<Row>[] {
  const groups: MonthGroup<Row>[] = [];
  for (const row of rows) {
    const { date, amount, counts } = facts(row);
    const month = date.slice(0, 7);
    let group = groups.at(-1);
    if (group?.month !== month) {
      group = { month, label: formatMonth(month), rows: [], totalKobo: 0, partial: false };
      groups.push(group);
    }
    group.rows.push(row);
    if (counts) group.totalKobo += nairaToKobo(amount);
  }
  const first = groups[0];
  const last = groups.at(-1);
  if (first && edges.earlier) first.partial = true;
  if (last && edges.later) last.partial = true;
  return groups;
}

/** Whether a list's page has pages before and after it, from the API's pagination. */
export function pageEdges(pagination: { currentPage: number; totalPages: number } | undefined): {
  earlier: boolean;
  later: boolean;
} {
  if (!pagination) return { earlier: false, later: false };
  return {
    earlier: pagination.currentPage > 1,
    later: pagination.currentPage < pagination.totalPages,
  };
}
