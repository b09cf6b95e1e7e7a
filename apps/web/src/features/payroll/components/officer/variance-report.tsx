import type {
  PayrollGroupTotals,
  PayrollLinesNaira,
  PayrollPreview,
  PayrollVariance,
} from '@coop/shared/payroll';
import {
  PAYROLL_VARIANCE_DISPLAY,
  PAYROLL_VARIANCE_KINDS,
  PAYROLL_VARIANCE_LABELS,
  type PayrollVarianceKind,
} from '@coop/shared/payroll-rules';
import { formatNaira } from '@coop/shared/money';
import { useId, useState } from 'react';
import { DataTable, type DataTableColumn } from '../../../../components/list/data-table';
import { moneyColumn, statusColumn } from '../../../../components/list/columns';
import { Label } from '../../../../components/ui/label';
import { NativeSelect } from '../../../../components/ui/native-select';

/** '+₦5,000', '-₦5,000' or '₦0': a difference reads with its sign. */
const signed = (naira: number) => (naira > 0 ? `+${formatNaira(naira)}` : formatNaira(naira));

/** '1 short, 1 missing': a group's kinds that are not matched, or 'All matched'. */
function kindsSaid(counts: PayrollGroupTotals['counts']): string {
  const said = PAYROLL_VARIANCE_KINDS.filter((kind) => kind !== 'matched' && counts[kind] > 0).map(
    (kind) => `${counts[kind]} ${PAYROLL_VARIANCE_LABELS[kind].toLowerCase()}`,
  );
  return said.length > 0 ? `${counts.matched} matched, ${said.join(', ')}` : 'All matched';
}

const LINES: ReadonlyArray<[keyof Omit<PayrollLinesNaira, 'total'>, string]> = [
  ['instalment', 'Instalment'],
  ['savings', 'Savings'],
  ['shares', 'Shares'],
  ['fines', 'Fines'],
];

/** The lines where deducted differs from expected: 'Shares: ₦5,000 expected, ₦0 deducted'. */
function differingLines(row: PayrollVariance): string[] {
  return LINES.filter(([line]) => row.expected[line] !== row.deducted[line]).map(
    ([line, label]) =>
      `${label}: ${formatNaira(row.expected[line])} expected, ${formatNaira(row.deducted[line])} deducted`,
  );
}

const groupColumns: readonly DataTableColumn<PayrollGroupTotals>[] = [
  {
    id: 'group',
    header: 'Payroll group',
    cell: (group) => (
      <span className="grid">
        <span>{group.code ?? '—'}</span>
        <span className="text-muted-foreground">{group.name}</span>
      </span>
    ),
  },
  { id: 'members', header: 'Members', align: 'end', cell: (group) => group.members },
  moneyColumn('expected', 'Expected', (group) => group.expected),
  moneyColumn('deducted', 'Deducted', (group) => group.deducted),
  { id: 'difference', header: 'Difference', align: 'end', cell: (g) => signed(g.difference) },
  { id: 'kinds', header: 'Members by kind', cell: (group) => kindsSaid(group.counts) },
];

const memberColumns: readonly DataTableColumn<PayrollVariance>[] = [
  {
    id: 'member',
    header: 'Member',
    cell: (row) => (
      <span className="grid">
        <span>{row.memberName}</span>
        <span className="text-muted-foreground">
          {row.membershipId}
          {row.payrollGroup ? ` · ${row.payrollGroup}` : ''}
        </span>
      </span>
    ),
  },
  moneyColumn('expected', 'Expected', (row) => row.expected.total),
  moneyColumn('deducted', 'Deducted', (row) => row.deducted.total),
  { id: 'difference', header: 'Difference', align: 'end', cell: (row) => signed(row.difference) },
  {
    id: 'lines',
    header: 'Lines that differ',
    cell: (row) => {
      const lines = differingLines(row);
      return lines.length > 0 ? (
        <span className="grid text-sm whitespace-normal">
          {lines.map((line) => (
            <span key={line}>{line}</span>
          ))}
        </span>
      ) : (
        '—'
      );
    },
  },
  statusColumn(PAYROLL_VARIANCE_DISPLAY, (row) => row.kind),
];

/**
 * The variance report of a payroll preview (docs/decisions/155-payroll-actuals.md): each payroll
 * group's expected, deducted and difference with its members by kind, then every member to post
 * beside what was expected, filtered by kind.
 */
export function VarianceReport({ preview }: { preview: PayrollPreview }) {
  const [kind, setKind] = useState<PayrollVarianceKind | 'all'>('all');
  const filterId = useId();
  if (preview.variances.length === 0) return null;
  const shown =
    kind === 'all' ? preview.variances : preview.variances.filter((row) => row.kind === kind);
  return (
    <section aria-labelledby="payroll-variances" className="grid grid-cols-1 gap-4">
      <h3 id="payroll-variances" className="text-base font-semibold">
        Variance report: deducted against expected
      </h3>
      <DataTable
        caption="Totals per payroll group"
        columns={groupColumns}
        rows={preview.groups}
        getRowId={(group) => group.code ?? 'none'}
        getRowLabel={(group) => group.name}
      />
      <div className="grid max-w-xs gap-2">
        <Label htmlFor={filterId}>Show members</Label>
        <NativeSelect
          id={filterId}
          value={kind}
          onChange={(event) => setKind(event.target.value as PayrollVarianceKind | 'all')}
        >
          <option value="all">All ({preview.variances.length})</option>
          {PAYROLL_VARIANCE_KINDS.map((value) => (
            <option key={value} value={value}>
              {PAYROLL_VARIANCE_LABELS[value]} ({preview.counts[value]})
            </option>
          ))}
        </NativeSelect>
      </div>
      {shown.length > 0 ? (
        <DataTable
          caption="Members, deducted against expected"
          columns={memberColumns}
          rows={shown}
          getRowId={(row) => row.membershipId}
          getRowLabel={(row) => `${row.memberName}, ${row.membershipId}`}
        />
      ) : (
        <p className="text-muted-foreground">
          No member is {PAYROLL_VARIANCE_LABELS[kind === 'all' ? 'matched' : kind].toLowerCase()}.
        </p>
      )}
    </section>
  );
}
