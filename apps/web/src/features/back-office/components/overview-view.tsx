import type { AdminOverview, AdminQueueKey } from '@coop/shared/back-office';
import { formatMonth } from '@coop/shared/dates';
import { formatNaira } from '@coop/shared/money';
import { ArrowRight } from 'lucide-react';
import { Link } from 'react-router';
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '../../../components/ui/card';
import { paths } from '../../../config/paths';

/** Where each queue's page is, on the records waiting. */
const QUEUE_PAGES: Record<AdminQueueKey, string> = {
  disputes: paths.adminDisputes,
  withdrawals: `${paths.adminWithdrawals}?status=pending`,
  depositNotices: `${paths.adminDepositNotices}?status=pending`,
  deductionChanges: `${paths.adminPayrollChangeRequests}?status=pending`,
  loansToDisburse: `${paths.adminLoans}?status=approved`,
  disbursementsToApprove: `${paths.adminLoans}?status=awaiting_second_approval`,
  overdueInstalments: `${paths.adminLoans}?overdue=true`,
  approvals: paths.adminApprovals,
};

type NotRemitted = AdminOverview['payrollNotRemitted']['months'][number];

/**
 * The reconciliation's row of a month and group: filtered to it and singled out there
 * (payroll-reconciliation-list.tsx). Deductions with no group are filtered by their month.
 */
function notRemittedLink(row: Pick<NotRemitted, 'month' | 'payrollGroup'>): string {
  const query = new URLSearchParams({ month: row.month });
  if (row.payrollGroup) query.set('group', row.payrollGroup.code);
  return `${paths.adminReconciliation}?${query.toString()}`;
}

/** The administrator's landing page: members, money under management, this month, the queues. */
export function OverviewView({ overview }: { overview: AdminOverview }) {
  const { members, moneyUnderManagement: money, deductionsThisMonth: month } = overview;
  const notRemitted = overview.payrollNotRemitted;
  return (
    <div className="grid grid-cols-1 gap-6">
      <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
        <Card>
          <CardHeader>
            <CardDescription>Members (officers not counted)</CardDescription>
            <CardTitle className="text-3xl tabular-nums">{members.total}</CardTitle>
          </CardHeader>
          <CardContent className="text-sm text-muted-foreground">
            {members.active} active · {members.notActivated} not activated · {members.suspended}{' '}
            suspended
            <div className="mt-2">
              <Link
                className="font-medium text-primary underline-offset-4 hover:underline"
                to={paths.adminMembers}
              >
                Manage members
              </Link>
            </div>
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardDescription>Money under management</CardDescription>
            <CardTitle className="text-3xl tabular-nums">{formatNaira(money.total)}</CardTitle>
          </CardHeader>
          <CardContent className="text-sm text-muted-foreground">
            Savings {formatNaira(money.savings)} · Share Holdings {formatNaira(money.shares)}
            <br />
            Loans outstanding {formatNaira(money.outstandingLoans)}
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardDescription>Deductions posted for {formatMonth(month.month)}</CardDescription>
            <CardTitle className="text-3xl tabular-nums">{formatNaira(month.amount)}</CardTitle>
          </CardHeader>
          <CardContent className="text-sm text-muted-foreground">
            {month.contributions} contribution{month.contributions === 1 ? '' : 's'}
            <div className="mt-2">
              <Link
                className="font-medium text-primary underline-offset-4 hover:underline"
                to={paths.adminPayroll}
              >
                Post a payroll month
              </Link>
            </div>
          </CardContent>
        </Card>
      </div>
      {notRemitted.count > 0 ? (
        <section aria-labelledby="not-remitted-heading" className="grid grid-cols-1 gap-3">
          <h2 id="not-remitted-heading" className="text-lg font-semibold">
            Payroll not yet remitted in full
          </h2>
          <ul className="grid grid-cols-1 gap-2">
            {notRemitted.months.map((row) => (
              <li key={`${row.month}:${row.payrollGroup?.id ?? ''}`}>
                <Link
                  to={notRemittedLink(row)}
                  className="flex flex-wrap items-center gap-x-3 gap-y-1 rounded-xl border bg-card p-4 hover:bg-accent focus-visible:outline-2 focus-visible:outline-ring"
                >
                  <span className="flex-1 font-medium">
                    {formatMonth(row.month)} · {row.payrollGroup?.code ?? 'No payroll group'}
                  </span>
                  <span className="tabular-nums">{formatNaira(row.outstanding)} outstanding</span>
                  <ArrowRight aria-hidden="true" className="size-4" />
                </Link>
              </li>
            ))}
          </ul>
          {notRemitted.count > notRemitted.months.length ? (
            <Link
              className="text-sm font-medium text-primary underline-offset-4 hover:underline"
              to={paths.adminReconciliation}
            >
              All {notRemitted.count} months not remitted in full
            </Link>
          ) : null}
        </section>
      ) : null}
      <section aria-labelledby="queues-heading" className="grid grid-cols-1 gap-3">
        <h2 id="queues-heading" className="text-lg font-semibold">
          Waiting for you
        </h2>
        <ul className="grid grid-cols-1 gap-2">
          {overview.queues.map((queue) => (
            <li key={queue.key}>
              <Link
                to={QUEUE_PAGES[queue.key]}
                className="flex items-center gap-3 rounded-xl border bg-card p-4 hover:bg-accent focus-visible:outline-2 focus-visible:outline-ring"
              >
                <span className="flex-1 font-medium">{queue.label}</span>
                <span className="rounded-full bg-primary px-2.5 py-0.5 text-sm font-semibold text-primary-foreground tabular-nums">
                  {queue.count}
                </span>
                <ArrowRight aria-hidden="true" className="size-4" />
              </Link>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
