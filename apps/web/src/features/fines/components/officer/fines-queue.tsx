import type { AdminFine } from '@coop/shared/fines';
import { formatDisplayDate, toIsoDateInTimeZone } from '@coop/shared/dates';
import {
  FINE_MESSAGES,
  FINE_PAYMENT_SOURCES,
  FINE_STATUS_DISPLAY,
  type FinePaymentSource,
  isFineOverdue,
} from '@coop/shared/fine-rules';
import { formatNaira } from '@coop/shared/money';
import { useId, useState } from 'react';
import type { DataTableColumn } from '../../../../components/list/data-table';
import { Label } from '../../../../components/ui/label';
import type { ListParams } from '../../../../lib/use-list-params';
import { useOfficerFines } from '../../api/get-officer-fines';
import { useMarkFinePaid } from '../../api/mark-fine-paid';
import { useWaiveFine } from '../../api/waive-fine';
import { MemberCell, memberName, OfficerQueue } from '../../../../components/list/officer-queue';
import { FINE_FILTERS, FINE_LIST_CONFIG } from './fine-list-config';
import { ConfirmDialog } from '../../../../components/dialogs/confirm-dialog';
import {
  decisionTrigger,
  DialogFacts,
  toastAnswer,
} from '../../../../components/dialogs/form-dialog';
import { ReasonDialog } from '../../../../components/dialogs/reason-dialog';
import { moneyColumn, statusColumn } from '../../../../components/list/columns';

const PAID_FROM_LABELS: Record<FinePaymentSource, string> = {
  savings: 'From the member’s savings',
  bank_transfer: 'By bank transfer to the cooperative',
};

/* ------------------------------------------------------------------ settle */

function WaiveFineDialog({ row }: { row: AdminFine }) {
  const waive = useWaiveFine();
  return (
    <ReasonDialog
      trigger={decisionTrigger({
        label: 'Waive',
        context: `${memberName(row.member)}’s fine: ${row.reason}`,
      })}
      title="Waive fine"
      description={`${memberName(row.member)}: ${row.reason}, ${formatNaira(row.amount)}. Nothing will be owed; the member is told why.`}
      texts={{
        confirm: 'Waive fine',
        pending: 'Waiving...',
        failure: 'The fine could not be waived',
        label: 'Reason for waiving',
        hint: 'the member sees it.',
      }}
      kind="decision"
      field="note"
      onConfirm={(note, key) =>
        waive.mutateAsync({ id: row.id, note, idempotencyKey: key }).then(toastAnswer)
      }
    />
  );
}

function PaidFromChoice({
  value,
  onChange,
}: {
  value: FinePaymentSource;
  onChange: (value: FinePaymentSource) => void;
}) {
  const id = useId();
  return (
    <fieldset className="grid gap-2">
      <legend className="mb-1 text-sm font-medium">How was it paid?</legend>
      {FINE_PAYMENT_SOURCES.map((source) => (
        <div key={source} className="flex items-center gap-2">
          <input
            type="radio"
            id={`${id}-${source}`}
            name={`${id}-paid-from`}
            className="size-4 accent-primary"
            checked={value === source}
            onChange={() => onChange(source)}
          />
          <Label htmlFor={`${id}-${source}`}>{PAID_FROM_LABELS[source]}</Label>
        </div>
      ))}
    </fieldset>
  );
}

function MarkFinePaidDialog({ row }: { row: AdminFine }) {
  const pay = useMarkFinePaid();
  const [paidFrom, setPaidFrom] = useState<FinePaymentSource>('savings');
  return (
    <ConfirmDialog
      trigger={decisionTrigger({
        label: 'Mark paid',
        context: `${memberName(row.member)}’s fine: ${row.reason}`,
        variant: 'default',
      })}
      title="Mark fine paid"
      description="Records the payment through the ledger: from the member’s savings, or as a transfer the cooperative received."
      texts={{
        confirm: 'Mark paid',
        pending: 'Saving...',
        failure: 'The fine could not be marked paid',
      }}
      details={
        <>
          <DialogFacts
            facts={[
              ['Member', `${memberName(row.member)} (${row.member.membershipId})`],
              ['Reason', row.reason],
              ['Amount', formatNaira(row.amount)],
              ['Due', formatDisplayDate(row.dueDate)],
            ]}
          />
          <PaidFromChoice value={paidFrom} onChange={setPaidFrom} />
        </>
      }
      onConfirm={(key) =>
        pay.mutateAsync({ id: row.id, idempotencyKey: key, values: { paidFrom } }).then(toastAnswer)
      }
    />
  );
}

const columns = (today: string): readonly DataTableColumn<AdminFine>[] => [
  { id: 'member', header: 'Member', cell: (row) => <MemberCell member={row.member} /> },
  {
    id: 'reason',
    header: 'Reason',
    cell: (row) => (
      <span className="line-clamp-3 max-w-xs min-w-40 whitespace-normal">
        {row.reason}
        {row.automatic ? (
          <span className="block text-sm text-muted-foreground">Late-repayment rule</span>
        ) : null}
        {row.waiverNote ? (
          <span className="block text-sm text-muted-foreground">Waived: {row.waiverNote}</span>
        ) : null}
      </span>
    ),
  },
  moneyColumn('amount', 'Amount', (row) => row.amount),
  { id: 'fined', header: 'Fine date', cell: (row) => formatDisplayDate(row.fineDate) },
  {
    id: 'due',
    header: 'Due',
    cell: (row) =>
      isFineOverdue(row, today) ? (
        <span className="font-medium text-destructive">{formatDisplayDate(row.dueDate)}</span>
      ) : (
        formatDisplayDate(row.dueDate)
      ),
  },
  statusColumn(FINE_STATUS_DISPLAY, (row) => row.status),
];

/** Every member's fines; pending ones are waived or marked paid here. */
export function FinesQueue<SortField extends string>({ list }: { list: ListParams<SortField> }) {
  const query = useOfficerFines(list.query);
  const [today] = useState(() => toIsoDateInTimeZone(new Date()));
  return (
    <OfficerQueue
      list={list}
      query={query}
      filters={{
        filters: FINE_FILTERS,
        title: 'Search fines',
        description: 'Find fines by member, reason, status or date.',
        search: { label: 'Search', placeholder: 'Member, membership ID or reason' },
      }}
      caption="Fines"
      columns={columns(today)}
      getRowLabel={(row) => `${memberName(row.member)}, ${row.reason}`}
      decisions={[MarkFinePaidDialog, WaiveFineDialog]}
      emptyMessage={FINE_MESSAGES.empty}
      loadingLabel="Loading fines"
      failure="Failed to fetch fines"
      pageLabel="Fine pages"
      pageSizeOptions={FINE_LIST_CONFIG.pageSizeOptions}
    />
  );
}
