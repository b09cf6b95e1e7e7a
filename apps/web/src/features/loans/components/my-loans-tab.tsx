import { DEFAULT_PAGE_SIZE } from '@coop/shared/constants';
import { LOAN_MESSAGES, loanStatusLabel, noLoansWithStatusMessage } from '@coop/shared/loan-rules';
import type { Loan, LoanGuarantor } from '@coop/shared/loans';
import { FALLBACK_MESSAGES } from '@coop/shared/messages';
import { useId, useState } from 'react';
import { PaginationFooter } from '../../../components/list/pagination-footer';
import { QueryState } from '../../../components/list/query-state';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { NativeSelect } from '../../../components/ui/native-select';
import { failureMessage } from '../../../lib/api-client';
import { useLoans } from '../api/loans-api';
import { displayDate, naira } from './loan-format';
import { StatusBadge } from './loan-status-badge';

const STATUSES = ['pending', 'approved', 'rejected', 'disbursed', 'repaid', 'defaulted'] as const;
const DEFAULTS = { page: 1, limit: DEFAULT_PAGE_SIZE, status: 'all', search: '' };

/** Spec §2 My Loans: filters, the list with details, Refresh, pagination and empty states. */
export function MyLoansTab(props: { onReassign: (guarantor: LoanGuarantor, loan: Loan) => void }) {
  const [query, setQuery] = useState(DEFAULTS);
  const [open, setOpen] = useState<string | null>(null);
  const searchId = useId();
  const statusId = useId();
  const loans = useLoans({
    page: query.page,
    limit: query.limit,
    sortBy: 'requestDate',
    sortOrder: 'desc',
    status: query.status,
    search: query.search,
  });
  const rows = loans.data?.data ?? [];
  const empty =
    query.status !== 'all' ? noLoansWithStatusMessage(query.status) : LOAN_MESSAGES.noLoans;

  return (
    <div className="grid gap-4">
      <div className="flex flex-wrap items-end gap-3">
        <div className="grid gap-1">
          <Label htmlFor={searchId}>Search</Label>
          <Input
            id={searchId}
            type="search"
            placeholder="Loan ID or purpose"
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
            <option value="all">All Status</option>
            {STATUSES.map((status) => (
              <option key={status} value={status}>
                {loanStatusLabel(status)}
              </option>
            ))}
          </NativeSelect>
        </div>
        <Button type="button" variant="outline" onClick={() => setQuery(DEFAULTS)}>
          Reset
        </Button>
        <Button type="button" variant="outline" onClick={() => void loans.refetch()}>
          Refresh
        </Button>
      </div>
      <QueryState
        isPending={loans.isPending}
        errorMessage={
          loans.isError ? failureMessage(loans.error, FALLBACK_MESSAGES.fetchLoans) : null
        }
        onRetry={() => void loans.refetch()}
        isEmpty={rows.length === 0}
        emptyMessage={empty}
        loadingLabel="Loading loans"
      >
        <ul className="grid gap-3">
          {rows.map((loan) => (
            <li key={loan.id} className="rounded-lg border p-4">
              <div className="grid gap-2 md:grid-cols-[8rem_1fr_8rem_5rem_7rem_7rem_auto] md:items-center">
                <span className="font-mono text-sm">{loan.loanId}</span>
                <span className="truncate">{loan.purpose}</span>
                <span className="font-medium">{naira(loan.requestedAmount)}</span>
                <span>{loan.repaymentTermMonths} months</span>
                <span className="text-sm text-muted-foreground">
                  {displayDate(loan.requestDate)}
                </span>
                <StatusBadge status={loan.status} />
                <Button
                  type="button"
                  size="sm"
                  variant="outline"
                  aria-expanded={open === loan.id}
                  onClick={() => setOpen(open === loan.id ? null : loan.id)}
                >
                  {open === loan.id ? 'Hide Details' : 'View Details'}
                </Button>
              </div>
              {open === loan.id ? <LoanDetails loan={loan} onReassign={props.onReassign} /> : null}
            </li>
          ))}
        </ul>
      </QueryState>
      {rows.length === 0 && query.status === 'all' && !loans.isPending && !loans.isError ? (
        <p className="text-center text-sm text-muted-foreground">{LOAN_MESSAGES.noLoansYet}</p>
      ) : null}
      {loans.data && rows.length > 0 ? (
        <PaginationFooter
          pagination={loans.data.pagination}
          pageSizeOptions={[10, 25, 50]}
          onPageChange={(page) => setQuery({ ...query, page })}
          onPageSizeChange={(limit) => setQuery({ ...query, page: 1, limit })}
          label="Loan pages"
        />
      ) : null}
    </div>
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
    ['Outstanding balance', naira(loan.outstandingBalance)],
  ];
  return (
    <div className="mt-4 grid gap-4 border-t pt-4 text-sm">
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
            <li key={g.id} className="flex flex-wrap items-center gap-3">
              <span className="font-medium">
                {g.firstName} {g.lastName}
              </span>
              <span className="text-muted-foreground">{g.email}</span>
              <span>{naira(g.guaranteeAmount)}</span>
              <StatusBadge status={g.status} />
              {g.status === 'rejected' && loan.status === 'pending' ? (
                <Button
                  type="button"
                  size="sm"
                  variant="outline"
                  onClick={() => onReassign(g, loan)}
                >
                  Reassign
                </Button>
              ) : null}
            </li>
          ))}
        </ul>
      </section>
      <section className="overflow-x-auto" tabIndex={0} aria-label="Repayment schedule">
        <h3 className="mb-2 font-medium">Repayment schedule</h3>
        <table className="w-full">
          <thead>
            <tr className="text-left text-muted-foreground">
              {['Month', 'Due date', 'Principal', 'Interest', 'Total', 'Balance', 'Status'].map(
                (h) => (
                  <th key={h} className="pr-3 font-medium">
                    {h}
                  </th>
                ),
              )}
            </tr>
          </thead>
          <tbody>
            {loan.repaymentSchedule.scheduleItems.map((item) => (
              <tr key={item.month} className="border-t">
                <td className="pr-3">{item.month}</td>
                <td className="pr-3">{displayDate(item.dueDate)}</td>
                <td className="pr-3">{naira(item.principalAmount)}</td>
                <td className="pr-3">{naira(item.interestAmount)}</td>
                <td className="pr-3">{naira(item.totalAmount)}</td>
                <td className="pr-3">{naira(item.remainingBalance)}</td>
                <td>
                  <StatusBadge status={item.status} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
      <section className="overflow-x-auto" tabIndex={0} aria-label="Repayment history">
        <h3 className="mb-2 font-medium">Repayment history</h3>
        {loan.repaymentRecords.length === 0 ? (
          <p className="text-muted-foreground">No repayments yet.</p>
        ) : (
          <table className="w-full">
            <thead>
              <tr className="text-left text-muted-foreground">
                {['Date', 'Amount', 'Method', 'Type', 'Status', 'Balance after'].map((h) => (
                  <th key={h} className="pr-3 font-medium">
                    {h}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {loan.repaymentRecords.map((record) => (
                <tr key={record.id} className="border-t">
                  <td className="pr-3">{displayDate(record.paymentDate)}</td>
                  <td className="pr-3">{naira(record.amount)}</td>
                  <td className="pr-3">
                    {loanStatusLabel(record.paymentMethod)}
                    {record.bankDetails ? ` (${record.bankDetails.bankName})` : ''}
                  </td>
                  <td className="pr-3">
                    {loanStatusLabel(record.repaymentType)}
                    {record.isEarlyPayment ? (
                      <span className="ml-1 text-xs text-success">Early payment</span>
                    ) : null}
                  </td>
                  <td className="pr-3">
                    <StatusBadge status={record.status} />
                  </td>
                  <td>{naira(record.newBalance)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
    </div>
  );
}
