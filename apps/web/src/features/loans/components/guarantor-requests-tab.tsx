import { DEFAULT_PAGE_SIZE } from '@coop/shared/constants';
import type { GuarantorRequest } from '@coop/shared/guarantors';
import { LOAN_MESSAGES } from '@coop/shared/loan-rules';
import { FALLBACK_MESSAGES } from '@coop/shared/messages';
import { useId, useState } from 'react';
import { toast } from 'sonner';
import { PaginationFooter } from '../../../components/list/pagination-footer';
import { QueryState } from '../../../components/list/query-state';
import { Button } from '../../../components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../../components/ui/dialog';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { NativeSelect } from '../../../components/ui/native-select';
import { Textarea } from '../../../components/ui/textarea';
import { failureMessage, toApiError } from '../../../lib/api-client';
import { useAnswerGuarantorRequest, useGuarantorRequests } from '../api/loans-api';
import { displayDate, naira } from './loan-format';
import { StatusBadge } from './loan-status-badge';

type Pending = { request: GuarantorRequest; decision: 'accept' | 'reject' } | null;

/** The failure toast's text (spec §8): the server message, else the error's, else the fallback. */
function answerFailure(error: unknown, fallback: string): string {
  const apiError = toApiError(error);
  return (
    apiError.serverMessage ?? (error instanceof Error && error.message ? error.message : fallback)
  );
}

