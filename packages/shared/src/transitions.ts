/**
 * State machines as data: each status lists the statuses it may move to. Services check a move
 * before writing it (409 otherwise), and the tables document docs/member-portal.md §4 in one place
 * per domain.
 */
export type TransitionTable<Status extends string> = Readonly<Record<Status, readonly Status[]>>;

export function canTransition<Status extends string>(
  table: TransitionTable<Status>,
  from: Status,
  to: Status,
): boolean {
  return table[from].includes(to);
}
