import { useId } from 'react';
import { DataTable, type DataTableColumn } from './data-table';

type RecordSectionProps<Row> = {
  title: string;
  rows: readonly Row[];
  /** How many there are in all, when the record lists only its latest rows: '(latest 5 of 12)'. */
  total?: number;
  columns: readonly DataTableColumn<NoInfer<Row>>[];
  /** Each row's name for its actions and its card: 'Loan LN-000003'. */
  label: (row: NoInfer<Row>) => string;
  /** Said instead of the table when there are no rows. */
  empty: string;
};

/**
 * A part of a record's page in the back office (a member's loans, a loan's repayments): its
 * heading, then its rows as a table (cards below 768 px), or `empty`.
 */
export function RecordSection<Row>({
  title,
  rows,
  total,
  columns,
  label,
  empty,
}: RecordSectionProps<Row>) {
  const headingId = useId();
  return (
    <section className="grid grid-cols-1 gap-3" aria-labelledby={headingId}>
      <h2 id={headingId} className="text-lg font-semibold">
        {title}
        {total === undefined ? null : (
          <>
            {' '}
            <span className="text-sm font-normal text-muted-foreground">
              {total > rows.length ? `(latest ${rows.length} of ${total})` : `(${total})`}
            </span>
          </>
        )}
      </h2>
      {rows.length === 0 ? (
        <p className="rounded-xl border bg-card p-4 text-sm text-muted-foreground">{empty}</p>
      ) : (
        <DataTable
          caption={title}
          columns={columns}
          rows={rows}
          getRowId={(row) => String((row as { id?: string | number }).id ?? '')}
          getRowLabel={label}
        />
      )}
    </section>
  );
}
