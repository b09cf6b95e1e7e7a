/**
 * The deduction schedule out (docs/decisions/150-payroll-cycle.md; docs/business-rules.md "The
 * deduction schedule"; docs/administrators.md "The deduction schedule"): for a payroll month, each
 * payroll group's expected deductions per member, generated as a new version as often as wanted
 * until the month is posted for the group, with the changes since the schedule before it, and
 * downloaded as the CSV the payroll import reads back and as a PDF to sign and send.
 */
import { formatMonth } from '@coop/shared/dates';
import type { IdParams } from '@coop/shared/http';
import { formatNaira, koboToNaira } from '@coop/shared/money';
import { countOf } from '@coop/shared/plurals';
import {
  PAYROLL_SCHEDULE_COLUMNS,
  PAYROLL_SCHEDULE_MESSAGES,
  scheduleFileName,
  type GenerateSchedulesInput,
  type GenerateSchedulesResult,
  type ScheduleChange,
  type ScheduleDetail,
  type ScheduleLine,
  type ScheduleLineListQuery,
  type ScheduleList,
  type ScheduleListQuery,
  type ScheduleSummary,
} from '@coop/shared/payroll-schedules';
import type { Executor } from '../../db/client.js';
import type { Deps } from '../../deps.js';
import { actorIdOf, type MemberActor } from '../../lib/actor.js';
import { advisoryLock } from '../../lib/advisory-lock.js';
import { writeAudit } from '../../lib/audit-log.js';
import { koboCell, toCsv } from '../../lib/csv.js';
import { DomainError, notFound } from '../../lib/domain-error.js';
import { listPage, type ListPage } from '../../lib/list-query.js';
import { pdfAmount, renderPdf } from '../../lib/pdf-document.js';
import { expectedDeductions, type ExpectedDeduction } from './payroll-expected.js';
import {
  LINE_SORT_COLUMNS,
  payrollSchedulesRepository,
  type ComparedRow,
  type GroupRow,
  type LineRow,
  type ScheduleRow,
} from './payroll-schedules.repository.js';

const naira = (kobo: number) => formatNaira(koboToNaira(kobo));
const num = (value: string | number | null) => (value === null ? 0 : Number(value));

function summaryOf(
  row: ScheduleRow,
  group: GroupRow,
  names: Map<string, string>,
  changeCount: number,
): ScheduleSummary {
  return {
    id: row.id,
    month: row.month,
    payrollGroup: { id: group.id, code: group.code, name: group.name },
    version: row.version,
    members: row.members,
    savings: koboToNaira(row.savingsAmount),
    shares: koboToNaira(row.shareAmount),
    instalments: koboToNaira(row.instalmentAmount),
    fines: koboToNaira(row.fineAmount),
    total: koboToNaira(row.totalAmount),
    generatedAt: row.generatedAt.toISOString(),
    generatedBy: row.generatedBy ? (names.get(row.generatedBy) ?? null) : null,
    postedAt: row.postedAt ? row.postedAt.toISOString() : null,
    changeCount,
  };
}

