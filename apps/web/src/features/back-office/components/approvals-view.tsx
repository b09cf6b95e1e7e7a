import { PROPOSAL_STATUS_DISPLAY } from '@coop/shared/proposal-rules';
import { formatDisplayDateTime } from '@coop/shared/dates';
import {
  PROPOSAL_KIND_LABELS,
  formatProposalValue,
  proposalFieldLabel,
  type Proposal,
} from '@coop/shared/proposals';
import { Link } from 'react-router';
import type { DataTableColumn } from '../../../components/list/data-table';
import { DataTable } from '../../../components/list/data-table';
import { QueryState } from '../../../components/list/query-state';
import { adminMemberPath } from '../../../config/paths';
import { failureMessage } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth-store';
import { useApproveProposal } from '../api/approve-proposal';
import { useProposals } from '../api/get-proposals';
import { useRejectProposal } from '../api/reject-proposal';
import { StatusBadge } from '../../../components/ui/status-badge';
import { ConfirmDialog } from '../../../components/dialogs/confirm-dialog';
import { decisionTrigger, DialogFacts, toastAnswer } from '../../../components/dialogs/form-dialog';
import { ReasonDialog } from '../../../components/dialogs/reason-dialog';

/** What the change is about: the kind and, for a person, who (to their page). */
function subjectOf(proposal: Proposal): string {
  const kind = PROPOSAL_KIND_LABELS[proposal.kind];
  return proposal.target ? `${kind} of ${proposal.target.name}` : kind;
}

function SubjectCell({ proposal }: { proposal: Proposal }) {
  return (
    <span className="block min-w-36 whitespace-normal">
      <span className="font-medium">{PROPOSAL_KIND_LABELS[proposal.kind]}</span>
      {proposal.target ? (
        <Link
          className="block text-sm text-primary underline-offset-4 hover:underline"
          to={adminMemberPath(proposal.target.id)}
        >
          {proposal.target.name} ({proposal.target.membershipId})
        </Link>
      ) : null}
    </span>
  );
}

/** Each field as "label: before → after", the arrow read as "to". */
export function ChangeList({ proposal }: { proposal: Proposal }) {
  return (
    <ul className="grid max-w-72 min-w-40 gap-1 text-sm whitespace-normal">
      {proposal.changes.map(({ field, before, after }) => (
        // An e-mail address has no space to break at: anywhere, or it widens a phone's page.
        <li key={field} className="[overflow-wrap:anywhere]">
          <span className="text-muted-foreground">{proposalFieldLabel(field)}: </span>
          {formatProposalValue(field, before)}
          <span aria-hidden="true"> → </span>
          <span className="sr-only"> to </span>
          <span className="font-medium">{formatProposalValue(field, after)}</span>
        </li>
      ))}
    </ul>
  );
}

function ProposedCell({ proposal }: { proposal: Proposal }) {
  return (
    <span className="block min-w-32 whitespace-normal">
      {proposal.proposedBy.name}
      <span className="block text-sm text-muted-foreground">
        {formatDisplayDateTime(proposal.proposedAt)}
      </span>
    </span>
  );
}

function ApproveDialog({ proposal }: { proposal: Proposal }) {
  const approve = useApproveProposal();
  return (
    <ConfirmDialog
      trigger={decisionTrigger({
        label: 'Approve',
        context: subjectOf(proposal),
        variant: 'default',
      })}
      title="Approve this change"
      description={`${proposal.proposedBy.name} proposed it. Approving makes it take effect now, in your name as the second officer.`}
      texts={{
        confirm: 'Approve change',
        pending: 'Approving...',
        failure: 'The change could not be approved',
      }}
      details={
        <DialogFacts
          facts={[
            ['Change', subjectOf(proposal)],
            ['Proposed by', proposal.proposedBy.name],
            ['Proposed', formatDisplayDateTime(proposal.proposedAt)],
            ['What changes', <ChangeList key="changes" proposal={proposal} />],
          ]}
        />
      }
      onConfirm={(key) => approve.mutateAsync({ proposal, idempotencyKey: key }).then(toastAnswer)}
    />
  );
}

function RejectDialog({ proposal, isOwn }: { proposal: Proposal; isOwn: boolean }) {
  const reject = useRejectProposal();
  return (
    <ReasonDialog
      trigger={decisionTrigger({
        label: isOwn ? 'Withdraw' : 'Reject',
        context: subjectOf(proposal),
      })}
      title={isOwn ? 'Withdraw your proposal' : 'Reject this change'}
      description={`${subjectOf(proposal)}, proposed by ${proposal.proposedBy.name}. Nothing changes; the reason is kept with the proposal.`}
      texts={{
        confirm: isOwn ? 'Withdraw proposal' : 'Reject change',
        pending: isOwn ? 'Withdrawing...' : 'Rejecting...',
        failure: 'The proposal could not be rejected',
        label: 'Reason',
        hint: 'officers see it in the audit log.',
      }}
      kind="decision"
      field="reason"
      onConfirm={(reason, key) =>
        reject.mutateAsync({ proposal, reason, idempotencyKey: key }).then(toastAnswer)
      }
    />
  );
}

