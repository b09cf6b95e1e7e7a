import {
  LOAN_MESSAGES,
  LOAN_STATUS_DISPLAY,
  noLoansWithStatusMessage,
} from '@coop/shared/loan-rules';
import type { Loan, LoanGuarantor } from '@coop/shared/loans';
import { FALLBACK_MESSAGES } from '@coop/shared/messages';
import { AlertTriangle, RefreshCw } from 'lucide-react';
import { Fragment, useEffect, useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { ListFilters } from '../../../components/list/list-filters';
import { ListPager } from '../../../components/list/pagination-footer';
import { QueryState } from '../../../components/list/query-state';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { failureMessage } from '../../../lib/api-client';
import { countActiveFilters } from '../../../lib/list-filters';
import { usePageInRange, type ListParams } from '../../../lib/use-list-params';
import { cn } from '../../../lib/cn';
import { useLoans } from '../api/get-loans';
import { displayDate, naira } from './loan-format';
import {
  MY_LOAN_FILTERS,
  MY_LOAN_LIST_CONFIG,
  MY_LOAN_SEARCH,
  type MyLoanSortField,
} from './loan-list-config';
import { StatusBadge } from '../../../components/ui/status-badge';
import { LoanDetails } from './loan-details';

/** How many of the loan's instalments are past their due date unpaid. */
export function overdueInstalments(loan: Loan): number {
  return loan.repaymentSchedule.scheduleItems.filter((item) => item.status === 'overdue').length;
}

const COLUMNS = ['Loan ID', 'Purpose', 'Amount', 'Term', 'Date', 'Status', 'Actions'] as const;

/**
 * docs/member-portal.md §2 My Loans: the filter panel (search dialog on phones) with the list's
 * state in the URL, a table from 768 px up and cards below, View/Hide Details, Refresh, pagination
 * and the two empty states. The route owns the list's state
 * (docs/decisions/128-list-pages-route-owns-state.md).
 */
export function MyLoansTab({
  list,
  ...props
}: {
  list: ListParams<MyLoanSortField>;
  onReassign: (guarantor: LoanGuarantor, loan: Loan) => void;
}) {
  const loans = useLoans(list.query);
  const rows = loans.data?.data ?? [];
  // `?loan=LN-…` (a pending action's or a notification's link) opens that loan until the member
  // opens or closes one themselves (`undefined`: not chosen yet).
  const [params] = useSearchParams();
  const linked = rows.find((loan) => loan.loanId === params.get('loan'));
  const [chosen, setChosen] = useState<string | null | undefined>(undefined);
  const open = chosen === undefined ? (linked?.id ?? null) : chosen;
  const setOpen = setChosen;
  const linkedLoanId = chosen === undefined ? linked?.loanId : undefined;
  useEffect(() => {
    if (!linkedLoanId) return;
    // jsdom has no scrollIntoView; a browser brings the opened loan into view.
    document.querySelector(`tr[data-loan="${linkedLoanId}"]`)?.scrollIntoView?.({ block: 'start' });
  }, [linkedLoanId]);
  // A linked loan on another page of the list (or hidden by a filter's page) is searched for
  // by its ID, so it shows and opens wherever it was; the search stays as a chip to clear. The
  // history entry is replaced, so Back does not return to a list that would search again.
  const linkParam = params.get('loan');
  const settled = loans.isSuccess && !loans.isPlaceholderData;
  const { search: currentSearch, applyFilters } = list;
  useEffect(() => {
    if (!linkParam || chosen !== undefined || !settled || linked) return;
    if (currentSearch === linkParam) return;
    applyFilters({ search: linkParam }, { replace: true });
  }, [linkParam, chosen, settled, linked, currentSearch, applyFilters]);
  const status = typeof list.filters.status === 'string' ? list.filters.status : undefined;
  const filtered = countActiveFilters(list.filters, list.search) > 0;
  const errorMessage = loans.isError
    ? failureMessage(loans.error, FALLBACK_MESSAGES.fetchLoans)
    : null;

  usePageInRange(list, loans);

  return (
    <div className="grid gap-4">
      <div className="grid grid-cols-[1fr_auto] items-start gap-3">
        <ListFilters
          list={list}
          filters={MY_LOAN_FILTERS}
          search={MY_LOAN_SEARCH}
          title="Search loans"
          description="Find loans by loan ID, purpose, status, request date or amount."
        />
        <Button
          type="button"
          variant="outline"
          className="md:mt-2"
          disabled={loans.isFetching}
          onClick={() => void loans.refetch()}
        >
          <RefreshCw aria-hidden="true" className={cn(loans.isFetching && 'animate-spin')} />
          Refresh
        </Button>
      </div>
      <QueryState
        isPending={loans.isPending}
        errorMessage={errorMessage}
        onRetry={() => void loans.refetch()}
        isEmpty={rows.length === 0}
        emptyMessage={LOAN_MESSAGES.noLoans}
        // One empty state, its reason inside the same box rather than a second message below.
        emptyDetail={
          status ? noLoansWithStatusMessage(status) : !filtered ? LOAN_MESSAGES.noLoansYet : null
        }
        loadingLabel="Loading loans"
      >
        {/* From 768 px up the table scrolls sideways in its own box rather than widen the page. */}
        <div className="md:overflow-x-auto md:rounded-xl md:border">
          <table
            className={cn('block w-full text-sm md:table', loans.isPlaceholderData && 'opacity-60')}
            aria-busy={loans.isPlaceholderData}
          >
            <caption className="sr-only">Your loans</caption>
            <thead className="hidden md:table-header-group">
              <tr className="border-b text-left text-muted-foreground">
                {COLUMNS.map((column) => (
                  <th
                    key={column}
                    scope="col"
                    className={cn(
                      'px-3 py-2 font-medium',
                      column === 'Amount' && 'text-right',
                      column === 'Actions' && 'sr-only md:not-sr-only',
                    )}
                  >
                    {column}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="grid gap-3 md:table-row-group">
              {rows.map((loan) => {
                const expanded = open === loan.id;
                const overdue = overdueInstalments(loan);
                return (
                  <Fragment key={loan.id}>
                    <tr
                      data-loan={loan.loanId}
                      className={cn(
                        // The scroll margin keeps a linked loan clear of the sticky top bar.
                        'grid scroll-mt-20 grid-cols-2 gap-x-3 gap-y-2 rounded-xl border bg-card p-4 md:table-row md:rounded-none md:border-0 md:border-t md:bg-transparent md:p-0',
                        expanded && 'rounded-b-none border-b-0 md:bg-muted/40',
                      )}
                    >
                      {/* One cell per column; on a card, `order` puts the status beside the ID. */}
                      <Cell label="Loan ID" className="order-1">
                        <span className="font-mono whitespace-nowrap">{loan.loanId}</span>
                      </Cell>
                      <Cell label="Purpose" className="order-3 col-span-2 md:max-w-64">
                        <span className="line-clamp-2 md:line-clamp-1">{loan.purpose}</span>
                      </Cell>
                      <Cell label="Amount" className="order-4 md:text-right">
                        <span className="font-semibold tabular-nums">
                          {naira(loan.requestedAmount)}
                        </span>
                      </Cell>
                      <Cell label="Term" className="order-5">
                        {loan.repaymentTermMonths} months
                      </Cell>
                      <Cell label="Date" className="order-6">
                        {displayDate(loan.requestDate)}
                      </Cell>
                      <Cell
                        label="Status"
                        // min-w-0: on a half-width card column the badges wrap instead of
                        // widening the column past the card's edge.
                        className="order-2 min-w-0 justify-items-end md:justify-items-start"
                      >
                        <span className="flex flex-wrap justify-end gap-1 md:justify-start">
                          <StatusBadge of={LOAN_STATUS_DISPLAY} status={loan.status} />
                          {overdue > 0 ? (
                            <Badge
                              variant="danger"
                              className="whitespace-normal md:whitespace-nowrap"
                            >
                              <AlertTriangle aria-hidden="true" className="size-3" />
                              {overdue === 1
                                ? '1 overdue instalment'
                                : `${overdue} overdue instalments`}
                            </Badge>
                          ) : null}
                        </span>
                      </Cell>
                      <td className="order-7 col-span-2 md:px-3 md:py-2">
                        <Button
                          type="button"
                          size="sm"
                          variant="outline"
                          className="w-full md:w-auto"
                          aria-expanded={expanded}
                          aria-controls={`loan-details-${loan.id}`}
                          onClick={() => setOpen(expanded ? null : loan.id)}
                        >
                          {expanded ? 'Hide Details' : 'View Details'}
                          <span className="sr-only"> of {loan.loanId}</span>
                        </Button>
                      </td>
                    </tr>
                    {expanded ? (
                      <tr className="-mt-3 block md:mt-0 md:table-row">
                        <td
                          colSpan={COLUMNS.length}
                          className="block rounded-b-xl border border-t-0 bg-card px-4 pb-4 md:table-cell md:rounded-none md:border-0 md:bg-muted/40"
                        >
                          <LoanDetails loan={loan} onReassign={props.onReassign} />
                        </td>
                      </tr>
                    ) : null}
                  </Fragment>
                );
              })}
            </tbody>
          </table>
        </div>
      </QueryState>
      <ListPager
        list={list}
        page={loans.data}
        failed={errorMessage !== null}
        pageSizeOptions={MY_LOAN_LIST_CONFIG.pageSizeOptions}
        label="Loan pages"
      />
    </div>
  );
}

/** A table cell from 768 px up; on a card, the value under its small label. */
function Cell(props: { label: string; className?: string; children: ReactNode }) {
  return (
    <td className={cn('grid gap-0.5 md:table-cell md:px-3 md:py-2', props.className)}>
      <span className="text-xs text-muted-foreground md:hidden">{props.label}</span>
      {props.children}
    </td>
  );
}
