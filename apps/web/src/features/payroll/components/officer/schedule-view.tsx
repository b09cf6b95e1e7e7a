import { formatDisplayDateTime, formatMonth } from '@coop/shared/dates';
import { countOf } from '@coop/shared/plurals';
import { formatNaira } from '@coop/shared/money';
import {
  PAYROLL_SCHEDULE_MESSAGES,
  SCHEDULE_STATUS_DISPLAY,
} from '@coop/shared/payroll-schedule-rules';
import type { ScheduleLine, ScheduleSummary } from '@coop/shared/payroll-schedules';
import { Download } from 'lucide-react';
import { useId } from 'react';
import { ConfirmDialog } from '../../../../components/dialogs/confirm-dialog';
import { DialogFacts, toastAnswer } from '../../../../components/dialogs/form-dialog';
import { moneyColumn, statusColumn } from '../../../../components/list/columns';
import { DataTable, type DataTableColumn } from '../../../../components/list/data-table';
import { ListFilters } from '../../../../components/list/list-filters';
import { PagedTable } from '../../../../components/list/paged-table';
import { QueryState } from '../../../../components/list/query-state';
import { RecordState } from '../../../../components/list/record-state';
import { Button } from '../../../../components/ui/button';
import { Input } from '../../../../components/ui/input';
import { Label } from '../../../../components/ui/label';
import { failureMessage } from '../../../../lib/api-client';
import { toast } from '../../../../lib/toast';
import type { ListParams } from '../../../../lib/use-list-params';
import { downloadSchedule } from '../../api/download-schedule';
import { useGenerateSchedules } from '../../api/generate-schedules';
import { useSchedule } from '../../api/get-schedule';
import { useScheduleLines } from '../../api/get-schedule-lines';
import { useSchedules } from '../../api/get-schedules';
import { SCHEDULE_LINE_LIST_CONFIG, type ScheduleLineSortField } from './schedule-list-config';

const groupName = (schedule: ScheduleSummary) =>
  `${schedule.payrollGroup.code}, ${schedule.payrollGroup.name}`;

function download(schedule: ScheduleSummary, format: 'csv' | 'pdf') {
  downloadSchedule(schedule, format).catch((error: unknown) =>
    toast.error('Error', { description: failureMessage(error, 'The download failed') }),
  );
}

/** The CSV and PDF of one version, the very files the server writes. */
function Downloads({ schedule }: { schedule: ScheduleSummary }) {
  return (
    <div className="flex flex-wrap gap-2">
      {(['csv', 'pdf'] as const).map((format) => (
        <Button
          key={format}
          variant="outline"
          className="md:h-8 md:px-3"
          onClick={() => download(schedule, format)}
        >
          <Download aria-hidden="true" />
          {format.toUpperCase()}
          <span className="sr-only"> of {schedule.payrollGroup.code}’s schedule</span>
        </Button>
      ))}
    </div>
  );
}

function GenerateDialog({ month, again }: { month: string; again: boolean }) {
  const generate = useGenerateSchedules();
  return (
    <ConfirmDialog
      trigger={
        <Button>
          {again ? PAYROLL_SCHEDULE_MESSAGES.regenerate : PAYROLL_SCHEDULE_MESSAGES.generate}
        </Button>
      }
      title={`${PAYROLL_SCHEDULE_MESSAGES.generate}: ${formatMonth(month)}`}
      description="Every payroll group with members to deduct gets a new version from today’s instructions, loans and fines. A group whose month is posted keeps its final schedule."
      texts={{
        confirm: PAYROLL_SCHEDULE_MESSAGES.generate,
        pending: 'Generating...',
        failure: 'The schedule could not be generated',
      }}
      details={<DialogFacts facts={[['Payroll month', formatMonth(month)]]} />}
      onConfirm={(key) =>
        generate.mutateAsync({ values: { month }, idempotencyKey: key }).then(toastAnswer)
      }
    />
  );
}

