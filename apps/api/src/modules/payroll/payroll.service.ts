/**
 * Payroll deductions (docs/decisions/070-back-office.md, 150-payroll-cycle.md,
 * 155-payroll-actuals.md; docs/business-rules.md "Contributions"): the administrator uploads what
 * the payroll office deducted for a month, sees each member's deduction beside what was expected
 * (the variance report: matched, short, over, missing, unexpected) and posts it. Posting records
 * what was deducted, never what was expected: pending contributions for savings and shares
 * (ledger, audit and the members' "please confirm" notifications included), the loan instalment
 * as a repayment, fines paid, all owed by the employer until remitted (`coop_payroll_receivable`);
 * a `payroll_deductions` row for every member expected or deducted, and the month's schedule
 * frozen. Idempotent per member and month: members already posted are left alone, so a second
 * upload of the same month changes nothing and says so; posts queue on a lock, so two at once post
 * each member once.
 */
import { countOf } from '@coop/shared/plurals';
import { CSV_UPLOAD_MAX_BYTES } from '@coop/shared/csv-upload-rules';
import type { CsvUploadInput } from '@coop/shared/csv-uploads';
import type {
  PayrollGroupTotals,
  PayrollLinesNaira,
  PayrollPreview,
  PayrollRow,
  PayrollVariance,
} from '@coop/shared/payroll';
import {
  PAYROLL_COLUMNS,
  PAYROLL_COLUMNS_WITH_REPAYMENT,
  PAYROLL_INFORMATIONAL_COLUMNS,
  PAYROLL_SCHEDULE_COLUMNS,
  PAYROLL_TOTAL_COLUMNS,
  PAYROLL_VARIANCE_KINDS,
  allocatePayrollTotal,
  varianceKind,
  type PayrollFileFormat,
  type PayrollLines,
  type PayrollVarianceKind,
} from '@coop/shared/payroll-rules';
import { formatMonth, isIsoMonth, toIsoDateInTimeZone, type IsoDate } from '@coop/shared/dates';
import { formatKobo, formatNaira, koboToNaira, nairaToKobo } from '@coop/shared/money';
import { MAX_AMOUNT_NAIRA } from '@coop/shared/constants';
import type { Executor } from '../../db/client.js';
import type { Deps } from '../../deps.js';
import { actorIdOf, type MemberActor } from '../../lib/actor.js';
import { advisoryLock } from '../../lib/advisory-lock.js';
import type { OfficerJobWork } from '../../lib/officer-jobs.js';
import { writeAudit } from '../../lib/audit-log.js';
import { CSV_UPLOAD_REFUSALS, readCsvUpload, type CsvProblem } from '../../lib/csv.js';
import { DomainError } from '../../lib/domain-error.js';
import {
  membersWithContributionFor,
  recordContributions,
} from '../contributions/contributions.service.js';
import { markFinePaid, pendingFinesToPay } from '../fines/fines.service.js';
import { membersByMembershipId } from '../members/members.service.js';
import { payrollRepaymentTargets, type RunningLoan } from '../loans/loan-back-office.service.js';
import { recordRepayment } from '../loans/loan-servicing.service.js';
import { monthBounds } from './payroll-expected.js';
import {
  expectedForMonth,
  freezeSchedules,
  type ExpectedMember,
  type MonthExpectations,
} from './payroll-matching.js';
import { payrollActualsRepository } from './payroll-actuals.repository.js';
import { notifyPayrollVariances } from './payroll-variances.service.js';

/** Naira with at most two decimals, no sign, no thousands separators. */
const AMOUNT = /^\d{1,12}(\.\d{1,2})?$/;

function readAmount(label: string, text: string, errors: string[]): number {
  if (text === '') return 0;
  if (/^-/.test(text)) {
    errors.push(`${label} cannot be negative`);
    return 0;
  }
  if (!AMOUNT.test(text)) {
    errors.push(`${label} must be an amount in naira, like 15000 or 15000.50`);
    return 0;
  }
  const naira = Number(text);
  if (naira > MAX_AMOUNT_NAIRA) {
    errors.push(`${label} cannot exceed ${formatNaira(MAX_AMOUNT_NAIRA)}`);
    return 0;
  }
  return nairaToKobo(naira);
}

const NO_LINES: PayrollLines = { savings: 0, shares: 0, instalment: 0, fines: 0 };

interface ReadRow extends PayrollRow {
  userId: string | null;
  savingsKobo: number;
  sharesKobo: number;
  repaymentKobo: number;
  finesKobo: number;
  /** What the row deducts in all: its lines, or its one total. */
  deductedKobo: number;
  loanId: string | null;
  /** The `payrollGroup` column's code, upper-cased ('' when blank or absent). */
  groupCode: string;
  /** The group that code names, for a member with nothing expected of them (decision 155). */
  fileGroupId: string | null;
}