/** The changes of one member between the baseline and this version, in words. */
function changesOf(row: ComparedRow): ScheduleChange[] {
  const who = {
    userId: row.user_id,
    membershipId: row.membership_id,
    memberName: `${row.first_name} ${row.last_name}`,
  };
  if (!row.in_baseline) return [{ ...who, kind: 'new_member', text: 'New member' }];
  if (!row.in_current) return [{ ...who, kind: 'left_group', text: 'Left the group' }];
  const changes: ScheduleChange[] = [];
  if (row.staff_number !== row.was_staff_number) {
    changes.push({
      ...who,
      kind: 'staff_number',
      text: `Staff number changed from ${row.was_staff_number} to ${row.staff_number}`,
    });
  }
  for (const [kind, label, now, was] of [
    ['savings', 'Savings', num(row.savings), num(row.was_savings)],
    ['shares', 'Shares', num(row.shares), num(row.was_shares)],
  ] as const) {
    if (now !== was) {
      changes.push({
        ...who,
        kind,
        text: `${label} ${now > was ? 'raised' : 'lowered'} from ${naira(was)} to ${naira(now)}`,
      });
    }
  }
  const instalment = num(row.instalment);
  const wasInstalment = num(row.was_instalment);
  if (wasInstalment === 0 && instalment > 0) {
    changes.push({
      ...who,
      kind: 'instalment_began',
      text: `Instalment began: ${naira(instalment)}`,
    });
  } else if (wasInstalment > 0 && instalment === 0) {
    changes.push({ ...who, kind: 'instalment_ended', text: 'Instalment ended' });
  } else if (wasInstalment !== instalment) {
    changes.push({
      ...who,
      kind: 'instalment_changed',
      text: `Instalment changed from ${naira(wasInstalment)} to ${naira(instalment)}`,
    });
  }
  const fines = num(row.fines);
  const wasFines = num(row.was_fines);
  if (wasFines === 0 && fines > 0) {
    changes.push({ ...who, kind: 'fines_due', text: `Fines due: ${naira(fines)}` });
  } else if (wasFines > 0 && fines === 0) {
    changes.push({ ...who, kind: 'fines_cleared', text: 'Fines cleared' });
  } else if (wasFines !== fines) {
    changes.push({
      ...who,
      kind: 'fines_changed',
      text: `Fines changed from ${naira(wasFines)} to ${naira(fines)}`,
    });
  }
  return changes;
}

async function changesSince(
  db: Executor,
  schedule: ScheduleRow,
): Promise<{ baseline: ScheduleRow | undefined; changes: ScheduleChange[] }> {
  const repo = payrollSchedulesRepository(db);
  const baseline = await repo.baselineOf(schedule);
  if (!baseline) return { baseline, changes: [] };
  const rows = await repo.compare(schedule.id, baseline.id);
  return { baseline, changes: rows.flatMap(changesOf) };
}

async function summaries(db: Executor, rows: readonly ScheduleRow[]): Promise<ScheduleSummary[]> {
  const repo = payrollSchedulesRepository(db);
  const groups = new Map(
    (await repo.groups([...new Set(rows.map((row) => row.payrollGroupId))])).map((group) => [
      group.id,
      group,
    ]),
  );
  const names = await repo.namesOf([
    ...new Set(rows.flatMap((row) => (row.generatedBy ? [row.generatedBy] : []))),
  ]);
  const result: ScheduleSummary[] = [];
  for (const row of rows) {
    const group = groups.get(row.payrollGroupId);
    if (!group) continue;
    const { changes } = await changesSince(db, row);
    result.push(summaryOf(row, group, names, changes.length));
  }
  return result.sort((a, b) =>
    a.payrollGroup.code < b.payrollGroup.code
      ? -1
      : a.payrollGroup.code > b.payrollGroup.code
        ? 1
        : 0,
  );
}

/** What a schedule line is written from: a member's expected deductions of the month. */
export type ScheduleLineSource = Pick<
  ExpectedDeduction,
  'userId' | 'staffNumber' | 'savings' | 'shares' | 'instalment' | 'loanId' | 'fines' | 'total'
>;

const sumOf = (
  lines: readonly ScheduleLineSource[],
  key: 'savings' | 'shares' | 'instalment' | 'fines' | 'total',
) => lines.reduce((sum, line) => sum + line[key], 0);

/**
 * Writes one version of a group's schedule of `month`, its totals and a line per member: the one
 * writer of schedules, for an officer's generation and for the version a posting freezes when the
 * group had none (payroll-matching.ts `freezeSchedules`). `postedAt` writes it frozen.
 */
