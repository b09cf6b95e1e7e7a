import { describe, expect, it } from 'vitest';
import { groupByMonth, pageEdges } from './month-groups';

type Row = { id: string; date: string; amount: number; counts?: boolean };
const facts = (row: Row) => ({ date: row.date, amount: row.amount, counts: row.counts ?? true });

describe('groupByMonth', () => {
  it('runs rows of the same month together with their total added in kobo', () => {
    const groups = groupByMonth<Row>(
      [
        { id: 'a', date: '2026-03-28', amount: 0.1 },
        { id: 'b', date: '2026-03-02', amount: 0.2 },
        { id: 'c', date: '2026-02-14', amount: -15000.55 },
        { id: 'd', date: '2026-02-01', amount: 20000.3 },
      ],
      facts,
    );
    expect(groups.map((group) => [group.label, group.rows.length, group.totalKobo])).toEqual([
      // 0.1 + 0.2 in floats is 0.30000000000000004; in kobo it is 30.
      ['March 2026', 2, 30],
      ['February 2026', 2, 499_975],
    ]);
  });

  it('leaves rows that moved no money out of the total', () => {
    const [march] = groupByMonth<Row>(
      [
        { id: 'a', date: '2026-03-28', amount: -50_000 },
        { id: 'b', date: '2026-03-02', amount: -20_000, counts: false },
      ],
      facts,
    );
    expect(march?.totalKobo).toBe(-5_000_000);
    expect(march?.rows).toHaveLength(2);
  });

  it('marks the first and last months partial when the list goes on before or after the page', () => {
    const rows: Row[] = [
      { id: 'a', date: '2026-03-28', amount: 1 },
      { id: 'b', date: '2026-02-02', amount: 1 },
      { id: 'c', date: '2026-01-02', amount: 1 },
    ];
    const partial = (edges: { earlier: boolean; later: boolean }) =>
      groupByMonth(rows, facts, edges).map((group) => group.partial);
    expect(partial(pageEdges({ currentPage: 1, totalPages: 1 }))).toEqual([false, false, false]);
    expect(partial(pageEdges({ currentPage: 1, totalPages: 3 }))).toEqual([false, false, true]);
    expect(partial(pageEdges({ currentPage: 2, totalPages: 3 }))).toEqual([true, false, true]);
    expect(partial(pageEdges({ currentPage: 3, totalPages: 3 }))).toEqual([true, false, false]);
  });

  it('shows a month again when a list sorted by amount comes back to it', () => {
    const groups = groupByMonth<Row>(
      [
        { id: 'a', date: '2026-03-28', amount: 3 },
        { id: 'b', date: '2026-02-02', amount: 2 },
        { id: 'c', date: '2026-03-01', amount: 1 },
      ],
      facts,
    );
    expect(groups.map((group) => group.label)).toEqual([
      'March 2026',
      'February 2026',
      'March 2026',
    ]);
  });
});
