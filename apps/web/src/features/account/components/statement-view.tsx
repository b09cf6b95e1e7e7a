import { STATEMENT_MESSAGES, TRANSACTION_ACCOUNT_LABELS } from '@coop/shared/account-rules';
import { formatDisplayDate, toIsoDateInTimeZone } from '@coop/shared/dates';
import { formatNaira } from '@coop/shared/money';
import type { StatementAccountSummary } from '@coop/shared/transactions';
import { useMutation } from '@tanstack/react-query';
import { FileDown, FileSpreadsheet } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { toast } from '../../../lib/toast';
import { FormField } from '../../../components/form/form-field';
import { QueryState } from '../../../components/list/query-state';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { Input } from '../../../components/ui/input';
import { failureMessage } from '../../../lib/api-client';
import { saveFile } from '../../../lib/save-file';
import { downloadStatement } from '../api/download-statement';
import { useStatement } from '../api/get-statement';
import { TransactionsTable } from './transactions-table';

type Period = { startDate: string; endDate: string };

/** The default period: from the first of January to today (Lagos). */
export function defaultPeriod(now = new Date()): Period {
  const today = toIsoDateInTimeZone(now);
  return { startDate: `${today.slice(0, 4)}-01-01`, endDate: today };
}

function AccountSummary({ summary }: { summary: StatementAccountSummary }) {
  const rows: Array<[string, number]> = [
    ['Opening balance', summary.openingBalance],
    ['Money in', summary.totalIncrease],
    ['Money out', summary.totalDecrease],
  ];
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h3" className="text-base">
          {TRANSACTION_ACCOUNT_LABELS[summary.account]}
        </CardTitle>
      </CardHeader>
      <CardContent className="pt-3">
        <dl className="grid gap-1.5 text-sm">
          {rows.map(([label, amount]) => (
            <div key={label} className="flex justify-between gap-3">
              <dt className="text-muted-foreground">{label}</dt>
              <dd className="tabular-nums">{formatNaira(amount)}</dd>
            </div>
          ))}
          <div className="flex justify-between gap-3 border-t pt-1.5 font-semibold">
            <dt>Closing balance</dt>
            <dd className="tabular-nums">{formatNaira(summary.closingBalance)}</dd>
          </div>
        </dl>
      </CardContent>
    </Card>
  );
}

/** /reports/statement: a period's balances and movements, downloadable as PDF and CSV. */
export function StatementView({ initialPeriod = defaultPeriod() }: { initialPeriod?: Period }) {
  const [draft, setDraft] = useState<Period>(initialPeriod);
  const [period, setPeriod] = useState<Period>(initialPeriod);
  const [periodError, setPeriodError] = useState<string | undefined>();
  const statement = useStatement(period);
  const download = useMutation({
    mutationFn: (format: 'csv' | 'pdf') => downloadStatement({ ...period, format }),
    onSuccess: (file, format) => saveFile(file, `statement.${format}`),
    onError: (error) =>
      toast.error(STATEMENT_MESSAGES.downloadFailed, {
        description: failureMessage(error, 'Please try again.'),
      }),
  });

  const show = (event: FormEvent) => {
    event.preventDefault();
    if (!draft.startDate || !draft.endDate) {
      setPeriodError('Choose the first and the last day of the period');
      return;
    }
    if (draft.startDate > draft.endDate) {
      setPeriodError('Start date must be on or before end date');
      return;
    }
    setPeriodError(undefined);
    setPeriod(draft);
  };

  const data = statement.data?.data;
  return (
    <div className="grid gap-6">
      <Card>
        <CardContent className="pt-6">
          <form
            onSubmit={show}
            noValidate
            className="grid gap-4 sm:grid-cols-[1fr_1fr_auto] sm:items-end"
          >
            <FormField id="statement-start" label="From">
              <Input
                type="date"
                value={draft.startDate}
                max={draft.endDate || undefined}
                onChange={(event) => setDraft({ ...draft, startDate: event.target.value })}
              />
            </FormField>
            <FormField id="statement-end" label="To" error={periodError}>
              <Input
                type="date"
                value={draft.endDate}
                min={draft.startDate || undefined}
                onChange={(event) => setDraft({ ...draft, endDate: event.target.value })}
              />
            </FormField>
            <Button type="submit">Show statement</Button>
          </form>
        </CardContent>
      </Card>

      <QueryState
        isPending={statement.isPending}
        errorMessage={
          statement.isError
            ? failureMessage(statement.error, STATEMENT_MESSAGES.statementFailed)
            : null
        }
        onRetry={() => void statement.refetch()}
        isEmpty={false}
        emptyMessage={STATEMENT_MESSAGES.noTransactionsInPeriod}
        loadingLabel="Loading statement"
      >
        {data ? (
          <div className="grid gap-6">
            <div className="flex flex-wrap items-center justify-between gap-3">
              <h2 className="text-lg font-semibold">
                {formatDisplayDate(data.startDate)} to {formatDisplayDate(data.endDate)}
              </h2>
              <div className="flex flex-wrap gap-2">
                <Button
                  variant="outline"
                  disabled={download.isPending}
                  onClick={() => download.mutate('pdf')}
                >
                  <FileDown aria-hidden="true" />
                  Download PDF
                </Button>
                <Button
                  variant="outline"
                  disabled={download.isPending}
                  onClick={() => download.mutate('csv')}
                >
                  <FileSpreadsheet aria-hidden="true" />
                  Download CSV
                </Button>
              </div>
            </div>
            <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
              {data.accounts.map((summary) => (
                <AccountSummary key={summary.account} summary={summary} />
              ))}
            </div>
            {data.transactions.length === 0 ? (
              <p className="rounded-xl border border-dashed bg-card px-6 py-10 text-center font-medium">
                {STATEMENT_MESSAGES.noTransactionsInPeriod}
              </p>
            ) : (
              <TransactionsTable
                caption="Transactions in this period"
                transactions={data.transactions}
                busy={statement.isPlaceholderData}
              />
            )}
          </div>
        ) : null}
      </QueryState>
    </div>
  );
}
