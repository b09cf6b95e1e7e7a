import type { CsvUploadInput } from '@coop/shared/csv-uploads';
import type { PayrollPreview, PayrollRow } from '@coop/shared/payroll';
import { PAYROLL_FILE_HEADERS, PAYROLL_ROW_STATUS_DISPLAY } from '@coop/shared/payroll-rules';
import { formatMonth } from '@coop/shared/dates';
import { formatNaira } from '@coop/shared/money';
import { useState } from 'react';
import { DataTable, type DataTableColumn } from '../../../../components/list/data-table';
import { SubmitButton } from '../../../../components/form/submit-button';
import { Alert, AlertDescription } from '../../../../components/ui/alert';
import { StatusBadge } from '../../../../components/ui/status-badge';
import { usePostPayroll } from '../../api/post-payroll';
import { usePreviewPayroll } from '../../api/preview-payroll';
import { JobStatus } from '../../../../components/job-progress';
import { CsvFilePicker, CsvProblems } from '../../../../components/form/csv-file-picker';
import { moneyColumn } from '../../../../components/list/columns';
import { VarianceReport } from './variance-report';

const member: DataTableColumn<PayrollRow> = {
  id: 'member',
  header: 'Member',
  cell: (row) => (
    <span className="grid">
      <span>{row.memberName ?? 'Unknown'}</span>
      <span className="text-muted-foreground">{row.membershipId}</span>
    </span>
  ),
};

const status: DataTableColumn<PayrollRow> = {
  id: 'status',
  header: 'Status',
  cell: (row) => (
    <span className="grid grid-cols-1 gap-1">
      <StatusBadge of={PAYROLL_ROW_STATUS_DISPLAY} status={row.status} />
      {row.errors.map((error) => (
        <span key={error} className="text-sm whitespace-normal text-destructive">
          {error}
        </span>
      ))}
    </span>
  ),
};

const contributionColumns: readonly DataTableColumn<PayrollRow>[] = [
  { id: 'line', header: 'Line', cell: (row) => row.line },
  member,
  moneyColumn('savings', 'Savings', (row) => row.savings),
  moneyColumn('shares', 'Shares', (row) => row.shares),
  moneyColumn('total', 'Total', (row) => row.total),
];

/** With the optional repayment column: each row's repayment and the loan it goes to. */
const repaymentColumns: readonly DataTableColumn<PayrollRow>[] = [
  {
    id: 'repayment',
    header: 'Loan repayment',
    align: 'end',
    cell: (row) => (row.repayment > 0 ? formatNaira(row.repayment) : '—'),
  },
  { id: 'loan', header: 'Loan', cell: (row) => row.loanNumber ?? '—' },
];

/** Whether the file carried repayments (the optional column), so the preview shows them. */
const hasRepayments = (preview: PayrollPreview) =>
  preview.rows.some((row) => row.repayment > 0 || row.loanNumber !== null);

/** A one-total file's rows: the member's deducted total, allocated by the rule on posting. */
const totalColumns: readonly DataTableColumn<PayrollRow>[] = [
  contributionColumns[0] as DataTableColumn<PayrollRow>,
  member,
  moneyColumn('deducted', 'Deducted', (row) => row.deducted),
];

const columnsFor = (preview: PayrollPreview): readonly DataTableColumn<PayrollRow>[] =>
  preview.format === 'total'
    ? [...totalColumns, status]
    : hasRepayments(preview)
      ? [...contributionColumns, ...repaymentColumns, status]
      : [...contributionColumns, status];

/** Upload a month's deductions, check the preview, post it once. */
export function PayrollView() {
  const [state, setState] = useState<{
    upload: CsvUploadInput;
    preview: PayrollPreview;
    idempotencyKey: string;
  } | null>(null);
  const [posted, setPosted] = useState<string | null>(null);
  const previewPayroll = usePreviewPayroll();
  const post = usePostPayroll();
  const choose = async (upload: CsvUploadInput) => {
    const { data } = await previewPayroll.mutateAsync(upload);
    post.reset();
    setPosted(null);
    setState({ upload, preview: data, idempotencyKey: crypto.randomUUID() });
  };
  const preview = state?.preview;
  const problems = preview
    ? [
        ...preview.errors,
        ...preview.rows.flatMap((row) =>
          row.errors.map((message) => ({ line: row.line, message })),
        ),
      ]
    : [];
  const canPost = preview !== undefined && preview.month !== null && problems.length === 0;
  return (
    <div className="grid grid-cols-1 gap-6">
      <CsvFilePicker label="Payroll file" headers={PAYROLL_FILE_HEADERS} onChosen={choose} />
      {posted ? (
        <Alert variant="success" role="status">
          <AlertDescription>{posted}</AlertDescription>
        </Alert>
      ) : null}
      {preview ? (
        <section aria-labelledby="payroll-preview" className="grid grid-cols-1 gap-4">
          <h2 id="payroll-preview" className="text-lg font-semibold">
            {preview.month
              ? `${formatMonth(preview.month)}: preview of ${preview.fileName}`
              : `Preview of ${preview.fileName}`}
          </h2>
          <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
            {(
              [
                ['Rows', String(preview.totals.rows)],
                ['To post', String(preview.totals.newRows)],
                ['Already posted', String(preview.totals.alreadyPosted)],
                ['Errors', String(preview.totals.errorRows)],
                ['Savings to post', formatNaira(preview.totals.savings)],
                ['Shares to post', formatNaira(preview.totals.shares)],
                ['Total to post', formatNaira(preview.totals.total)],
                ['Members', String(preview.totals.members)],
                ...(preview.variances.length > 0
                  ? ([
                      ['Expected', formatNaira(preview.totals.expected)],
                      ['Deducted', formatNaira(preview.totals.deducted)],
                      ['Difference', formatNaira(preview.totals.difference)],
                    ] as const)
                  : []),
                ...(hasRepayments(preview)
                  ? ([['Loan repayments to post', formatNaira(preview.totals.repayments)]] as const)
                  : []),
              ] as const
            ).map(([label, value]) => (
              <div key={label} className="rounded-xl border bg-card p-3">
                <dt className="text-sm text-muted-foreground">{label}</dt>
                <dd className="font-semibold tabular-nums">{value}</dd>
              </div>
            ))}
          </dl>
          <CsvProblems
            title="Fix these problems and upload the file again: nothing is posted while a row has one"
            problems={problems}
          />
          {problems.length === 0 ? <VarianceReport preview={preview} /> : null}
          {preview.rows.length > 0 ? (
            <DataTable
              caption="Payroll rows"
              columns={columnsFor(preview)}
              rows={preview.rows}
              getRowId={(row) => String(row.line)}
              getRowLabel={(row) => `Line ${row.line}, ${row.membershipId}`}
            />
          ) : null}
          <JobStatus
            run={post}
            failure="The payroll could not be posted"
            doing="Posting"
            unit="rows"
          />
          <div>
            <SubmitButton
              disabled={!canPost}
              isPending={post.isPending}
              pendingLabel="Posting..."
              onClick={() =>
                state &&
                void post
                  .mutateAsync({ upload: state.upload, idempotencyKey: state.idempotencyKey })
                  .then(
                    // The preview is of a file now posted: it goes, the outcome stays.
                    ({ message }) => {
                      setState(null);
                      setPosted(message ?? 'Posted');
                    },
                    // The failure is the mutation's own state, shown by the job status above.
                    () => undefined,
                  )
              }
            >
              Post {preview.month ? formatMonth(preview.month) : 'payroll'}
            </SubmitButton>
          </div>
        </section>
      ) : null}
    </div>
  );
}