export async function writeScheduleVersion(
  db: Executor,
  input: {
    month: string;
    payrollGroupId: string;
    version: number;
    lines: readonly ScheduleLineSource[];
    generatedBy: string | null;
    generatedAt: Date;
    postedAt?: Date;
  },
): Promise<ScheduleRow> {
  const { lines } = input;
  const repo = payrollSchedulesRepository(db);
  const schedule = await repo.insertSchedule({
    month: input.month,
    payrollGroupId: input.payrollGroupId,
    version: input.version,
    members: lines.length,
    savingsAmount: sumOf(lines, 'savings'),
    shareAmount: sumOf(lines, 'shares'),
    instalmentAmount: sumOf(lines, 'instalment'),
    fineAmount: sumOf(lines, 'fines'),
    totalAmount: sumOf(lines, 'total'),
    generatedBy: input.generatedBy,
    generatedAt: input.generatedAt,
    ...(input.postedAt ? { postedAt: input.postedAt } : {}),
  });
  await repo.insertLines(
    lines.map((line) => ({
      scheduleId: schedule.id,
      userId: line.userId,
      staffNumber: line.staffNumber,
      savingsAmount: line.savings,
      shareAmount: line.shares,
      instalmentAmount: line.instalment,
      loanId: line.loanId,
      fineAmount: line.fines,
      totalAmount: line.total,
    })),
  );
  return schedule;
}

/**
 * Generates a new version of the month's schedule for one group, or for every group that has
 * members to deduct or a schedule already. A group whose month is posted is refused when named,
 * and left out (said in `skipped`) when every group is asked for; when none is left, nothing is
 * written and the answer says why. Audited per schedule.
 */
export async function generateSchedules(
  deps: Deps,
  actor: MemberActor,
  input: GenerateSchedulesInput,
): Promise<{ result: GenerateSchedulesResult; message: string }> {
  const { month, payrollGroupId } = input;
  return deps.db.transaction(async (tx) => {
    // The lock payroll posting takes: a month is never generated while it is being posted.
    await advisoryLock(tx, 'coop.payroll');
    const repo = payrollSchedulesRepository(tx);
    const posted = await repo.postedGroupIds(month);
    const expected = await expectedDeductions(tx, month, payrollGroupId ? { payrollGroupId } : {});
    const versions = await repo.latestVersions(month);

    let groups: GroupRow[];
    if (payrollGroupId) {
      groups = await repo.groups([payrollGroupId]);
      const [group] = groups;
      if (!group) throw notFound('Payroll group');
      if (posted.has(group.id)) {
        throw new DomainError({
          code: 'PAYROLL_MONTH_POSTED',
          message: PAYROLL_SCHEDULE_MESSAGES.monthPosted(month, group.code),
        });
      }
    } else {
      const wanted = new Set([...expected.map((line) => line.payrollGroupId), ...versions.keys()]);
      groups = await repo.groups([...wanted]);
    }
    const skipped = groups.filter((group) => posted.has(group.id));
    const toGenerate = groups.filter((group) => !posted.has(group.id));
    if (toGenerate.length === 0) {
      throw new DomainError(
        skipped.length > 0
          ? { code: 'PAYROLL_MONTH_POSTED', message: PAYROLL_SCHEDULE_MESSAGES.allPosted(month) }
          : {
              code: 'NOTHING_TO_SCHEDULE',
              message: PAYROLL_SCHEDULE_MESSAGES.nothingToSchedule(month),
            },
      );
    }

    const generatedAt = deps.clock.now();
    const written: ScheduleRow[] = [];
    for (const group of toGenerate) {
      written.push(
        await writeScheduleVersion(tx, {
          month,
          payrollGroupId: group.id,
          version: (versions.get(group.id) ?? 0) + 1,
          lines: expected.filter((line) => line.payrollGroupId === group.id),
          generatedBy: actorIdOf(actor),
          generatedAt,
        }),
      );
    }
    await writeAudit(
      tx,
      actor,
      written.map((schedule) => ({
        action: 'payroll.schedule_generated' as const,
        entityType: 'payroll_schedule' as const,
        entityId: schedule.id,
        after: {
          month,
          payrollGroup: toGenerate.find((group) => group.id === schedule.payrollGroupId)?.code,
          version: schedule.version,
          members: schedule.members,
          totalAmount: schedule.totalAmount,
        },
      })),
    );
    const result: GenerateSchedulesResult = {
      month,
      schedules: await summaries(tx, written),
      skipped: skipped.map((group) => ({
        payrollGroup: { id: group.id, code: group.code, name: group.name },
        reason: PAYROLL_SCHEDULE_MESSAGES.monthPosted(month, group.code),
      })),
    };
    return { result, message: PAYROLL_SCHEDULE_MESSAGES.generated(written.length, month) };
  });
}