/**
 * One member to post: a row of the file, or a member expected and absent (missing). `allocated`
 * is what the deducted total goes to; `fineIds` the pending fines it pays, oldest first.
 */
interface PostItem {
  userId: string;
  membershipId: string;
  memberName: string;
  line: number | null;
  expected: ExpectedMember | null;
  /** The group that answers for the deduction: the expected one, else the file's column's. */
  payrollGroupId: string | null;
  deducted: number;
  allocated: PayrollLines;
  loanId: string | null;
  fineIds: string[];
  kind: PayrollVarianceKind;
  /** The file's row, for a member of the file; none for a missing member. */
  row?: ReadRow;
}

/**
 * The file's columns and format, from its header: the schedule's own CSV, a one-total file (with
 * any of the informational columns after `deducted`), or today's savings/shares file with or
 * without its repayment column. An unknown header is refused as the plain file's.
 */
function fileLayout(base64: string): { columns: readonly string[]; format: PayrollFileFormat } {
  const head = Buffer.from(base64.slice(0, 4096), 'base64').toString('utf8');
  const names = (head.split(/\r?\n/, 1)[0] ?? '').split(',').map((name) => name.trim());
  if (names.join(',') === PAYROLL_SCHEDULE_COLUMNS.join(',')) {
    return { columns: PAYROLL_SCHEDULE_COLUMNS, format: 'itemised' };
  }
  const extra = names.slice(PAYROLL_TOTAL_COLUMNS.length);
  if (
    names.slice(0, PAYROLL_TOTAL_COLUMNS.length).join(',') === PAYROLL_TOTAL_COLUMNS.join(',') &&
    new Set(extra).size === extra.length &&
    extra.every((name) => (PAYROLL_INFORMATIONAL_COLUMNS as readonly string[]).includes(name))
  ) {
    return { columns: names, format: 'total' };
  }
  return {
    columns: names.at(-1) === 'repayment' ? PAYROLL_COLUMNS_WITH_REPAYMENT : PAYROLL_COLUMNS,
    format: 'itemised',
  };
}

interface ReadPayroll {
  preview: PayrollPreview;
  rows: ReadRow[];
  /** Members to post (the file's new rows, then the missing), in that order. */
  items: PostItem[];
  expected: MonthExpectations | null;
  refusal: CsvProblem[] | null;
}

/** The last day of a month, or today when the month is the current one. */
function deductionDate(month: string, today: IsoDate): IsoDate {
  const end = monthBounds(month).last;
  return end < today ? end : today;
}

const naira = (lines: PayrollLines): PayrollLinesNaira => ({
  savings: koboToNaira(lines.savings),
  shares: koboToNaira(lines.shares),
  instalment: koboToNaira(lines.instalment),
  fines: koboToNaira(lines.fines),
  total: koboToNaira(lines.savings + lines.shares + lines.instalment + lines.fines),
});

const linesOf = (expected: ExpectedMember | null): PayrollLines =>
  expected
    ? {
        savings: expected.savings,
        shares: expected.shares,
        instalment: expected.instalment,
        fines: expected.fines,
      }
    : NO_LINES;

const noCounts = (): Record<PayrollVarianceKind, number> => ({
  matched: 0,
  short: 0,
  over: 0,
  missing: 0,
  unexpected: 0,
});

/** Members already posted for the month: by this cycle, or by an earlier upload of contributions. */
async function postedFor(db: Executor, userIds: readonly string[], month: string) {
  const posted = await membersWithContributionFor(db, userIds, month);
  for (const userId of await payrollActualsRepository(db).postedIn(userIds, month)) {
    posted.add(userId);
  }
  return posted;
}

/**
 * What is wrong with a new row, given the member's expectation and running loan now, or null:
 * a row of nothing when nothing was expected, or an itemised repayment with no running loan or
 * above what it owes. Sets the row's loan. (The preview, and each batch of a posting job for its
 * own members, ask the same.)
 */
