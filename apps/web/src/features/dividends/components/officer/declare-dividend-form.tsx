import { Form } from '../../../../components/form/form';
import type {
  DividendMemberRow,
  DividendPreview,
  DividendPreviewRequest,
} from '@coop/shared/dividends';
import { formatDisplayDate } from '@coop/shared/dates';
import { formatNaira } from '@coop/shared/money';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from '../../../../lib/toast';
import { FormFailure } from '../../../../components/form/form-failure';
import { FormField } from '../../../../components/form/form-field';
import { SubmitButton } from '../../../../components/form/submit-button';
import { DataTable, type DataTableColumn } from '../../../../components/list/data-table';
import { Alert, AlertDescription } from '../../../../components/ui/alert';
import { Button } from '../../../../components/ui/button';
import { Input } from '../../../../components/ui/input';
import { showSubmitFailure } from '../../../../lib/apply-server-errors';
import { lazyResolver } from '../../../../lib/lazy-resolver';
import { useDeclareDividend } from '../../api/declare-dividend';
import { usePreviewDividend } from '../../api/preview-dividend';
import { ConfirmDialog } from '../../../../components/dialogs/confirm-dialog';

/** 1,050 basis points read as '10.5%'. */
export const formatRate = (rateBps: number) =>
  `${(rateBps / 100).toLocaleString('en-NG', { maximumFractionDigits: 2 })}%`;

/**
 * What rounding every member's dividend down to the kobo keeps back: whole naira like every other
 * figure, and 'less than ₦1' rather than a '₦0' that would read as nothing.
 */
const formatRetained = (naira: number) =>
  naira > 0 && naira < 1 ? 'less than ₦1' : formatNaira(naira);

const previewColumns: readonly DataTableColumn<DividendMemberRow>[] = [
  {
    id: 'member',
    header: 'Member',
    cell: (row) => (
      <span className="grid">
        <span className="font-medium">{row.name}</span>
        <span className="text-sm text-muted-foreground">{row.membershipId}</span>
      </span>
    ),
  },
  {
    id: 'shareHolding',
    header: 'Share Holdings on 31 Dec',
    align: 'end',
    cell: (row) => (row.shareHolding === null ? '' : formatNaira(row.shareHolding)),
  },
  { id: 'amount', header: 'Dividend', align: 'end', cell: (row) => formatNaira(row.amount) },
];

/**
 * Declaring writes a row per member and cannot be taken back, so the button opens a dialog that
 * restates the year, rate, members and total before anything is written.
 */
function DeclareDialog({
  preview,
  onDeclared,
}: {
  preview: DividendPreview;
  onDeclared: () => void;
}) {
  const declare = useDeclareDividend();
  const { members, amount } = preview.totals;
  return (
    <ConfirmDialog
      trigger={
        <Button disabled={preview.rows.length === 0}>
          Declare FY {preview.dividendYear} dividend
        </Button>
      }
      className="max-h-dvh overflow-y-auto"
      title={`Declare the FY ${preview.dividendYear} dividend?`}
      description={`${formatNaira(amount)} at ${formatRate(preview.rateBps)} for ${members} member${members === 1 ? '' : 's'}. A year is declared once and cannot be changed afterwards; nothing is paid until you pay it.`}
      texts={{
        confirm: 'Declare',
        pending: 'Declaring...',
        failure: 'The dividend could not be declared',
      }}
      onConfirm={(key) =>
        declare
          .mutateAsync({
            idempotencyKey: key,
            values: { dividendYear: preview.dividendYear, rateBps: preview.rateBps },
          })
          .then(({ message }) => {
            toast.success(message ?? `The ${preview.dividendYear} dividend was declared`);
            onDeclared();
          })
      }
    />
  );
}