/** Spec §2 Guarantor Requests tab. */
export function GuarantorRequestsTab(props: { initialStatus?: string }) {
  const [query, setQuery] = useState({
    page: 1,
    limit: DEFAULT_PAGE_SIZE,
    status: props.initialStatus ?? 'pending',
    search: '',
  });
  const [answering, setAnswering] = useState<Pending>(null);
  const [details, setDetails] = useState<GuarantorRequest | null>(null);
  const [reason, setReason] = useState('');
  const searchId = useId();
  const statusId = useId();
  const reasonId = useId();
  const requests = useGuarantorRequests({
    ...query,
    sortBy: 'invitationDate',
    sortOrder: 'desc',
  });
  const answer = useAnswerGuarantorRequest();
  const rows = requests.data?.data ?? [];

  const confirm = () => {
    if (!answering) return;
    const { request, decision } = answering;
    answer.mutate(
      { request, decision, reason: reason.trim() || undefined },
      {
        onSuccess: () => {
          toast.success(
            decision === 'accept'
              ? LOAN_MESSAGES.guarantorAccepted
              : LOAN_MESSAGES.guarantorRejected,
            reason.trim() && decision === 'reject'
              ? { description: `Reason: ${reason.trim()}` }
              : undefined,
          );
          setAnswering(null);
          setReason('');
        },
        onError: (error) => {
          toast.error(
            decision === 'accept'
              ? LOAN_MESSAGES.acceptFailedTitle
              : LOAN_MESSAGES.rejectFailedTitle,
            {
              description: answerFailure(
                error,
                decision === 'accept' ? LOAN_MESSAGES.acceptFailed : LOAN_MESSAGES.rejectFailed,
              ),
            },
          );
          setAnswering(null);
        },
      },
    );
  };

  return (
    <div className="grid gap-4">
      <div className="flex flex-wrap items-end gap-3">
        <div className="grid gap-1">
          <Label htmlFor={searchId}>Search</Label>
          <Input
            id={searchId}
            type="search"
            placeholder="Borrower name or loan ID"
            value={query.search}
            onChange={(event) => setQuery({ ...query, page: 1, search: event.target.value })}
          />
        </div>
        <div className="grid gap-1">
          <Label htmlFor={statusId}>Status</Label>
          <NativeSelect
            id={statusId}
            value={query.status}
            onChange={(event) => setQuery({ ...query, page: 1, status: event.target.value })}
          >
            <option value="pending">Pending</option>
            <option value="accepted">Accepted</option>
            <option value="rejected">Rejected</option>
          </NativeSelect>
        </div>
      </div>
      <QueryState
        isPending={requests.isPending}
        errorMessage={
          requests.isError
            ? failureMessage(requests.error, FALLBACK_MESSAGES.fetchGuarantorRequests)
            : null
        }
        onRetry={() => void requests.refetch()}
        isEmpty={rows.length === 0}
        emptyMessage={LOAN_MESSAGES.noGuarantorRequests}
        loadingLabel="Loading guarantor requests"
      >
        <ul className="grid gap-3">
          {rows.map((request) => {
            const borrower = request.loanId.userId;
            return (
              <li key={request.id} className="rounded-lg border p-4">
                <div className="grid gap-2 md:grid-cols-[1fr_8rem_8rem_8rem_5rem_6rem_7rem] md:items-center">
                  <span className="font-medium">
                    {borrower.firstName} {borrower.lastName}
                  </span>
                  <span className="font-mono text-sm">{request.loanId.loanId}</span>
                  <span>{naira(request.loanId.requestedAmount)}</span>
                  <span>Guarantee {naira(request.guaranteeAmount)}</span>
                  <span>{request.loanId.repaymentTermMonths} months</span>
                  <StatusBadge status={request.status} />
                  <span className="text-sm text-muted-foreground">
                    {displayDate(request.invitationDate)}
                  </span>
                </div>
                <div className="mt-3 flex flex-wrap gap-2">
                  <Button
                    type="button"
                    size="sm"
                    variant="outline"
                    onClick={() => setDetails(request)}
                  >
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
              </li>
            );
          })}
        </ul>
      </QueryState>
      {requests.data && rows.length > 0 ? (
        <PaginationFooter
          pagination={requests.data.pagination}
          pageSizeOptions={[10, 25, 50]}
          onPageChange={(page) => setQuery({ ...query, page })}
          onPageSizeChange={(limit) => setQuery({ ...query, page: 1, limit })}
          label="Guarantor request pages"
        />
      ) : null}

      <Dialog
        open={answering !== null}
        onOpenChange={(open) => (open ? undefined : setAnswering(null))}
      >
        <DialogContent>
          <DialogHeader>
            <DialogTitle>
              {answering?.decision === 'accept'
                ? 'Accept guarantor request'
                : 'Reject guarantor request'}
            </DialogTitle>
            <DialogDescription>
              {answering?.decision === 'accept'
                ? `${naira(answering.request.guaranteeAmount)} of your contributions will be frozen until the loan is repaid.`
                : 'You may tell the borrower why (optional).'}
            </DialogDescription>
          </DialogHeader>
          {answering?.decision === 'reject' ? (
            <div className="grid gap-2">
              <Label htmlFor={reasonId}>Reason (optional)</Label>
              <Textarea
                id={reasonId}
                value={reason}
                maxLength={500}
                onChange={(e) => setReason(e.target.value)}
              />
            </div>
          ) : null}
          <DialogFooter className="gap-2">
            <Button type="button" variant="outline" onClick={() => setAnswering(null)}>
              Cancel
            </Button>
            <Button
              type="button"
              variant={answering?.decision === 'reject' ? 'destructive' : 'default'}
              disabled={answer.isPending}
              onClick={confirm}
            >
              {answering?.decision === 'accept' ? 'Confirm Accept' : 'Confirm Reject'}
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>

      <Dialog
        open={details !== null}
        onOpenChange={(open) => (open ? undefined : setDetails(null))}
      >
        <DialogContent>
          <DialogHeader>
            <DialogTitle>Guarantor request {details?.loanId.loanId}</DialogTitle>
            <DialogDescription>
              {details
                ? `${details.loanId.userId.firstName} ${details.loanId.userId.lastName}`
                : ''}
            </DialogDescription>
          </DialogHeader>
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
                  <StatusBadge status={details.loanId.status} />
                </dd>
              </dl>
              <div className="rounded-md border border-warning/40 bg-warning-soft p-3 text-warning-soft-foreground">
                If you accept, the guarantee amount of {naira(details.guaranteeAmount)} from your
                contributions will be frozen until the loan is repaid.
              </div>
            </div>
          ) : null}
        </DialogContent>
      </Dialog>
    </div>
  );
}