function rowProblem(
  row: ReadRow,
  exp: ExpectedMember | null,
  loan: RunningLoan | undefined,
  total: boolean,
): string | null {
  // A row of nothing is a member's "missing" when something was expected, else a mistake.
  if (row.deductedKobo <= 0 && (exp?.total ?? 0) <= 0) {
    return total
      ? 'A row needs a deducted amount above zero'
      : 'A row needs a savings, shares or repayment amount above zero';
  }
  // An itemised repayment goes to the running loan; a member already posted is left alone.
  if (row.repaymentKobo <= 0) return null;
  if (!loan) return `${row.memberName ?? row.membershipId} has no running loan to repay`;
  row.loanId = loan.id;
  row.loanNumber = loan.loanNumber;
  if (row.repaymentKobo > loan.outstandingBalance) {
    return `The repayment of ${formatKobo(row.repaymentKobo)} is more than the ${formatKobo(loan.outstandingBalance)} outstanding on loan ${loan.loanNumber}`;
  }
  return null;
}

/** A new row as the member to post: what the deducted money goes to, the loan and the fines. */
function itemOf(
  row: ReadRow,
  exp: ExpectedMember | null,
  loan: RunningLoan | undefined,
  fines: ReadonlyArray<{ id: string; amount: number }> | undefined,
  total: boolean,
): PostItem {
  let loanId = row.loanId;
  let allocated: PayrollLines;
  if (total) {
    allocated = allocatePayrollTotal(row.deductedKobo, linesOf(exp));
    // The instalment goes to the running loan, up to what it owes; the rest to savings.
    const instalment = Math.min(allocated.instalment, loan?.outstandingBalance ?? 0);
    allocated = {
      ...allocated,
      savings: allocated.savings + allocated.instalment - instalment,
      instalment,
    };
    loanId = instalment > 0 ? (loan?.id ?? null) : null;
  } else {
    allocated = {
      savings: row.savingsKobo,
      shares: row.sharesKobo,
      instalment: row.repaymentKobo,
      fines: row.finesKobo,
    };
  }
  // Fines are paid whole, oldest due first, while the fines line covers them; what is left of
  // the line goes to savings.
  const fineIds: string[] = [];
  let finesPaid = 0;
  for (const fine of fines ?? []) {
    if (finesPaid + fine.amount > allocated.fines) break;
    finesPaid += fine.amount;
    fineIds.push(fine.id);
  }
  allocated = {
    ...allocated,
    savings: allocated.savings + allocated.fines - finesPaid,
    fines: finesPaid,
  };
  return {
    userId: row.userId ?? '',
    membershipId: row.membershipId,
    memberName: row.memberName ?? row.membershipId,
    line: row.line,
    expected: exp,
    payrollGroupId: exp?.payrollGroupId ?? row.fileGroupId,
    deducted: row.deductedKobo,
    allocated,
    loanId,
    fineIds,
    kind: varianceKind(exp?.total ?? 0, row.deductedKobo) ?? 'unexpected',
    row,
  };
}

