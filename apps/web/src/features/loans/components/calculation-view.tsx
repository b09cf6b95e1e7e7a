import { LOAN_MESSAGES } from '@coop/shared/loan-rules';
import type { LoanCalculation } from '@coop/shared/loans';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { displayDate, naira } from './loan-format';

/**
 * The four summary cards, the Loan Breakdown, the schedule and the bullet notice
 * (docs/member-portal.md §2).
 */
export function CalculationView({ result }: { result: LoanCalculation }) {
  const c = result.calculation;
  const cards = [
    ['Amount', naira(c.requestedAmount)],
    ['Monthly Payment', naira(c.monthlyRepayment)],
    ['Interest Rate', `${Math.round(c.interestRate)}%`],
    ['Total Repayment', naira(c.totalRepaymentAmount)],
  ] as const;
  return (
    <div className="grid min-w-0 gap-4">
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        {cards.map(([label, value]) => (
          <Card key={label}>
            <CardContent className="p-4">
              <p className="text-xs text-muted-foreground">{label}</p>
              <p className="text-lg font-semibold">{value}</p>
            </CardContent>
          </Card>
        ))}
      </div>
      <Card>
        <CardHeader>
          <CardTitle>Loan Breakdown</CardTitle>
        </CardHeader>
        <CardContent>
          <dl className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 text-sm">
            <dt>
              Interest ({Math.round(c.interestRate)}% flat for {c.repaymentTermMonths} months)
            </dt>
            <dd className="text-right">{naira(c.interestAmount)}</dd>
            <dt>Insurance fee</dt>
            <dd className="text-right">{naira(c.insuranceFee)}</dd>
            <dt>Form fee</dt>
            <dd className="text-right">{naira(c.formFee)}</dd>
            <dt>Total processing fees</dt>
            <dd className="text-right">{naira(c.totalProcessingFees)}</dd>
            <dt>Total Fees</dt>
            <dd className="text-right">{naira(c.totalProcessingFees + c.interestAmount)}</dd>
            <dt className="font-medium">Amount disbursed</dt>
            <dd className="text-right font-medium">{naira(c.disbursementAmount)}</dd>
          </dl>
        </CardContent>
      </Card>
      {/* min-w-0: the schedule scrolls inside its card instead of widening the page. */}
      <Card className="min-w-0">
        <CardHeader>
          <CardTitle>Repayment Schedule</CardTitle>
          {/* The balance runs down the total repayment, so it starts above the amount borrowed. */}
          <p className="text-sm text-muted-foreground">{LOAN_MESSAGES.scheduleBalance}</p>
        </CardHeader>
        <CardContent className="overflow-x-auto" tabIndex={0} aria-label="Repayment schedule table">
          <table className="w-full text-sm">
            <thead>
              <tr className="text-left text-muted-foreground">
                <th className="py-1 pr-3 font-medium whitespace-nowrap">Month</th>
                <th className="py-1 pr-3 font-medium whitespace-nowrap">Payment</th>
                <th className="py-1 pr-3 font-medium whitespace-nowrap">Principal</th>
                <th className="py-1 pr-3 font-medium whitespace-nowrap">Interest</th>
                <th className="py-1 pr-3 font-medium whitespace-nowrap">Balance</th>
                <th className="py-1 font-medium whitespace-nowrap">Due Date</th>
              </tr>
            </thead>
            <tbody>
              {c.repaymentSchedule.map((item) => (
                <tr key={item.month} className="border-t">
                  <td className="py-1 pr-3 whitespace-nowrap">{item.month}</td>
                  <td className="py-1 pr-3 whitespace-nowrap">{naira(item.totalAmount)}</td>
                  <td className="py-1 pr-3 whitespace-nowrap">{naira(item.principalAmount)}</td>
                  <td className="py-1 pr-3 whitespace-nowrap">{naira(item.interestAmount)}</td>
                  <td className="py-1 pr-3 whitespace-nowrap">{naira(item.remainingBalance)}</td>
                  <td className="py-1 whitespace-nowrap">{displayDate(item.dueDate)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </CardContent>
      </Card>
      {result.bulletPayment ? (
        <div className="rounded-md border border-info/40 bg-info-soft p-4 text-sm text-info-soft-foreground">
          <p className="font-medium">Bullet Payment</p>
          <p>
            You may instead repay {naira(result.bulletPayment.totalRepaymentAmount)} in one payment
            on the last due date.
          </p>
        </div>
      ) : null}
    </div>
  );
}