const pendingColumns: readonly DataTableColumn<Proposal>[] = [
  { id: 'subject', header: 'Change', cell: (row) => <SubjectCell proposal={row} /> },
  { id: 'changes', header: 'Before → after', cell: (row) => <ChangeList proposal={row} /> },
  { id: 'proposed', header: 'Proposed by', cell: (row) => <ProposedCell proposal={row} /> },
  {
    id: 'expires',
    header: 'Expires',
    cell: (row) => (
      <span className="block min-w-24 whitespace-normal">
        {formatDisplayDateTime(row.expiresAt)}
      </span>
    ),
  },
];

const decidedColumns: readonly DataTableColumn<Proposal>[] = [
  ...pendingColumns.slice(0, 3),
  {
    id: 'decision',
    header: 'Decision',
    cell: (row) => (
      <span className="block max-w-64 min-w-32 whitespace-normal">
        <StatusBadge of={PROPOSAL_STATUS_DISPLAY} status={row.status} />
        {row.decidedBy ? (
          <span className="block text-sm text-muted-foreground">
            {row.decidedBy.name}
            {row.decidedAt ? `, ${formatDisplayDateTime(row.decidedAt)}` : ''}
          </span>
        ) : null}
        {row.rejectionReason ? (
          <span className="line-clamp-3 text-sm text-muted-foreground">{row.rejectionReason}</span>
        ) : null}
      </span>
    ),
  },
];

/**
 * The Approvals queue (docs/administrators.md "Approvals"): changes one officer proposed that a
 * different officer approves or rejects, then the latest decided ones. An officer never sees
 * Approve on their own proposal or on one about themself; they may withdraw their own.
 */
export function ApprovalsView() {
  const { user } = useAuth();
  const pending = useProposals('pending');
  const decided = useProposals('decided');
  const pendingRows = pending.data?.data ?? [];
  const decidedRows = decided.data?.data ?? [];
  return (
    <div className="grid grid-cols-1 gap-8">
      <section aria-labelledby="approvals-pending" className="grid grid-cols-1 gap-3">
        <h2 id="approvals-pending" className="text-lg font-semibold">
          Waiting for a second officer
        </h2>
        <QueryState
          isPending={pending.isPending}
          errorMessage={
            pending.isError ? failureMessage(pending.error, 'Failed to fetch approvals') : null
          }
          onRetry={() => void pending.refetch()}
          isEmpty={pendingRows.length === 0}
          emptyMessage="Nothing is waiting for approval."
          loadingLabel="Loading approvals"
        >
          <DataTable
            caption="Changes waiting for approval"
            columns={pendingColumns}
            rows={pendingRows}
            getRowId={(row) => row.id}
            getRowLabel={subjectOf}
            rowActions={(row) => {
              const isOwn = row.proposedBy.id === user?.id;
              return (
                // Stacked beside a desktop row, so the table fits beside the sidebar at 1280 px.
                <div className="flex flex-wrap justify-end gap-2 whitespace-normal md:max-w-40 md:flex-col md:items-end md:text-right">
                  {row.canApprove ? <ApproveDialog proposal={row} /> : null}
                  {row.canApprove || isOwn ? <RejectDialog proposal={row} isOwn={isOwn} /> : null}
                  {!row.canApprove && !isOwn ? (
                    <span className="text-sm text-muted-foreground">
                      {row.target?.id === user?.id
                        ? 'About you: another officer decides'
                        : 'Another officer decides'}
                    </span>
                  ) : null}
                  {isOwn ? (
                    <span className="text-sm text-muted-foreground">
                      Yours: another officer approves
                    </span>
                  ) : null}
                </div>
              );
            }}
          />
        </QueryState>
      </section>
      <section aria-labelledby="approvals-decided" className="grid grid-cols-1 gap-3">
        <h2 id="approvals-decided" className="text-lg font-semibold">
          Decided and expired
        </h2>
        <QueryState
          isPending={decided.isPending}
          errorMessage={
            decided.isError ? failureMessage(decided.error, 'Failed to fetch approvals') : null
          }
          onRetry={() => void decided.refetch()}
          isEmpty={decidedRows.length === 0}
          emptyMessage="No change was decided yet."
          loadingLabel="Loading decided changes"
        >
          <DataTable
            caption="Decided and expired changes"
            columns={decidedColumns}
            rows={decidedRows}
            getRowId={(row) => row.id}
            getRowLabel={subjectOf}
          />
        </QueryState>
      </section>
    </div>
  );
}