async function readPayroll(
  db: Executor,
  upload: CsvUploadInput,
  today: IsoDate,
): Promise<ReadPayroll> {
  const empty = {
    rows: 0,
    members: 0,
    newRows: 0,
    alreadyPosted: 0,
    errorRows: 0,
    savings: 0,
    shares: 0,
    total: 0,
    repayments: 0,
    expected: 0,
    deducted: 0,
    difference: 0,
  };
  const layout = fileLayout(upload.content);
  const table = await readCsvUpload<string>(upload.content, layout.columns, CSV_UPLOAD_MAX_BYTES);
  if (!table.ok) {
    return {
      preview: {
        fileName: upload.fileName,
        month: null,
        rows: [],
        errors: table.problems,
        totals: empty,
        format: null,
        variances: [],
        groups: [],
        counts: noCounts(),
      },
      rows: [],
      items: [],
      expected: null,
      refusal: table.problems,
    };
  }
  const total = layout.format === 'total';

  const rows: ReadRow[] = table.rows.map(({ line, values, errors }) => {
    const rowErrors = [...errors];
    const membershipId = (values.membershipId ?? '').toUpperCase();
    if (membershipId === '') rowErrors.push('Membership ID is required');
    const month = values.month ?? '';
    if (!isIsoMonth(month)) rowErrors.push('Month must be a month as yyyy-MM, like 2025-03');
    else if (month > today.slice(0, 7)) rowErrors.push(`${formatMonth(month)} has not begun`);
    const savingsKobo = total ? 0 : readAmount('Savings', values.savings ?? '', rowErrors);
    const sharesKobo = total ? 0 : readAmount('Shares', values.shares ?? '', rowErrors);
    const repaymentKobo = total ? 0 : readAmount('Repayment', values.repayment ?? '', rowErrors);
    const finesKobo = total ? 0 : readAmount('Fines', values.fines ?? '', rowErrors);
    const deductedKobo = total
      ? readAmount('Deducted', values.deducted ?? '', rowErrors)
      : savingsKobo + sharesKobo + repaymentKobo + finesKobo;
    return {
      line,
      membershipId,
      memberName: null,
      month,
      savings: koboToNaira(savingsKobo),
      shares: koboToNaira(sharesKobo),
      total: koboToNaira(savingsKobo + sharesKobo),
      repayment: koboToNaira(repaymentKobo),
      loanNumber: null,
      fines: koboToNaira(finesKobo),
      deducted: koboToNaira(deductedKobo),
      status: 'new',
      errors: rowErrors,
      userId: null,
      savingsKobo,
      sharesKobo,
      repaymentKobo,
      finesKobo,
      deductedKobo,
      loanId: null,
      groupCode: (values.payrollGroup ?? '').trim().toUpperCase(),
      fileGroupId: null,
    };
  });

  // One month per file: the first valid row's month decides.
  const month = rows.find((row) => isIsoMonth(row.month))?.month ?? null;
  const firstLine = new Map<string, number>();
  for (const row of rows) {
    if (month && isIsoMonth(row.month) && row.month !== month) {
      row.errors.push(
        `Every row must be for ${formatMonth(month)}; this one is for ${formatMonth(row.month)}`,
      );
    }
    if (row.membershipId === '') continue;
    const earlier = firstLine.get(row.membershipId);
    if (earlier === undefined) firstLine.set(row.membershipId, row.line);
    else row.errors.push(`Duplicate: ${row.membershipId} is also on line ${earlier}`);
  }

  const members = await membersByMembershipId(db, [...firstLine.keys()]);
  for (const row of rows) {
    if (row.membershipId === '') continue;
    const member = members.get(row.membershipId);
    if (!member) {
      row.errors.push(`Unknown member ${row.membershipId}`);
      continue;
    }
    row.userId = member.id;
    row.memberName = `${member.firstName} ${member.lastName}`;
    if (isIsoMonth(row.month) && row.month < member.joinedOn.slice(0, 7)) {
      row.errors.push(
        `${row.memberName} joined on ${member.joinedOn}, after ${formatMonth(row.month)}`,
      );
    }
  }
  const userIds = rows.flatMap((row) => (row.userId ? [row.userId] : []));
  const expected = month ? await expectedForMonth(db, month) : null;
  const expectedOf = (userId: string | null) => (userId && expected?.members.get(userId)) || null;
  const posted = month ? await postedFor(db, userIds, month) : new Set<string>();
  // The instalment: each member's running loan, and who was already repaid by payroll this month.
  const targets = await payrollRepaymentTargets(db, userIds, month ?? '');
  for (const userId of targets.repaidInMonth) posted.add(userId);
  const groupByCode = new Map(
    [...(expected?.groups.values() ?? [])].map((group) => [group.code.toUpperCase(), group.id]),
  );
  for (const row of rows) {
    if (row.errors.length > 0 || !row.userId || posted.has(row.userId)) continue;
    // A member with nothing expected has no group of their own: the file's column names the one
    // that deducted them, so the month can be remitted; blank, it posts with no group.
    if (!expectedOf(row.userId) && row.groupCode !== '') {
      row.fileGroupId = groupByCode.get(row.groupCode) ?? null;
      if (!row.fileGroupId) {
        row.errors.push(
          `Unknown payroll group ${row.groupCode}: name a payroll group by its code, or leave it blank`,
        );
        continue;
      }
    }
    const problem = rowProblem(row, expectedOf(row.userId), targets.loans.get(row.userId), total);
    if (problem) row.errors.push(problem);
  }
  for (const row of rows) {
    if (row.errors.length > 0) row.status = 'error';
    else if (row.userId && posted.has(row.userId)) row.status = 'already_posted';
  }

  // The variance report: each new row beside what was expected, then the expected members of
  // the file's payroll groups who are in no row (missing). A group none of whose expected members
  // is in the file is left for its own file.
  const fresh = rows.filter((row) => row.status === 'new' && row.userId);
  const inFile = new Set(userIds);
  const fileGroups = new Set(
    userIds.flatMap((id) => {
      const groupId = expectedOf(id)?.payrollGroupId;
      return groupId ? [groupId] : [];
    }),
  );
  const absent = [...(expected?.members.values() ?? [])].filter(
    (member) =>
      member.total > 0 && fileGroups.has(member.payrollGroupId) && !inFile.has(member.userId),
  );
  const absentPosted = month
    ? await postedFor(
        db,
        absent.map((member) => member.userId),
        month,
      )
    : new Set<string>();
  const missing = absent.filter((member) => !absentPosted.has(member.userId));

  const fineLists = month
    ? await pendingFinesToPay(
        db,
        fresh.flatMap((row) => (row.userId ? [row.userId] : [])),
        monthBounds(month).last,
      )
    : new Map<string, Array<{ id: string; amount: number }>>();
  const items: PostItem[] = fresh.map((row) =>
    itemOf(
      row,
      expectedOf(row.userId),
      targets.loans.get(row.userId ?? ''),
      fineLists.get(row.userId ?? ''),
      total,
    ),
  );
  for (const member of missing) {
    items.push({
      userId: member.userId,
      membershipId: member.membershipId,
      memberName: member.memberName,
      line: null,
      expected: member,
      payrollGroupId: member.payrollGroupId,
      deducted: 0,
      allocated: NO_LINES,
      loanId: null,
      fineIds: [],
      kind: 'missing',
    });
  }

  const groupName = (groupId: string | null) => {
    const group = groupId ? expected?.groups.get(groupId) : undefined;
    return group ?? null;
  };
  const variances: PayrollVariance[] = items.map((item) => {
    const group = groupName(item.payrollGroupId);
    return {
      line: item.line,
      membershipId: item.membershipId,
      memberName: item.memberName,
      payrollGroup: group?.code ?? null,
      staffNumber: item.expected?.staffNumber ?? null,
      kind: item.kind,
      expected: naira(linesOf(item.expected)),
      deducted: naira(item.allocated),
      difference: koboToNaira(item.deducted - (item.expected?.total ?? 0)),
    };
  });
  const counts = noCounts();
  const byGroup = new Map<string | null, PayrollGroupTotals & { e: number; d: number }>();
  for (const item of items) {
    counts[item.kind] += 1;
    const group = groupName(item.payrollGroupId);
    const key = group?.id ?? null;
    const totals = byGroup.get(key) ?? {
      code: group?.code ?? null,
      name: group?.name ?? 'No payroll group',
      members: 0,
      expected: 0,
      deducted: 0,
      difference: 0,
      counts: noCounts(),
      e: 0,
      d: 0,
    };
    totals.members += 1;
    totals.e += item.expected?.total ?? 0;
    totals.d += item.deducted;
    totals.counts[item.kind] += 1;
    byGroup.set(key, totals);
  }
  const groups = [...byGroup.values()]
    .map(({ e, d, ...totals }) => ({
      ...totals,
      expected: koboToNaira(e),
      deducted: koboToNaira(d),
      difference: koboToNaira(d - e),
    }))
    // Groups by code; members of no group last.
    .sort((a, b) => (a.code ?? '\uffff').localeCompare(b.code ?? '\uffff'));

  const sum = (pick: (item: PostItem) => number) =>
    items.reduce((acc, item) => acc + pick(item), 0);
  const savings = sum((item) => item.allocated.savings);
  const shares = sum((item) => item.allocated.shares);
  const repayments = sum((item) => item.allocated.instalment);
  const expectedTotal = sum((item) => item.expected?.total ?? 0);
  const deductedTotal = sum((item) => item.deducted);
  const errorRows = rows.filter((row) => row.status === 'error').length;
  const preview: PayrollPreview = {
    fileName: upload.fileName,
    month,
    rows: rows.map(
      ({
        userId: _u,
        savingsKobo: _s,
        sharesKobo: _h,
        repaymentKobo: _r,
        finesKobo: _f,
        deductedKobo: _d,
        loanId: _l,
        groupCode: _g,
        fileGroupId: _i,
        ...row
      }) => row,
    ),
    errors: table.problems,
    totals: {
      rows: rows.length,
      members: new Set(userIds).size,
      newRows: fresh.length,
      alreadyPosted: rows.filter((row) => row.status === 'already_posted').length,
      errorRows,
      savings: koboToNaira(savings),
      shares: koboToNaira(shares),
      total: koboToNaira(savings + shares),
      repayments: koboToNaira(repayments),
      expected: koboToNaira(expectedTotal),
      deducted: koboToNaira(deductedTotal),
      difference: koboToNaira(deductedTotal - expectedTotal),
    },
    format: layout.format,
    variances,
    groups,
    counts,
  };
  const report = [
    ...table.problems,
    ...rows.flatMap((row) => row.errors.map((message) => ({ line: row.line, message }))),
  ];
  return { preview, rows, items, expected, refusal: report.length > 0 ? report : null };
}

