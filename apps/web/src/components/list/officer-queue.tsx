import type { AdminMemberRef } from '@coop/shared/members';
import type { ComponentType, ReactNode } from 'react';
import { Link } from 'react-router';
import { adminMemberPath } from '../../config/paths';
import { ConfirmDialog, type DecisionTexts } from '../dialogs/confirm-dialog';
import { decisionTrigger, toastAnswer } from '../dialogs/form-dialog';
import { ReasonDialog } from '../dialogs/reason-dialog';
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
  /**
   * The decisions a pending row waits for, each a dialog given the row; a decided row has none.
   * A request approved or rejected is `reviewDecisions(…)`.
   */
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

/** A decision's mutation hook (`useOfficerMutation(call)`, docs/decisions/127-web-api-files.md). */
type DecisionHook<Input> = () => {
  mutateAsync: (input: Input) => Promise<{ message?: string | undefined }>;
};

/**
 * What a queue's approve and reject say and send, for one kind of member's request. The rest is
 * the same in every queue: the approve button is the primary one, the reject dialog asks a
 * 'Reason for rejecting' the member sees, each sends the opening's Idempotency-Key, the answer's
 * message is the toast, and a refusal (the server's own words, such as an officer's own request)
 * shows inside the dialog, which stays open.
 */
export type QueueReview<Row extends { id: string }> = {
  /** Whose request, read after each button's label: 'Ada Obi’s ₦5,000 withdrawal'. */
  context: (row: Row) => string;
  approve: {
    /** The row's button: 'Approve', 'Verify'. */
    label: string;
    title: string;
    description: (row: Row) => string;
    texts: Required<Pick<DecisionTexts, 'confirm' | 'pending' | 'failure'>>;
    /** What is decided: a facts list, a warning. */
    details: (row: Row) => ReactNode;
    useAction: DecisionHook<{ id: string; idempotencyKey: string }>;
  };
  reject: {
    title: string;
    description: (row: Row) => string;
    texts: Required<Pick<DecisionTexts, 'confirm' | 'failure'>>;
    useAction: DecisionHook<{ id: string; reason: string; idempotencyKey: string }>;
  };
};

/**
 * A queue's approve and reject, as `OfficerQueue`'s `decisions` (docs/decisions/169-queue-review.md).
 * Made once at the module's top level, so each row's dialogs keep their state between renders.
 */
export function reviewDecisions<Row extends { id: string }>({
  context,
  approve,
  reject,
}: QueueReview<Row>): readonly ComponentType<{ row: Row }>[] {
  function ApproveDecision({ row }: { row: Row }) {
    const action = approve.useAction();
    return (
      <ConfirmDialog
        trigger={decisionTrigger({
          label: approve.label,
          context: context(row),
          variant: 'default',
        })}
        title={approve.title}
        description={approve.description(row)}
        texts={approve.texts}
        details={approve.details(row)}
        onConfirm={(key) =>
          action.mutateAsync({ id: row.id, idempotencyKey: key }).then(toastAnswer)
        }
      />
    );
  }
  function RejectDecision({ row }: { row: Row }) {
    const action = reject.useAction();
    return (
      <ReasonDialog
        trigger={decisionTrigger({ label: 'Reject', context: context(row) })}
        title={reject.title}
        description={reject.description(row)}
        texts={{
          ...reject.texts,
          pending: 'Rejecting...',
          label: 'Reason for rejecting',
          hint: 'the member sees it.',
        }}
        kind="decision"
        field="reason"
        onConfirm={(reason, key) =>
          action.mutateAsync({ id: row.id, reason, idempotencyKey: key }).then(toastAnswer)
        }
      />
    );
  }
  return [ApproveDecision, RejectDecision];
}