function PreviewResult({
  preview,
  onDeclared,
}: {
  preview: DividendPreview;
  onDeclared: () => void;
}) {
  const headingId = useId();
  const totals: ReadonlyArray<readonly [string, string]> = [
    ['Members', String(preview.totals.members)],
    ['Share Holdings', formatNaira(preview.totals.shareHolding)],
    ['Dividend total', formatNaira(preview.totals.amount)],
    ['Kept by rounding', formatRetained(preview.totals.retainedByRounding)],
  ];
  return (
    <section aria-labelledby={headingId} className="grid grid-cols-1 gap-4">
      <h3 id={headingId} className="text-lg font-semibold">
        Preview: FY {preview.dividendYear} at {formatRate(preview.rateBps)}
      </h3>
      <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        {totals.map(([label, value]) => (
          <div key={label} className="rounded-xl border bg-card p-3">
            <dt className="text-sm text-muted-foreground">{label}</dt>
            <dd className="font-semibold tabular-nums">{value}</dd>
          </div>
        ))}
      </dl>
      <p className="text-sm text-muted-foreground">
        Share holdings as on {formatDisplayDate(preview.asOf)}. Each dividend is rounded down to the
        kobo; what rounding leaves stays with the cooperative. Nothing is written until you declare.
      </p>
      <div>
        <DeclareDialog preview={preview} onDeclared={onDeclared} />
      </div>
      {preview.rows.length > 0 ? (
        <DataTable
          caption={`Dividend per member, FY ${preview.dividendYear}`}
          columns={previewColumns}
          rows={preview.rows}
          getRowId={(row) => row.userId}
          getRowLabel={(row) => `${row.name}, ${row.membershipId}`}
        />
      ) : (
        <Alert role="status">
          <AlertDescription>
            No member held shares on 31 Dec {preview.dividendYear}: there is nothing to declare.
          </AlertDescription>
        </Alert>
      )}
    </section>
  );
}

type DividendFormValues = { dividendYear: string; rateBps: string };
const FIELDS = ['dividendYear', 'rateBps'] as const;
const resolver = lazyResolver<DividendFormValues, DividendPreviewRequest>(() =>
  import('./declare-dividend-validation').then((module) => module.declareDividendResolver),
);

/** Year and rate, a preview per member with totals, then Declare. */
export function DeclareDividendForm() {
  const id = useId();
  const previewDividend = usePreviewDividend();
  const [preview, setPreview] = useState<DividendPreview | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<DividendFormValues, unknown, DividendPreviewRequest>({
    resolver,
    defaultValues: { dividendYear: String(new Date().getFullYear() - 1), rateBps: '' },
  });
  const onSubmit = (values: DividendPreviewRequest) =>
    previewDividend.mutateAsync(values).then(
      ({ data }) => setPreview(data),
      (error: unknown) =>
        showSubmitFailure(error, setError, FIELDS, 'The preview could not be calculated'),
    );
  const fieldError = errors.dividendYear ?? errors.rateBps;
  return (
    <section aria-labelledby={`${id}-title`} className="grid grid-cols-1 gap-4">
      <h2 id={`${id}-title`} className="text-xl font-semibold">
        Declare a dividend
      </h2>
      <Form
        submit={(event) => {
          // A new attempt hides the last preview, even one the checks then stop.
          setPreview(null);
          return handleSubmit(onSubmit)(event);
        }}
        preload={resolver.preload}
        className="grid grid-cols-1 gap-4 sm:grid-cols-[10rem_12rem_auto] sm:items-end"
      >
        <FormField id={`${id}-year`} label="Financial year" error={errors.dividendYear?.message}>
          <Input inputMode="numeric" autoComplete="off" {...register('dividendYear')} />
        </FormField>
        <FormField id={`${id}-rate`} label="Rate (%)" error={errors.rateBps?.message}>
          <Input
            inputMode="decimal"
            autoComplete="off"
            placeholder="e.g. 10"
            {...register('rateBps')}
          />
        </FormField>
        <div className={fieldError ? 'sm:self-center' : undefined}>
          <SubmitButton isPending={previewDividend.isPending} pendingLabel="Calculating...">
            Preview
          </SubmitButton>
        </div>
      </Form>
      <p className="text-sm text-muted-foreground">
        Each member receives the rate on their share holding of 31 December, rounded down to the
        kobo. A year is declared once; paying it credits every member’s savings.
      </p>
      <FormFailure message={errors.root?.server?.message} />
      {preview ? (
        <PreviewResult
          key={`${preview.dividendYear}-${preview.rateBps}`}
          preview={preview}
          onDeclared={() => setPreview(null)}
        />
      ) : null}
    </section>
  );
}
