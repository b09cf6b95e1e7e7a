import { LOAN_MESSAGES, loanStatusLabel, noLoansWithStatusMessage } from '@coop/shared/loan-rules';
import type { Loan, LoanGuarantor } from '@coop/shared/loans';
import { FALLBACK_MESSAGES } from '@coop/shared/messages';
import { AlertTriangle, RefreshCw } from 'lucide-react';
import { Fragment, useEffect, useId, useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { DataTable, type DataTableColumn } from '../../../components/list/data-table';
import { PaginationFooter } from '../../../components/list/pagination-footer';
import { QueryState } from '../../../components/list/query-state';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { failureMessage } from '../../../lib/api-client';
import { countActiveFilters } from '../../../lib/list-filters';
import { useListParams } from '../../../lib/use-list-params';
import { cn } from '../../../lib/cn';
import { useLoans } from '../api/get-loans';
import { displayDate, naira } from './loan-format';
import { LoanListFilters } from './loan-list-filters';
import { MY_LOAN_FILTERS, MY_LOAN_LIST_CONFIG, MY_LOAN_SEARCH } from './loan-list-config';
import { StatusBadge } from './loan-status-badge';

type ScheduleItem = Loan['repaymentSchedule']['scheduleItems'][number];
type RepaymentRecord = Loan['repaymentRecords'][number];

/** Before disbursement a loan owes nothing; its outstanding balance is not a figure yet. */
const OWES_NOTHING_YET: ReadonlySet<Loan['status']> = new Set([
  'pending',
  'under_review',
  'approved',
  'rejected',
]);

const SCHEDULE_COLUMNS: readonly DataTableColumn<ScheduleItem>[] = [
  { id: 'month', header: 'Month', cell: (item) => item.month },
  { id: 'due', header: 'Due date', cell: (item) => displayDate(item.dueDate) },
  {
    id: 'principal',
    header: 'Principal',
    align: 'end',
    cell: (item) => naira(item.principalAmount),
  },
  { id: 'interest', header: 'Interest', align: 'end', cell: (item) => naira(item.interestAmount) },
  { id: 'total', header: 'Total', align: 'end', cell: (item) => naira(item.totalAmount) },
  { id: 'balance', header: 'Balance', align: 'end', cell: (item) => naira(item.remainingBalance) },
  { id: 'status', header: 'Status', cell: (item) => <StatusBadge status={item.status} /> },
];

const HISTORY_COLUMNS: readonly DataTableColumn<RepaymentRecord>[] = [
  { id: 'date', header: 'Date', cell: (record) => displayDate(record.paymentDate) },
  { id: 'amount', header: 'Amount', align: 'end', cell: (record) => naira(record.amount) },
  {
    id: 'method',
    header: 'Method',
    cell: (record) =>
      `${loanStatusLabel(record.paymentMethod)}${record.bankDetails ? ` (${record.bankDetails.bankName})` : ''}`,
  },
  {
    id: 'type',
    header: 'Type',
    cell: (record) => (
      <>
        {loanStatusLabel(record.repaymentType)}
        {record.isEarlyPayment ? (
          <span className="ml-1 text-xs text-success">Early payment</span>
        ) : null}
      </>
    ),
  },
  { id: 'status', header: 'Status', cell: (record) => <StatusBadge status={record.status} /> },
  {
    id: 'after',
    header: 'Balance after',
    align: 'end',
    cell: (record) => naira(record.newBalance),
  },
];

/** How many of the loan's instalments are past their due date unpaid. */
export function overdueInstalments(loan: Loan): number {
  return loan.repaymentSchedule.scheduleItems.filter((item) => item.status === 'overdue').length;
}

const COLUMNS = ['Loan ID', 'Purpose', 'Amount', 'Term', 'Date', 'Status', 'Actions'] as const;

/** A guarantor who declined a pending loan, on a place never reassigned before (once per place). */
export function canReassign(guarantor: LoanGuarantor, loan: Loan): boolean {
  return guarantor.status === 'rejected' && !guarantor.isReplacement && loan.status === 'pending';
}

/**
 * Spec §2 My Loans: the filter panel (search dialog on phones) with the list's state in the URL,
 * a table from 768 px up and cards below, View/Hide Details, Refresh, pagination and the two empty
 * states.
 */
export function MyLoansTab(props: { onReassign: (guarantor: LoanGuarantor, loan: Loan) => void }) {
  const list = useListParams(MY_LOAN_LIST_CONFIG);
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

  // Only the current query's own answer says how many pages there are.
  const totalPages = loans.isPlaceholderData ? undefined : loans.data?.pagination.totalPages;
  const { page, keepPageInRange } = list;
  useEffect(() => {
    if (totalPages !== undefined && page > totalPages) keepPageInRange(totalPages);
  }, [page, totalPages, keepPageInRange]);

  return (
    <div className="grid gap-4">
      <div className="grid grid-cols-[1fr_auto] items-start gap-3">
        <LoanListFilters
          list={list}
          filters={MY_LOAN_FILTERS}
          search={MY_LOAN_SEARCH}
          dialogTitle="Search loans"
          dialogDescription="Find loans by loan ID, purpose, status, request date or amount."
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
                        className="order-2 justify-items-end md:justify-items-start"
                      >
                        <span className="flex flex-wrap justify-end gap-1 md:justify-start">
                          <StatusBadge status={loan.status} />
                          {overdue > 0 ? (
                            <Badge variant="danger">
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
      {loans.data && errorMessage === null ? (
        <PaginationFooter
          pagination={loans.data.pagination}
          pageSizeOptions={MY_LOAN_LIST_CONFIG.pageSizeOptions}
          onPageChange={list.setPage}
          onPageSizeChange={list.setPageSize}
          label="Loan pages"
        />
      ) : null}
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

function LoanDetails({
  loan,
  onReassign,
}: {
  loan: Loan;
  onReassign: (guarantor: LoanGuarantor, loan: Loan) => void;
}) {
  const facts = [
    ['Requested amount', naira(loan.requestedAmount)],
    ['Approved amount', naira(loan.approvedAmount)],
    ['Term', `${loan.repaymentTermMonths} months`],
    ['Interest rate', `${Math.round(loan.interestRate)}%`],
    ['Monthly payment', naira(loan.monthlyPayment)],
    ['Total repayment', naira(loan.totalRepayment)],
    // Nothing is owed before the money is paid out: say so rather than show ₦0.
    [
      'Outstanding balance',
      OWES_NOTHING_YET.has(loan.status)
        ? 'Nothing yet: starts when the loan is paid out'
        : naira(loan.outstandingBalance),
    ],
  ];
  const headingId = useId();
  return (
    <section
      id={`loan-details-${loan.id}`}
      aria-labelledby={headingId}
      className="grid gap-4 border-t pt-4 text-sm md:border-t-0"
    >
      <h3 id={headingId} className="sr-only">
        Details of {loan.loanId}
      </h3>
      <dl className="grid grid-cols-2 gap-2 md:grid-cols-4">
        {facts.map(([label, value]) => (
          <div key={label}>
            <dt className="text-muted-foreground">{label}</dt>
            <dd className="font-medium">{value}</dd>
          </div>
        ))}
      </dl>
      <section>
        <h3 className="mb-2 font-medium">Guarantors</h3>
        <ul className="grid gap-2">
          {loan.guarantors.map((g) => (
            <li
              key={g.id}
              className="grid grid-cols-[1fr_auto] items-center gap-x-3 gap-y-1 rounded-lg border p-3 md:flex md:flex-wrap md:rounded-none md:border-0 md:p-0"
            >
              <span className="font-medium">
                {g.firstName} {g.lastName}
              </span>
              <span className="justify-self-end md:order-last">
                <StatusBadge status={g.status} />
              </span>
              <span className="col-span-2 truncate text-muted-foreground">{g.email}</span>
              <span className="font-medium tabular-nums">{naira(g.guaranteeAmount)}</span>
              {canReassign(g, loan) ? (
                <Button
                  type="button"
                  size="sm"
                  variant="outline"
                  className="justify-self-end md:order-last"
                  onClick={() => onReassign(g, loan)}
                >
                  Reassign
                  <span className="sr-only">
                    {' '}
                    {g.firstName} {g.lastName}
                  </span>
                </Button>
              ) : null}
            </li>
          ))}
        </ul>
      </section>
      <section className="grid gap-2">
        <h3 className="font-medium">Repayment schedule</h3>
        {/* The balance runs down the total repayment, so it starts above the amount borrowed. */}
        <p className="text-muted-foreground">
          Balance is what is left to repay after each instalment, interest included.
        </p>
        <DataTable
          caption={`Repayment schedule of ${loan.loanId}`}
          columns={SCHEDULE_COLUMNS}
          rows={loan.repaymentSchedule.scheduleItems}
          getRowId={(item) => String(item.month)}
          getRowLabel={(item) => `Instalment ${item.month}`}
        />
      </section>
      <section className="grid gap-2">
        <h3 className="font-medium">Repayment history</h3>
        {loan.repaymentRecords.length === 0 ? (
          <p className="text-muted-foreground">No repayments yet.</p>
        ) : (
          <DataTable
            caption={`Repayment history of ${loan.loanId}`}
            columns={HISTORY_COLUMNS}
            rows={loan.repaymentRecords}
            getRowId={(record) => record.id}
            getRowLabel={(record) => `Repayment of ${displayDate(record.paymentDate)}`}
          />
        )}
      </section>
    </section>
  );
}