const groupColumns: readonly DataTableColumn<ScheduleSummary>[] = [
  {
    id: 'group',
    header: 'Payroll group',
    cell: (row) => (
      <span className="grid">
        <span className="font-medium">{row.payrollGroup.code}</span>
        <span className="whitespace-normal text-muted-foreground">{row.payrollGroup.name}</span>
        <span className="text-sm text-muted-foreground">
          Version {row.version} · {countOf(row.members, 'member')}
        </span>
      </span>
    ),
  },
  moneyColumn('total', 'Total', (row) => row.total),
  { id: 'changes', header: 'Changes', align: 'end', cell: (row) => row.changeCount },
  statusColumn(SCHEDULE_STATUS_DISPLAY, (row) => (row.postedAt ? 'posted' : 'open')),
];

/** One version's totals, line by line. */
function Totals({ schedule }: { schedule: ScheduleSummary }) {
  return (
    <dl className="grid grid-cols-2 gap-3 sm:grid-cols-5">
      {(
        [
          ['Savings', schedule.savings],
          ['Shares', schedule.shares],
          ['Loan instalments', schedule.instalments],
          ['Fines', schedule.fines],
          ['Total', schedule.total],
        ] as const
      ).map(([name, amount]) => (
        <div key={name} className="rounded-lg border p-3">
          <dt className="text-sm text-muted-foreground">{name}</dt>
          <dd className="font-semibold tabular-nums">{formatNaira(amount)}</dd>
        </div>
      ))}
    </dl>
  );
}

/** Each group's latest version of the month, with its totals, changes and downloads. */
function GroupsTable({
  month,
  openId,
  onOpen,
}: {
  month: string;
  openId: string | null;
  onOpen: (id: string) => void;
}) {
  const schedules = useSchedules(month);
  const rows = schedules.data?.data.schedules ?? [];
  return (
    <section aria-labelledby="schedule-groups" className="grid grid-cols-1 gap-3">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="schedule-groups" className="text-lg font-semibold">
          {formatMonth(month)} by payroll group
        </h2>
        {schedules.isSuccess ? <GenerateDialog month={month} again={rows.length > 0} /> : null}
      </div>
      <QueryState
        isPending={schedules.isPending}
        errorMessage={
          schedules.isError
            ? failureMessage(schedules.error, 'Failed to fetch the schedules')
            : null
        }
        onRetry={() => void schedules.refetch()}
        isEmpty={rows.length === 0}
        emptyMessage={PAYROLL_SCHEDULE_MESSAGES.empty(month)}
        emptyDetail="Generate it from the deduction instructions, loans and fines in effect for the month."
        loadingLabel="Loading the schedules"
      >
        <DataTable
          caption={`Deduction schedules for ${formatMonth(month)}`}
          columns={groupColumns}
          rows={rows}
          getRowId={(row) => row.id}
          getRowLabel={(row) => `${row.payrollGroup.code} schedule`}
          busy={schedules.isPlaceholderData}
          rowActions={(row) => (
            <div className="flex flex-wrap gap-2">
              <Button
                variant={row.id === openId ? 'default' : 'outline'}
                className="md:h-8 md:px-3"
                aria-pressed={row.id === openId}
                onClick={() => onOpen(row.id)}
              >
                Open
                <span className="sr-only"> {row.payrollGroup.code}’s schedule</span>
              </Button>
              <Downloads schedule={row} />
            </div>
          )}
        />
      </QueryState>
    </section>
  );
}

const lineColumns: readonly DataTableColumn<ScheduleLine>[] = [
  {
    id: 'member',
    header: 'Member',
    cell: (row) => (
      <span className="grid">
        <span className="font-medium">{row.memberName}</span>
        <span className="text-sm text-muted-foreground">{row.membershipId}</span>
      </span>
    ),
  },
  { id: 'staffNumber', header: 'Staff number', cell: (row) => row.staffNumber },
  moneyColumn('savings', 'Savings', (row) => row.savings),
  moneyColumn('shares', 'Shares', (row) => row.shares),
  {
    id: 'instalment',
    header: 'Loan instalment',
    align: 'end',
    cell: (row) => (
      <span className="grid">
        <span>{formatNaira(row.instalment)}</span>
        {row.loanNumber ? (
          <span className="text-sm text-muted-foreground">{row.loanNumber}</span>
        ) : null}
      </span>
    ),
  },
  moneyColumn('fines', 'Fines', (row) => row.fines),
  moneyColumn('total', 'Total', (row) => row.total),
];

