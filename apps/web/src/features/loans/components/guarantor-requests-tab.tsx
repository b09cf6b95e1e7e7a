import type { GuarantorRequest } from '@coop/shared/guarantors';
import {
  GUARANTOR_STATUS_DISPLAY,
  LOAN_MESSAGES,
  LOAN_STATUS_DISPLAY,
} from '@coop/shared/loan-rules';
import { FALLBACK_MESSAGES } from '@coop/shared/messages';
import { koboToNaira, nairaToKobo } from '@coop/shared/money';
import { BalanceAfter } from '../../../components/ui/balance-after';
import { useState } from 'react';
import { toast } from '../../../lib/toast';
import { DataTable, type DataTableColumn } from '../../../components/list/data-table';
import { ListFilters } from '../../../components/list/list-filters';
import { ListPager } from '../../../components/list/pagination-footer';
import { QueryState } from '../../../components/list/query-state';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/dialogs/confirm-dialog';
import { FormDialog } from '../../../components/dialogs/form-dialog';
import { ReasonDialog } from '../../../components/dialogs/reason-dialog';
import { failureMessage, toApiError } from '../../../lib/api-client';
import { usePageInRange, type ListParams } from '../../../lib/use-list-params';
import { useAnswerGuarantorRequest } from '../api/answer-guarantor-request';
import { useGuarantorRequests } from '../api/get-guarantor-requests';
import { displayDate, naira } from './loan-format';
import {
  GUARANTOR_REQUEST_FILTERS,
  GUARANTOR_REQUEST_LIST_CONFIG,
  GUARANTOR_REQUEST_SEARCH,
  type GuarantorRequestSortField,
} from './loan-list-config';
import { StatusBadge } from '../../../components/ui/status-badge';

type Pending = { request: GuarantorRequest; decision: 'accept' | 'reject' } | null;

/**
 * What accepting does to the guarantor's money, before they decide
 * (docs/decisions/163-phone-money-lists-and-figures.md): the available savings now and after the
 * freeze, and that it cannot be taken back.
 */
function AcceptFigures({
  guaranteeAmount,
  availableSavings,
}: {
  guaranteeAmount: number;
  availableSavings: number | null;
}) {
  const after =
    availableSavings === null
      ? null
      : koboToNaira(nairaToKobo(availableSavings) - nairaToKobo(guaranteeAmount));
  return (
    <div className="grid gap-3 text-sm">
      {availableSavings === null ? null : (
        <BalanceAfter
          label="Available savings"
          before={availableSavings}
          after={after !== null && after >= 0 ? after : null}
          afterLabel="After the freeze"
        />
      )}
      {after !== null && after < 0 ? (
        <p role="alert" className="font-medium text-destructive">
          {LOAN_MESSAGES.guaranteeAboveAvailable}
        </p>
      ) : null}
      <p className="font-medium">{LOAN_MESSAGES.guaranteeIrreversible}</p>
    </div>
  );
}

/**
 * The failure toast's text (docs/member-portal.md §8): the server message, else the error's, else
 * the fallback.
 */
function answerFailure(error: unknown, fallback: string): string {
  const apiError = toApiError(error);
  return (
    apiError.serverMessage ?? (error instanceof Error && error.message ? error.message : fallback)
  );
}

/**
 * docs/member-portal.md §2: borrower, loan ID, loan amount, guarantee amount, term, status, date.
 */
const COLUMNS: readonly DataTableColumn<GuarantorRequest>[] = [
  {
    id: 'borrower',
    header: 'Borrower',
    cell: (row) => (
      <span className="font-medium">
        {row.loanId.userId.firstName} {row.loanId.userId.lastName}
      </span>
    ),
  },
  {
    id: 'loanId',
    header: 'Loan ID',
    cell: (row) => <span className="font-mono">{row.loanId.loanId}</span>,
  },
  {
    id: 'loanAmount',
    header: 'Loan Amount',
    align: 'end',
    cell: (row) => naira(row.loanId.requestedAmount),
  },
  {
    id: 'guaranteeAmount',
    header: 'Guarantee Amount',
    align: 'end',
    cell: (row) => <span className="font-semibold">{naira(row.guaranteeAmount)}</span>,
  },
  { id: 'term', header: 'Term', cell: (row) => `${row.loanId.repaymentTermMonths} months` },
  {
    id: 'status',
    header: 'Status',
    cell: (row) => <StatusBadge of={GUARANTOR_STATUS_DISPLAY} status={row.status} />,
  },
  { id: 'date', header: 'Date', cell: (row) => displayDate(row.invitationDate) },
];

/**
 * docs/member-portal.md §2 Guarantor Requests tab; the route owns the list's state
 * (docs/decisions/128-list-pages-route-owns-state.md).
 */