/** POST /admin/payroll/preview: totals, rows per member and every error; writes nothing. */
export async function previewPayroll(
  deps: Deps,
  _actor: MemberActor,
  upload: CsvUploadInput,
): Promise<PayrollPreview> {
  return (await readPayroll(deps.db, upload, toIsoDateInTimeZone(deps.clock.now()))).preview;
}

export interface PayrollPosting {
  month: string;
  posted: number;
  alreadyPosted: number;
  savings: number;
  shares: number;
  total: number;
  repayments: number;
  counts?: Record<PayrollVarianceKind, number>;
}

/** The month of a file that can be posted; else the refusal, with its row-by-row report. */
function checkedMonth(read: ReadPayroll): string {
  if (!read.refusal && read.preview.month) return read.preview.month;
  throw refusalOf(read.refusal ?? [{ line: 0, message: CSV_UPLOAD_REFUSALS.empty }]);
}

/** The refusal of a file, with its row-by-row report. */
function refusalOf(problems: readonly CsvProblem[]): DomainError {
  return new DomainError({
    code: problems.some((p) => p.message === CSV_UPLOAD_REFUSALS.tooLarge)
      ? 'PAYLOAD_TOO_LARGE'
      : 'CSV_REJECTED',
    message: `The file was not posted: ${problems.length} problem${problems.length === 1 ? '' : 's'} to fix`,
    details: problems,
  });
}

