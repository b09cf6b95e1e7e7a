import type { AdminMemberRef } from '@coop/shared/members';
import type { ComponentType, ReactNode } from 'react';
import { Link } from 'react-router';
import { adminMemberPath } from '../../config/paths';
import { ListFilters, type ListFiltersProps } from './list-filters';
import { PagedTable, type PagedTableProps } from './paged-table';

/** The member a record belongs to: name (to their page) and membership ID. */
export function MemberCell({ member }: { member: AdminMemberRef }) {
  return (
    <Link
      className="font-medium text-primary underline-offset-4 hover:underline"
      to={adminMemberPath(member.id)}
    >
      {member.firstName} {member.lastName}
      <span className="block text-sm font-normal text-muted-foreground">{member.membershipId}</span>
    </Link>
  );
}

export const memberName = (member: AdminMemberRef) => `${member.firstName} ${member.lastName}`;

/**
 * What a member's request is, with the member's own note under it and, once refused, why: the
 * cell wraps within a narrow width so the queue's table keeps inside the page.
 */
export function RequestCell({
  note,
  rejectionReason,
  children,
}: {
  note: string | null | undefined;
  rejectionReason: string | null | undefined;
  children: ReactNode;
}) {
  return (
    <span className="block max-w-56 min-w-32 whitespace-normal">
      {children}
      {note ? <span className="line-clamp-2 text-sm text-muted-foreground">{note}</span> : null}
      {rejectionReason ? (
        <span className="line-clamp-3 text-sm text-muted-foreground">
          Rejected: {rejectionReason}
        </span>
      ) : null}
    </span>
  );
}

export type OfficerQueueProps<
  Row extends { id: string; status: string },
  SortField extends string,
> = Omit<PagedTableProps<Row, SortField>, 'rowActions'> & {
  /** The queue's filters and search (the panel, or the search dialog on phones). */
  filters: Omit<ListFiltersProps<SortField>, 'list'>;
  /** The decisions a pending row waits for, each a dialog given the row; a decided row has none. */
  decisions: readonly ComponentType<{ row: Row }>[];
};

/**
 * The officers' queue of members' requests (deposit notices, withdrawals, fines): filters and
 * search, every member's rows with the decisions a row still waits for, and pages. The route owns
 * the list's state and passes it (docs/decisions/128-list-pages-route-owns-state.md); the domain
 * gives its columns, filters and decision dialogs (docs/decisions/124-dialog-kit.md).
 */
export function OfficerQueue<Row extends { id: string; status: string }, SortField extends string>({
  filters,
  decisions,
  ...table
}: OfficerQueueProps<Row, SortField>) {
  return (
    <div className="grid grid-cols-1 gap-6">
      <ListFilters list={table.list} {...filters} />
      <PagedTable
        {...table}
        rowActions={(row) =>
          row.status === 'pending' ? (
            <div className="flex flex-wrap gap-2">
              {decisions.map((Decision, index) => (
                <Decision key={index} row={row} />
              ))}
            </div>
          ) : null
        }
      />
    </div>
  );
}