export function GuarantorRequestsTab({ list }: { list: ListParams<GuarantorRequestSortField> }) {
  const [answering, setAnswering] = useState<Pending>(null);
  const [details, setDetails] = useState<GuarantorRequest | null>(null);
  const requests = useGuarantorRequests(list.query);
  const answer = useAnswerGuarantorRequest();
  const rows = requests.data?.data ?? [];
  const availableSavings = requests.data?.summary.availableSavings ?? null;
  const errorMessage = requests.isError
    ? failureMessage(requests.error, FALLBACK_MESSAGES.fetchGuarantorRequests)
    : null;
  usePageInRange(list, requests);

  /** Resolves either way: a failure is a toast and the dialog closes (docs/member-portal.md §8). */
  const decide = (request: GuarantorRequest, decision: 'accept' | 'reject', reason?: string) =>
    answer.mutateAsync({ request, decision, reason: reason || undefined }).then(
      () => {
        toast.success(
          decision === 'accept' ? LOAN_MESSAGES.guarantorAccepted : LOAN_MESSAGES.guarantorRejected,
          reason && decision === 'reject' ? { description: `Reason: ${reason}` } : undefined,
        );
      },
      (error: unknown) => {
        toast.error(
          decision === 'accept' ? LOAN_MESSAGES.acceptFailedTitle : LOAN_MESSAGES.rejectFailedTitle,
          {
            description: answerFailure(
              error,
              decision === 'accept' ? LOAN_MESSAGES.acceptFailed : LOAN_MESSAGES.rejectFailed,
            ),
          },
        );
      },
    );
  const closeAnswer = (open: boolean) => (open ? undefined : setAnswering(null));

  return (
    <div className="grid gap-4">
      <ListFilters
        list={list}
        filters={GUARANTOR_REQUEST_FILTERS}
        search={GUARANTOR_REQUEST_SEARCH}
        title="Search guarantor requests"
        description="Find requests by borrower name, loan ID, status, invitation date or amount."
      />
      <QueryState
        isPending={requests.isPending}
        errorMessage={errorMessage}
        onRetry={() => void requests.refetch()}
        isEmpty={rows.length === 0}
        emptyMessage={LOAN_MESSAGES.noGuarantorRequests}
        loadingLabel="Loading guarantor requests"
      >
        <DataTable
          caption="Guarantor requests"
          columns={COLUMNS}
          rows={rows}
          getRowId={(row) => row.id}
          getRowLabel={(row) =>
            `${row.loanId.loanId} of ${row.loanId.userId.firstName} ${row.loanId.userId.lastName}`
          }
          busy={requests.isPlaceholderData}
          rowActions={(request) => (
            <div className="flex flex-wrap gap-2">
              <Button type="button" size="sm" variant="outline" onClick={() => setDetails(request)}>
                Details
              </Button>
              {request.status === 'pending' ? (
                <>
                  <Button
                    type="button"
                    size="sm"
                    onClick={() => setAnswering({ request, decision: 'accept' })}
                  >
                    Accept
                  </Button>
                  <Button
                    type="button"
                    size="sm"
                    variant="destructive"
                    onClick={() => setAnswering({ request, decision: 'reject' })}
                  >
                    Reject
                  </Button>
                </>
              ) : null}
            </div>
          )}
        />
      </QueryState>
      <ListPager
        list={list}
        page={requests.data}
        failed={errorMessage !== null}
        pageSizeOptions={GUARANTOR_REQUEST_LIST_CONFIG.pageSizeOptions}
        label="Guarantor request pages"
      />

      <ConfirmDialog
        open={answering?.decision === 'accept'}
        onOpenChange={closeAnswer}
        title="Accept guarantor request"
        description={
          answering
            ? `${naira(answering.request.guaranteeAmount)} of your contributions will be frozen until the loan is repaid.`
            : undefined
        }
        details={
          answering ? (
            <AcceptFigures
              guaranteeAmount={answering.request.guaranteeAmount}
              availableSavings={availableSavings}
            />
          ) : null
        }
        texts={{ confirm: 'Confirm Accept', pending: 'Accepting...' }}
        onConfirm={() => (answering ? decide(answering.request, 'accept') : Promise.resolve())}
      />
      <ReasonDialog
        open={answering?.decision === 'reject'}
        onOpenChange={closeAnswer}
        title="Reject guarantor request"
        description="You may tell the borrower why (optional)."
        kind="optionalNote"
        texts={{
          label: 'Reason (optional)',
          confirm: 'Confirm Reject',
          pending: 'Rejecting...',
          variant: 'destructive',
        }}
        onConfirm={(reason) =>
          answering ? decide(answering.request, 'reject', reason) : Promise.resolve()
        }
      />

      <FormDialog
        open={details !== null}
        onOpenChange={(open) => (open ? undefined : setDetails(null))}
        title={`Guarantor request ${details?.loanId.loanId ?? ''}`}
        description={
          details ? `${details.loanId.userId.firstName} ${details.loanId.userId.lastName}` : ''
        }
      >
        {details ? (
          <div className="grid gap-3 text-sm">
            <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
              <dt className="text-muted-foreground">Borrower e-mail</dt>
              <dd>{details.loanId.userId.email}</dd>
              <dt className="text-muted-foreground">Membership ID</dt>
              <dd>{details.loanId.userId.membershipId}</dd>
              <dt className="text-muted-foreground">Loan amount</dt>
              <dd>{naira(details.loanId.requestedAmount)}</dd>
              <dt className="text-muted-foreground">Purpose</dt>
              <dd>{details.loanId.purpose}</dd>
              <dt className="text-muted-foreground">Loan status</dt>
              <dd>
                <StatusBadge of={LOAN_STATUS_DISPLAY} status={details.loanId.status} />
              </dd>
            </dl>
            <div className="rounded-md border border-warning/40 bg-warning-soft p-3 text-warning-soft-foreground">
              If you accept, the guarantee amount of {naira(details.guaranteeAmount)} from your
              contributions will be frozen until the loan is repaid.
            </div>
          </div>
        ) : null}
      </FormDialog>
    </div>
  );
}