function postingOf(read: ReadPayroll, month: string): PayrollPosting {
  const preview = read.preview;
  return {
    month,
    // Members with money to post; a missing member is counted in `counts` only.
    posted: read.items.filter((item) => item.deducted > 0).length,
    alreadyPosted: preview.totals.alreadyPosted,
    savings: preview.totals.savings,
    shares: preview.totals.shares,
    total: preview.totals.total,
    repayments: preview.totals.repayments,
    counts: preview.counts,
  };
}

/**
 * Posts `items` in `deps.db`, a transaction: contributions, repayments and fines, all from the
 * payroll receivable, then each member's `payroll_deductions` row and, for a variance, the
 * member's notice.
 */
async function postItems(
  deps: Deps,
  actor: MemberActor,
  month: string,
  contributionDate: IsoDate,
  items: PostItem[],
): Promise<void> {
  const contributing = items.filter((item) => item.allocated.savings + item.allocated.shares > 0);
  const contributionOf = new Map<string, string>();
  if (contributing.length > 0) {
    const recorded = await recordContributions(deps, actor, {
      deductions: contributing.map((item) => ({
        userId: item.userId,
        month,
        contributionDate,
        savingsKobo: item.allocated.savings,
        sharesKobo: item.allocated.shares,
      })),
      receivedInto: 'coop_payroll_receivable',
    });
    for (const row of recorded) contributionOf.set(row.userId, row.id);
  }
  // Loan instalments and fines by payroll, in the same transaction (docs/decisions/070-back-office.md).
  for (const item of items) {
    if (item.allocated.instalment > 0 && item.loanId) {
      await recordRepayment(deps, actor, {
        loanId: item.loanId,
        amountKobo: item.allocated.instalment,
        paymentDate: contributionDate,
        paymentMethod: 'payroll',
        receivedInto: 'coop_payroll_receivable',
      });
    }
    for (const fineId of item.fineIds) {
      await markFinePaid(deps, actor, {
        id: fineId,
        paidFrom: 'payroll',
        paidDate: contributionDate,
      });
    }
  }
  const postedBy = actorIdOf(actor);
  const now = deps.clock.now();
  await payrollActualsRepository(deps.db).insert(
    items.map((item) => {
      const expected = linesOf(item.expected);
      return {
        month,
        userId: item.userId,
        payrollGroupId: item.payrollGroupId,
        scheduleId: item.expected?.scheduleId ?? null,
        expectedSavings: expected.savings,
        expectedShares: expected.shares,
        expectedInstalment: expected.instalment,
        expectedFines: expected.fines,
        expectedTotal: item.expected?.total ?? 0,
        deductedTotal: item.deducted,
        allocatedSavings: item.allocated.savings,
        allocatedShares: item.allocated.shares,
        allocatedInstalment: item.allocated.instalment,
        allocatedFines: item.allocated.fines,
        kind: item.kind,
        contributionId: contributionOf.get(item.userId) ?? null,
        postedBy,
        postedAt: now,
      };
    }),
  );
  await notifyPayrollVariances(
    deps,
    actor,
    month,
    items
      .filter((item) => item.kind !== 'matched')
      .map((item) => ({
        userId: item.userId,
        kind: item.kind,
        expected: item.expected?.total ?? 0,
        deducted: item.deducted,
      })),
  );
}

/** The payroll groups of the members about to be posted: their schedules are frozen. */
function groupsOf(items: readonly PostItem[]): string[] {
  return [
    ...new Set(items.flatMap((item) => (item.expected ? [item.expected.payrollGroupId] : []))),
  ];
}