/** One version: what changed since the schedule before it, and its lines. */
function OpenSchedule({ id, list }: { id: string; list: ListParams<ScheduleLineSortField> }) {
  const detail = useSchedule(id);
  const lines = useScheduleLines(id, list.query);
  const headingId = useId();
  return (
    <RecordState
      query={detail}
      failure="Failed to fetch the schedule"
      loadingLabel="Loading the schedule"
    >
      {({ data }) => {
        const { schedule, baseline, changes } = data;
        return (
          <section
            aria-labelledby={headingId}
            className="grid grid-cols-1 gap-4 rounded-xl border bg-card p-4"
          >
            <div className="flex flex-wrap items-start justify-between gap-3">
              <div className="grid gap-1">
                <h2 id={headingId} className="text-lg font-semibold">
                  {groupName(schedule)}: version {schedule.version}
                </h2>
                <p className="text-sm text-muted-foreground">
                  {formatMonth(schedule.month)} · {countOf(schedule.members, 'member')} · generated{' '}
                  {formatDisplayDateTime(schedule.generatedAt)}
                  {schedule.generatedBy ? ` by ${schedule.generatedBy}` : ''}
                </p>
              </div>
              <Downloads schedule={schedule} />
            </div>
            <Totals schedule={schedule} />
            <div className="grid gap-2">
              <h3 className="font-semibold">
                {baseline
                  ? `Changes since version ${baseline.version} of ${formatMonth(baseline.month)}`
                  : 'Changes'}
              </h3>
              {baseline === null ? (
                <p className="text-sm text-muted-foreground">
                  {PAYROLL_SCHEDULE_MESSAGES.firstSchedule}
                </p>
              ) : changes.length === 0 ? (
                <p className="text-sm text-muted-foreground">
                  {PAYROLL_SCHEDULE_MESSAGES.noChanges}
                </p>
              ) : (
                <ul className="grid gap-1 text-sm">
                  {changes.map((change, index) => (
                    <li key={`${change.userId}-${change.kind}-${index}`}>
                      <span className="font-medium">{change.memberName}</span>{' '}
                      <span className="text-muted-foreground">({change.membershipId})</span>:{' '}
                      {change.text}
                    </li>
                  ))}
                </ul>
              )}
            </div>
            <div className="grid gap-3">
              <h3 className="font-semibold">Members</h3>
              <ListFilters
                list={list}
                filters={[]}
                title="Search the schedule"
                description="Find a member by name, membership ID or staff number."
                search={{ label: 'Search', placeholder: 'Name, membership ID or staff number' }}
              />
              <PagedTable
                list={list}
                query={lines}
                caption={`${schedule.payrollGroup.code} schedule, version ${schedule.version}`}
                columns={lineColumns}
                getRowLabel={(row) => `${row.memberName}, ${row.membershipId}`}
                failure="Failed to fetch the schedule’s members"
                emptyMessage={PAYROLL_SCHEDULE_MESSAGES.linesEmpty}
                loadingLabel="Loading the schedule’s members"
                pageLabel="Schedule pages"
                pageSizeOptions={SCHEDULE_LINE_LIST_CONFIG.pageSizeOptions}
              />
            </div>
          </section>
        );
      }}
    </RecordState>
  );
}

/**
 * The deduction schedule (docs/administrators.md "The deduction schedule"): choose the month,
 * generate it, read each group's totals and changes, open a group's lines, download its CSV and
 * PDF. The route owns the month, the open version and the lines' list state (decision 128).
 */
export function ScheduleView({
  month,
  onMonthChange,
  openId,
  onOpen,
  list,
}: {
  month: string;
  onMonthChange: (month: string) => void;
  openId: string | null;
  onOpen: (id: string) => void;
  list: ListParams<ScheduleLineSortField>;
}) {
  const monthId = useId();
  return (
    <div className="grid grid-cols-1 gap-6">
      <div className="grid max-w-xs gap-2">
        <Label htmlFor={monthId}>Payroll month</Label>
        <Input
          id={monthId}
          type="month"
          value={month}
          onChange={(event) => {
            if (/^\d{4}-(0[1-9]|1[0-2])$/.test(event.target.value))
              onMonthChange(event.target.value);
          }}
        />
      </div>
      <GroupsTable month={month} openId={openId} onOpen={onOpen} />
      {openId ? <OpenSchedule key={openId} id={openId} list={list} /> : null}
    </div>
  );
}