/** Each group's latest schedule of the month, with its totals and how many changes it has. */
export async function listSchedules(deps: Deps, query: ScheduleListQuery): Promise<ScheduleList> {
  const rows = await payrollSchedulesRepository(deps.db).latestOfMonth(query.month);
  return { month: query.month, schedules: await summaries(deps.db, rows) };
}

async function scheduleOrNotFound(db: Executor, id: string): Promise<ScheduleRow> {
  const row = await payrollSchedulesRepository(db).byId(id);
  if (!row) throw notFound('Schedule');
  return row;
}

/** One version with what it is compared with and every change since, in words. */
export async function getSchedule(deps: Deps, params: IdParams): Promise<ScheduleDetail> {
  const row = await scheduleOrNotFound(deps.db, params.id);
  const { baseline, changes } = await changesSince(deps.db, row);
  const repo = payrollSchedulesRepository(deps.db);
  const [group] = await repo.groups([row.payrollGroupId]);
  if (!group) throw notFound('Schedule');
  const names = await repo.namesOf(row.generatedBy ? [row.generatedBy] : []);
  return {
    schedule: summaryOf(row, group, names, changes.length),
    baseline: baseline
      ? { id: baseline.id, month: baseline.month, version: baseline.version }
      : null,
    changes,
  };
}

function lineOf(row: LineRow): ScheduleLine {
  return {
    id: row.user_id,
    membershipId: row.membership_id,
    memberName: `${row.first_name} ${row.last_name}`,
    staffNumber: row.staff_number,
    savings: koboToNaira(num(row.savings_amount)),
    shares: koboToNaira(num(row.share_amount)),
    instalment: koboToNaira(num(row.instalment_amount)),
    loanNumber: row.loan_number,
    fines: koboToNaira(num(row.fine_amount)),
    total: koboToNaira(num(row.total_amount)),
  };
}

/** A page of one version's lines (the list kit's query: sort, search, page). */
export async function listScheduleLines(
  deps: Deps,
  params: IdParams,
  query: ScheduleLineListQuery,
): Promise<ListPage<ScheduleLine>> {
  const row = await scheduleOrNotFound(deps.db, params.id);
  const repo = payrollSchedulesRepository(deps.db);
  const page = await listPage(query, {
    sortColumns: LINE_SORT_COLUMNS,
    tiebreakers: [LINE_SORT_COLUMNS.membershipId],
    fetch: (request) => repo.linesPage(row.id, query.search, request),
  });
  return { items: page.items.map(lineOf), pagination: page.pagination };
}

interface Download {
  fileName: string;
  schedule: ScheduleRow;
  group: GroupRow;
  lines: LineRow[];
}

async function download(deps: Deps, actor: MemberActor, id: string, kind: 'csv' | 'pdf') {
  const schedule = await scheduleOrNotFound(deps.db, id);
  const repo = payrollSchedulesRepository(deps.db);
  const [group] = await repo.groups([schedule.payrollGroupId]);
  if (!group) throw notFound('Schedule');
  const lines = await repo.allLines(schedule.id);
  const fileName = scheduleFileName(schedule.month, group.code, kind);
  await writeAudit(deps.db, actor, {
    action: 'report.exported',
    entityType: 'payroll_schedule',
    entityId: schedule.id,
    after: { file: fileName, month: schedule.month, version: schedule.version },
  });
  return { fileName, schedule, group, lines } satisfies Download;
}