/**
 * POST /admin/payroll: posts a month's new members in ONE transaction, or nothing when the file
 * has any problem (refused with the row-by-row report). Members already posted for the month are
 * left as they are. (The route queues a job of `postPayrollBatch` instead; this is the whole file
 * at once, for the demo and the tests.)
 */
export async function postPayroll(
  deps: Deps,
  actor: MemberActor,
  upload: CsvUploadInput,
): Promise<PayrollPosting> {
  const today = toIsoDateInTimeZone(deps.clock.now());
  return deps.db.transaction(async (tx) => {
    // Posts of the same month queue here; the second then finds every member already posted.
    await advisoryLock(tx, 'coop.payroll');
    const read = await readPayroll(tx, upload, today);
    const month = checkedMonth(read);
    const result = postingOf(read, month);
    if (read.items.length === 0 || !read.expected) return result;
    const contributionDate = deductionDate(month, today);
    await freezeSchedules(
      tx,
      month,
      groupsOf(read.items),
      read.expected,
      actorIdOf(actor),
      deps.clock.now(),
    );
    await postItems({ ...deps, db: tx }, actor, month, contributionDate, read.items);
    await writeAudit(tx, actor, {
      action: 'payroll.posted',
      entityType: 'payroll_month',
      entityId: month,
      after: { fileName: upload.fileName, ...result, contributionDate },
    });
    return result;
  });
}

/**
 * POST /admin/payroll, before its job is queued: the preview's checks, writing nothing. A file
 * with any problem is refused here with the row-by-row report. Returns the members to post.
 */
export async function checkPayroll(
  deps: Deps,
  _actor: MemberActor,
  upload: CsvUploadInput,
): Promise<number> {
  const read = await readPayroll(deps.db, upload, toIsoDateInTimeZone(deps.clock.now()));
  checkedMonth(read);
  return read.items.length;
}

/** Members posted per batch of a posting job: each batch commits with the job's progress. */
export const PAYROLL_BATCH = 200;

/** What a posting job keeps between batches: the day it was asked, and the totals it posts. */
interface PayrollPlan {
  today: IsoDate;
  posting: PayrollPosting;
  /** The members the job posts in all, missing ones included. */
  members?: number;
}

/** What a run of a posting job keeps between its batches: the file as its first batch read it. */
export interface PayrollRunMemory {
  read?: {
    month: string;
    /** The members to post, in order, and how many of them earlier batches of the run took. */
    items: PostItem[];
    next: number;
    total: boolean;
    plan: PayrollPlan;
  };
}

/**
 * The members of a batch as they stand now, under the month's lock: each asked again what the
 * file's reading asked of every member (posted since? the running loan, the pending fines), so what
 * was done between two batches (another upload, a repayment or a fine paid at the counter) is seen
 * before the member is posted, exactly as a new reading of the file would see it. A member posted
 * since is left out; a row that is now wrong refuses the batch with the row-by-row report.
 */
async function refreshed(
  db: Executor,
  month: string,
  candidates: readonly PostItem[],
  total: boolean,
): Promise<PostItem[]> {
  const rowIds = candidates.flatMap((item) => (item.row ? [item.userId] : []));
  const posted = await postedFor(db, rowIds, month);
  const targets = await payrollRepaymentTargets(db, rowIds, month);
  for (const userId of targets.repaidInMonth) posted.add(userId);
  const missingPosted = await postedFor(
    db,
    candidates.flatMap((item) => (item.row ? [] : [item.userId])),
    month,
  );
  const fineLists = await pendingFinesToPay(
    db,
    rowIds.filter((userId) => !posted.has(userId)),
    monthBounds(month).last,
  );
  const problems: CsvProblem[] = [];
  const items: PostItem[] = [];
  for (const item of candidates) {
    const row = item.row;
    if (!row) {
      if (!missingPosted.has(item.userId)) items.push(item);
      continue;
    }
    if (posted.has(item.userId)) continue;
    const loan = targets.loans.get(item.userId);
    const problem = rowProblem(row, item.expected, loan, total);
    if (problem) problems.push({ line: row.line, message: problem });
    else items.push(itemOf(row, item.expected, loan, fineLists.get(item.userId), total));
  }
  if (problems.length > 0) throw refusalOf(problems);
  return items;
}

/**
 * One batch of a payroll posting job (decision 101, docs/decisions/152-payroll-posting-in-sets.md),
 * inside the job's transaction `deps.db`, under the month's lock. A run's first batch reads the
 * file, as the preview does, and keeps it in `memory`; each later batch of the run asks its own
 * members again (`refreshed`) instead of reading the whole file again. Each batch posts the next
 * `PAYROLL_BATCH` members not yet posted, each member's contribution, repayment and fines
 * together. The job's first batch freezes the month's schedules, so every later batch matches
 * against the same expectations. Posting is idempotent per member and month, so a run cut short
 * resumes (reading the file again) with the members left, and none is posted twice. The first
 * batch's totals are the job's summary.
 */
