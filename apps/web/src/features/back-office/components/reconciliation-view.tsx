import { agree, countOf } from '@coop/shared/plurals';
import type { Reconciliation } from '@coop/shared/back-office';
import { formatDisplayDate, formatDisplayDateTime } from '@coop/shared/dates';
import { formatNaira } from '@coop/shared/money';
import { CircleCheck, CircleAlert } from 'lucide-react';
import { DataTable } from '../../../components/list/data-table';
import { Alert, AlertDescription, AlertTitle } from '../../../components/ui/alert';
import { moneyColumn } from '../../../components/list/columns';

type Account = Reconciliation['trialBalance']['accounts'][number];
type Flow = Reconciliation['cashFlow']['byKind'][number];

const label = (kind: string) => kind.charAt(0).toUpperCase() + kind.slice(1).replaceAll('_', ' ');

/** The books at a glance: trial balance, projections against the ledger, money in and out. */
export function ReconciliationView({ data }: { data: Reconciliation }) {
  const { trialBalance, projection, payrollReceivable, cashFlow } = data;
  return (
    <div className="grid grid-cols-1 gap-6">
      <p className="text-sm text-muted-foreground">
        As of {formatDisplayDateTime(data.asOf)} (Lagos time).
      </p>
      <section aria-labelledby="tb-heading" className="grid grid-cols-1 gap-3">
        <h2 id="tb-heading" className="text-lg font-semibold">
          Trial balance
        </h2>
        <Alert variant={trialBalance.balanced ? 'success' : 'destructive'}>
          {trialBalance.balanced ? (
            <CircleCheck aria-hidden="true" />
          ) : (
            <CircleAlert aria-hidden="true" />
          )}
          <AlertTitle>
            {trialBalance.balanced ? 'The ledger balances' : 'The ledger does not balance'}
          </AlertTitle>
          <AlertDescription>
            Debits {formatNaira(trialBalance.totalDebit)} · Credits{' '}
            {formatNaira(trialBalance.totalCredit)}
          </AlertDescription>
        </Alert>
        <DataTable<Account>
          caption="Trial balance"
          rows={trialBalance.accounts}
          getRowId={(row) => row.account}
          getRowLabel={(row) => row.account}
          columns={[
            {
              id: 'account',
              header: 'Account',
              cell: (row) => (
                <span className="grid">
                  <code className="text-xs">{row.account}</code>
                  <span className="whitespace-normal text-muted-foreground">{row.description}</span>
                </span>
              ),
            },
            { id: 'type', header: 'Type', cell: (row) => label(row.type) },
            {
              id: 'debit',
              header: 'Debit',
              align: 'end',
              cell: (row) => (row.debit ? formatNaira(row.debit) : ''),
            },
            {
              id: 'credit',
              header: 'Credit',
              align: 'end',
              cell: (row) => (row.credit ? formatNaira(row.credit) : ''),
            },
          ]}
        />
      </section>
      <section aria-labelledby="projection-heading" className="grid grid-cols-1 gap-3">
        <h2 id="projection-heading" className="text-lg font-semibold">
          Accounts’ balances against the ledger
        </h2>
        <Alert variant={projection.matches ? 'success' : 'destructive'}>
          {projection.matches ? (
            <CircleCheck aria-hidden="true" />
          ) : (
            <CircleAlert aria-hidden="true" />
          )}
          <AlertTitle>
            {projection.matches
              ? `All ${projection.members} accounts’ balances equal the ledger (members’ and officers’)`
              : `${countOf(projection.mismatches.length, 'account')} ${agree(projection.mismatches.length, 'differs', 'differ')} from the ledger`}
          </AlertTitle>
          {projection.matches ? null : (
            <AlertDescription>
              <ul className="list-disc pl-5">
                {projection.mismatches.map((row) => (
                  <li key={row.userId}>
                    {row.membershipId ?? row.userId}: shown savings{' '}
                    {formatNaira(row.projected?.savings ?? 0)}, ledger{' '}
                    {formatNaira(row.ledger.savings)}
                  </li>
                ))}
              </ul>
              Run <code>npm run admin -- check-ledger</code> on the server and see
              docs/operations.md.
            </AlertDescription>
          )}
        </Alert>
      </section>
      <section aria-labelledby="receivable-heading" className="grid grid-cols-1 gap-3">
        <h2 id="receivable-heading" className="text-lg font-semibold">
          Payroll receivable against the months
        </h2>
        <Alert variant={payrollReceivable.matches ? 'success' : 'destructive'}>
          {payrollReceivable.matches ? (
            <CircleCheck aria-hidden="true" />
          ) : (
            <CircleAlert aria-hidden="true" />
          )}
          <AlertTitle>
            {payrollReceivable.matches
              ? 'The payroll receivable equals what the posted months still owe'
              : 'The payroll receivable differs from what the posted months still owe'}
          </AlertTitle>
          <AlertDescription>
            Receivable in the ledger {formatNaira(payrollReceivable.receivable)} · Outstanding from
            employers {formatNaira(payrollReceivable.outstanding)}
          </AlertDescription>
        </Alert>
      </section>
      <section aria-labelledby="flow-heading" className="grid grid-cols-1 gap-3">
        <h2 id="flow-heading" className="text-lg font-semibold">
          Money in and out, {formatDisplayDate(cashFlow.startDate)} to{' '}
          {formatDisplayDate(cashFlow.endDate)}
        </h2>
        <dl className="grid grid-cols-3 gap-3">
          {(
            [
              ['Money in', cashFlow.moneyIn],
              ['Money out', cashFlow.moneyOut],
              ['Net', cashFlow.net],
            ] as const
          ).map(([name, amount]) => (
            <div key={name} className="rounded-xl border bg-card p-3">
              <dt className="text-sm text-muted-foreground">{name}</dt>
              <dd className="font-semibold tabular-nums">{formatNaira(amount)}</dd>
            </div>
          ))}
        </dl>
        {cashFlow.byKind.length === 0 ? (
          <p className="rounded-xl border bg-card p-4 text-sm text-muted-foreground">
            No money moved in this period
          </p>
        ) : (
          <DataTable<Flow>
            caption="Money in and out by kind"
            rows={cashFlow.byKind}
            getRowId={(row) => row.kind}
            getRowLabel={(row) => label(row.kind)}
            columns={[
              { id: 'kind', header: 'Kind', cell: (row) => label(row.kind) },
              moneyColumn('in', 'In', (row) => row.moneyIn),
              moneyColumn('out', 'Out', (row) => row.moneyOut),
            ]}
          />
        )}
      </section>
    </div>
  );
}