/**
 * The schedule as the CSV the payroll import reads back: one row per member, amounts in naira,
 * the repayment column carrying the instalment due (the CSV kit: exact naira, text that could
 * start a spreadsheet formula neutralised). Audited as an export.
 */
export async function scheduleCsv(
  deps: Deps,
  actor: MemberActor,
  params: IdParams,
): Promise<{ fileName: string; csv: string }> {
  const { fileName, schedule, group, lines } = await download(deps, actor, params.id, 'csv');
  const csv = toCsv(
    PAYROLL_SCHEDULE_COLUMNS,
    lines.map((line) => [
      line.membership_id,
      schedule.month,
      koboCell(num(line.savings_amount)),
      koboCell(num(line.share_amount)),
      koboCell(num(line.instalment_amount)),
      koboCell(num(line.fine_amount)),
      group.code,
      line.staff_number,
      `${line.first_name} ${line.last_name}`,
    ]),
  );
  return { fileName, csv };
}

/**
 * The schedule as a PDF for the payroll office: the cooperative, the month and group, one line
 * per member, the totals, and a block for the officer who prepared it and the one who approved
 * it to sign. Audited as an export.
 */
export async function schedulePdf(
  deps: Deps,
  actor: MemberActor,
  params: IdParams,
): Promise<{ fileName: string; pdf: Buffer }> {
  const { fileName, schedule, group, lines } = await download(deps, actor, params.id, 'pdf');
  const pdf = await renderPdf({
    issuer: deps.config.cooperative.name,
    title: `Deduction schedule: ${formatMonth(schedule.month)}`,
    subtitle: [
      `Version ${schedule.version}, generated on ${schedule.generatedAt.toISOString().slice(0, 16).replace('T', ' ')} UTC`,
    ],
    createdAt: deps.clock.now(),
    blocks: [
      {
        kind: 'facts',
        facts: [
          ['Month', formatMonth(schedule.month)],
          ['Payroll group', `${group.code}, ${group.name}`],
          ['Members', String(schedule.members)],
          ['Total to deduct', pdfAmount(schedule.totalAmount)],
        ],
      },
      {
        kind: 'table',
        columns: [
          { header: 'Member', width: 2.6 },
          { header: 'Staff no.', width: 1.3 },
          { header: 'Savings', width: 1.2, align: 'right' },
          { header: 'Shares', width: 1.2, align: 'right' },
          { header: 'Loan', width: 1.2, align: 'right' },
          { header: 'Fines', width: 1, align: 'right' },
          { header: 'Total', width: 1.3, align: 'right' },
        ],
        rows: lines.map((line) => [
          `${line.first_name} ${line.last_name} (${line.membership_id})`,
          line.staff_number,
          pdfAmount(num(line.savings_amount)),
          pdfAmount(num(line.share_amount)),
          pdfAmount(num(line.instalment_amount)),
          pdfAmount(num(line.fine_amount)),
          pdfAmount(num(line.total_amount)),
        ]),
        emptyText: PAYROLL_SCHEDULE_MESSAGES.linesEmpty,
        footer: [
          [
            `Total: ${countOf(schedule.members, 'member')}`,
            '',
            pdfAmount(schedule.savingsAmount),
            pdfAmount(schedule.shareAmount),
            pdfAmount(schedule.instalmentAmount),
            pdfAmount(schedule.fineAmount),
            pdfAmount(schedule.totalAmount),
          ],
        ],
      },
      { kind: 'signatures', signers: ['Prepared by', 'Approved by'] },
    ],
  });
  return { fileName, pdf };
}