export async function postPayrollBatch(
  deps: Deps,
  actor: MemberActor,
  job: { input: CsvUploadInput; plan: PayrollPlan | null; createdAt: Date },
  memory: PayrollRunMemory = {},
): Promise<{ done: number; total: number; plan: PayrollPlan; finished?: PayrollPosting }> {
  await advisoryLock(deps.db, 'coop.payroll');
  let batch: PostItem[];
  let left: number;
  let read = memory.read;
  if (read) {
    const candidates = read.items.slice(read.next, read.next + PAYROLL_BATCH);
    read.next += candidates.length;
    batch = await refreshed(deps.db, read.month, candidates, read.total);
    left = read.items.length - read.next;
  } else {
    const today = job.plan?.today ?? toIsoDateInTimeZone(job.createdAt);
    const whole = await readPayroll(deps.db, job.input, today);
    // Members posted by earlier runs now read as already posted; any other problem refuses.
    const month = checkedMonth(whole);
    const plan = job.plan ?? {
      today,
      posting: postingOf(whole, month),
      members: whole.items.length,
    };
    if (!job.plan && whole.expected && whole.items.length > 0) {
      await freezeSchedules(
        deps.db,
        month,
        groupsOf(whole.items),
        whole.expected,
        actorIdOf(actor),
        deps.clock.now(),
      );
    }
    batch = whole.items.slice(0, PAYROLL_BATCH);
    left = whole.items.length - batch.length;
    read = {
      month,
      items: whole.items,
      next: batch.length,
      total: whole.preview.format === 'total',
      plan,
    };
    memory.read = read;
  }
  const { month, plan } = read;
  const total = plan.members ?? plan.posting.posted;
  const done = total - left;
  const contributionDate = deductionDate(month, plan.today);
  if (batch.length > 0) await postItems(deps, actor, month, contributionDate, batch);
  if (done < total) return { done, total, plan };
  if (total > 0) {
    await writeAudit(deps.db, actor, {
      action: 'payroll.posted',
      entityType: 'payroll_month',
      entityId: month,
      after: { fileName: job.input.fileName, ...plan.posting, contributionDate },
    });
  }
  return { done, total, plan, finished: plan.posting };
}

/** ', 2 short, 1 missing' of a posting's variance counts (matched left out); '' for none. */
function variancesSaid(counts: Record<PayrollVarianceKind, number> | undefined): string {
  if (!counts) return '';
  const said = PAYROLL_VARIANCE_KINDS.filter((kind) => kind !== 'matched' && counts[kind] > 0).map(
    (kind) => `${counts[kind].toLocaleString('en-NG')} ${kind}`,
  );
  return said.length > 0
    ? ` Variances: ${said.join(', ')}; each member was told what was deducted against what was expected.`
    : '';
}

/** 'Posted 12 contributions for March 2025' or, on a repeat, that nothing changed. */
export function payrollPostedMessage(result: PayrollPosting): string {
  const month = formatMonth(result.month);
  const missing = result.counts?.missing ?? 0;
  if (result.posted === 0 && missing === 0) {
    return `Nothing was posted: every row for ${month} was already posted`;
  }
  const skipped =
    result.alreadyPosted > 0
      ? ` (${result.alreadyPosted.toLocaleString('en-NG')} already posted, left as they were)`
      : '';
  const repaid =
    result.repayments > 0
      ? ` Loan repayments of ${formatNaira(result.repayments)} were recorded.`
      : '';
  return `Posted ${countOf(result.posted, 'contribution')} for ${month}${skipped}. The members were asked to confirm.${repaid}${variancesSaid(result.counts)}`;
}

/** Payroll postings as officer jobs (lib/officer-jobs.ts, decision 101). */
export const payrollPostJobWork: OfficerJobWork = {
  batch: (deps, actor, job, memory) =>
    postPayrollBatch(
      deps,
      actor,
      {
        input: job.input as CsvUploadInput,
        plan: job.plan as PayrollPlan | null,
        createdAt: job.createdAt,
      },
      memory,
    ),
  message: (result: PayrollPosting) => payrollPostedMessage(result),
  partly: (done, total) =>
    `${done.toLocaleString('en-NG')} of ${countOf(total, 'member')} were posted before the posting stopped; upload the file again to post the rest (members already posted are skipped).`,
};
