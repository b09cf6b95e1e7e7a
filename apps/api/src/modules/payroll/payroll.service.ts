/**
 * Payroll deductions (docs/decisions/070-back-office.md; docs/business-rules.md "Contributions"):
 * the administrator uploads a month's CSV (membershipId, month, savings, shares in naira), sees a
 * preview, and posts it. Posting creates pending contributions through the contributions service
 * (ledger, audit and the members' "please confirm" notifications included). Idempotent per member
 * and month: rows already posted are left alone, so a second upload of the same month changes
 * nothing and says so; posts of one month queue on a lock, so two at once post each row once.
 */
import { countOf } from '@coop/shared/plurals';
import { CSV_UPLOAD_MAX_BYTES } from '@coop/shared/csv-upload-rules';
import type { CsvUploadInput } from '@coop/shared/csv-uploads';
import type { PayrollPreview, PayrollRow } from '@coop/shared/payroll';
import { PAYROLL_COLUMNS, PAYROLL_COLUMNS_WITH_REPAYMENT } from '@coop/shared/payroll-rules';
import { formatMonth, isIsoMonth, toIsoDateInTimeZone, type IsoDate } from '@coop/shared/dates';
import { formatKobo, formatNaira, koboToNaira, nairaToKobo } from '@coop/shared/money';
import { MAX_AMOUNT_NAIRA } from '@coop/shared/constants';
import type { Executor } from '../../db/client.js';
import type { Deps } from '../../deps.js';
import type { MemberActor } from '../../lib/actor.js';
import { advisoryLock } from '../../lib/advisory-lock.js';
import type { OfficerJobWork } from '../../lib/officer-jobs.js';
import { writeAudit } from '../../lib/audit-log.js';
import { CSV_UPLOAD_REFUSALS, readCsvUpload, type CsvProblem } from '../../lib/csv.js';
import { DomainError } from '../../lib/domain-error.js';
import {
  membersWithContributionFor,
  recordContributions,
} from '../contributions/contributions.service.js';
import { membersByMembershipId } from '../members/members.service.js';
import { payrollRepaymentTargets } from '../loans/loan-back-office.service.js';
import { recordRepayment } from '../loans/loan-servicing.service.js';

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

interface ReadRow extends PayrollRow {
  userId: string | null;
  savingsKobo: number;
  sharesKobo: number;
  repaymentKobo: number;
  loanId: string | null;
}

/** Whether the file's header ends with the optional `repayment` column. */
function hasRepaymentColumn(base64: string): boolean {
  const head = Buffer.from(base64.slice(0, 4096), 'base64').toString('utf8');
  const firstLine = head.split(/\r?\n/, 1)[0] ?? '';
  return firstLine.split(',').at(-1)?.trim() === 'repayment';
}

interface ReadPayroll {
  preview: PayrollPreview;
  rows: ReadRow[];
  refusal: CsvProblem[] | null;
}

/** The last day of a month, or today when the month is the current one. */
function deductionDate(month: string, today: IsoDate): IsoDate {
  const [year, monthNumber] = month.split('-').map(Number) as [number, number];
  const last = new Date(Date.UTC(year, monthNumber, 0)).getUTCDate();
  const end = `${month}-${String(last).padStart(2, '0')}`;
  return end < today ? end : today;
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
  };
  const columns = hasRepaymentColumn(upload.content)
    ? PAYROLL_COLUMNS_WITH_REPAYMENT
    : PAYROLL_COLUMNS;
  const table = await readCsvUpload<(typeof PAYROLL_COLUMNS_WITH_REPAYMENT)[number]>(
    upload.content,
    columns,
    CSV_UPLOAD_MAX_BYTES,
  );
  if (!table.ok) {
    return {
      preview: {
        fileName: upload.fileName,
        month: null,
        rows: [],
        errors: table.problems,
        totals: empty,
      },
      rows: [],
      refusal: table.problems,
    };
  }

  const rows: ReadRow[] = table.rows.map(({ line, values, errors }) => {
    const rowErrors = [...errors];
    const membershipId = values.membershipId.toUpperCase();
    if (membershipId === '') rowErrors.push('Membership ID is required');
    const month = values.month;
    if (!isIsoMonth(month)) rowErrors.push('Month must be a month as yyyy-MM, like 2025-03');
    else if (month > today.slice(0, 7)) rowErrors.push(`${formatMonth(month)} has not begun`);
    const savingsKobo = readAmount('Savings', values.savings, rowErrors);
    const sharesKobo = readAmount('Shares', values.shares, rowErrors);
    const repaymentKobo = readAmount('Repayment', values.repayment ?? '', rowErrors);
    if (rowErrors.length === 0 && savingsKobo + sharesKobo + repaymentKobo <= 0) {
      rowErrors.push('A row needs a savings, shares or repayment amount above zero');
    }
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
      status: 'new',
      errors: rowErrors,
      userId: null,
      savingsKobo,
      sharesKobo,
      repaymentKobo,
      loanId: null,
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
  const posted = month ? await membersWithContributionFor(db, userIds, month) : new Set<string>();
  // The repayment column: each member's running loan, and who was already repaid by this month.
  const targets = await payrollRepaymentTargets(db, userIds, month ?? '');
  for (const userId of targets.repaidInMonth) posted.add(userId);
  for (const row of rows) {
    // A member already posted for the month is left alone, repayment included (idempotent).
    if (!row.userId || row.repaymentKobo <= 0 || posted.has(row.userId)) continue;
    const loan = targets.loans.get(row.userId);
    if (!loan) {
      row.errors.push(`${row.memberName ?? row.membershipId} has no running loan to repay`);
      continue;
    }
    row.loanId = loan.id;
    row.loanNumber = loan.loanNumber;
    if (row.repaymentKobo > loan.outstandingBalance) {
      row.errors.push(
        `The repayment of ${formatKobo(row.repaymentKobo)} is more than the ${formatKobo(loan.outstandingBalance)} outstanding on loan ${loan.loanNumber}`,
      );
    }
  }
  for (const row of rows) {
    if (row.errors.length > 0) row.status = 'error';
    else if (row.userId && posted.has(row.userId)) row.status = 'already_posted';
  }

  const fresh = rows.filter((row) => row.status === 'new');
  const savings = fresh.reduce((sum, row) => sum + row.savingsKobo, 0);
  const shares = fresh.reduce((sum, row) => sum + row.sharesKobo, 0);
  const repayments = fresh.reduce((sum, row) => sum + row.repaymentKobo, 0);
  const errorRows = rows.filter((row) => row.status === 'error').length;
  const preview: PayrollPreview = {
    fileName: upload.fileName,
    month,
    rows: rows.map(
      ({ userId: _u, savingsKobo: _s, sharesKobo: _h, repaymentKobo: _r, loanId: _l, ...row }) =>
        row,
    ),
    errors: table.problems,
    totals: {
      rows: rows.length,
      members: new Set(rows.flatMap((row) => (row.userId ? [row.userId] : []))).size,
      newRows: fresh.length,
      alreadyPosted: rows.filter((row) => row.status === 'already_posted').length,
      errorRows,
      savings: koboToNaira(savings),
      shares: koboToNaira(shares),
      total: koboToNaira(savings + shares),
      repayments: koboToNaira(repayments),
    },
  };
  const report = [
    ...table.problems,
    ...rows.flatMap((row) => row.errors.map((message) => ({ line: row.line, message }))),
  ];
  return { preview, rows, refusal: report.length > 0 ? report : null };
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
}

/** The month of a file that can be posted; else the refusal, with its row-by-row report. */
function checkedMonth(read: ReadPayroll): string {
  if (!read.refusal && read.preview.month) return read.preview.month;
  const problems = read.refusal ?? [{ line: 0, message: CSV_UPLOAD_REFUSALS.empty }];
  throw new DomainError({
    code: problems.some((p) => p.message === CSV_UPLOAD_REFUSALS.tooLarge)
      ? 'PAYLOAD_TOO_LARGE'
      : 'CSV_REJECTED',
    message: `The file was not posted: ${problems.length} problem${problems.length === 1 ? '' : 's'} to fix`,
    details: problems,
  });
}

function postingOf(preview: PayrollPreview, month: string): PayrollPosting {
  return {
    month,
    posted: preview.totals.newRows,
    alreadyPosted: preview.totals.alreadyPosted,
    savings: preview.totals.savings,
    shares: preview.totals.shares,
    total: preview.totals.total,
    repayments: preview.totals.repayments,
  };
}

/** Posts `fresh` rows (contributions, then repayments) in `deps.db`, a transaction. */
async function postRows(
  deps: Deps,
  actor: MemberActor,
  month: string,
  contributionDate: IsoDate,
  fresh: ReadRow[],
): Promise<void> {
  const contributing = fresh.filter((row) => row.savingsKobo + row.sharesKobo > 0);
  if (contributing.length > 0) {
    await recordContributions(deps, actor, {
      deductions: contributing.map((row) => ({
        userId: row.userId ?? '',
        month,
        contributionDate,
        savingsKobo: row.savingsKobo,
        sharesKobo: row.sharesKobo,
      })),
    });
  }
  // Loan repayments by payroll, in the same transaction (docs/decisions/070-back-office.md).
  for (const row of fresh) {
    if (row.repaymentKobo <= 0 || !row.loanId) continue;
    await recordRepayment(deps, actor, {
      loanId: row.loanId,
      amountKobo: row.repaymentKobo,
      paymentDate: contributionDate,
      paymentMethod: 'payroll',
    });
  }
}

/**
 * POST /admin/payroll: posts a month's new rows in ONE transaction, or nothing when the file has
 * any problem (refused with the row-by-row report). Rows already posted for the month are left
 * as they are. (The route queues a job of `postPayrollBatch` instead; this is the whole file at
 * once, for the demo and the tests.)
 */
export async function postPayroll(
  deps: Deps,
  actor: MemberActor,
  upload: CsvUploadInput,
): Promise<PayrollPosting> {
  const today = toIsoDateInTimeZone(deps.clock.now());
  return deps.db.transaction(async (tx) => {
    // Posts of the same month queue here; the second then finds every row already posted.
    await advisoryLock(tx, 'coop.payroll');
    const read = await readPayroll(tx, upload, today);
    const month = checkedMonth(read);
    const result = postingOf(read.preview, month);
    const fresh = read.rows.filter((row) => row.status === 'new' && row.userId);
    if (fresh.length === 0) return result;
    const contributionDate = deductionDate(month, today);
    await postRows({ ...deps, db: tx }, actor, month, contributionDate, fresh);
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
 * with any problem is refused here with the row-by-row report. Returns the rows to post.
 */
export async function checkPayroll(
  deps: Deps,
  _actor: MemberActor,
  upload: CsvUploadInput,
): Promise<number> {
  const read = await readPayroll(deps.db, upload, toIsoDateInTimeZone(deps.clock.now()));
  checkedMonth(read);
  return read.preview.totals.newRows;
}

/** Payroll rows posted per batch of a posting job: each batch commits with the job's progress. */
export const PAYROLL_BATCH = 200;

/** What a posting job keeps between batches: the day it was asked, and the totals it posts. */
interface PayrollPlan {
  today: IsoDate;
  posting: PayrollPosting;
}

/**
 * One batch of a payroll posting job (decision 101), inside the job's transaction `deps.db`:
 * reads the file again under the month's lock, as the preview does, and posts the first
 * `PAYROLL_BATCH` rows not yet posted, each member's contribution and repayment together.
 * Posting is idempotent per member and month, so a run cut short resumes with the rows left,
 * and a row is never posted twice. The first batch's totals are the job's summary.
 */
export async function postPayrollBatch(
  deps: Deps,
  actor: MemberActor,
  job: { input: CsvUploadInput; plan: PayrollPlan | null; createdAt: Date },
): Promise<{ done: number; total: number; plan: PayrollPlan; finished?: PayrollPosting }> {
  await advisoryLock(deps.db, 'coop.payroll');
  const today = job.plan?.today ?? toIsoDateInTimeZone(job.createdAt);
  const read = await readPayroll(deps.db, job.input, today);
  // Rows posted by earlier batches now read as already posted; any other problem refuses.
  const month = checkedMonth(read);
  const plan = job.plan ?? { today, posting: postingOf(read.preview, month) };
  const fresh = read.rows.filter((row) => row.status === 'new' && row.userId);
  const batch = fresh.slice(0, PAYROLL_BATCH);
  const total = plan.posting.posted;
  const done = total - (fresh.length - batch.length);
  const contributionDate = deductionDate(month, today);
  if (batch.length > 0) await postRows(deps, actor, month, contributionDate, batch);
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

/** 'Posted 12 contributions for March 2025' or, on a repeat, that nothing changed. */
export function payrollPostedMessage(result: PayrollPosting): string {
  const month = formatMonth(result.month);
  if (result.posted === 0) {
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
  return `Posted ${countOf(result.posted, 'contribution')} for ${month}${skipped}. The members were asked to confirm.${repaid}`;
}

/** Payroll postings as officer jobs (lib/officer-jobs.ts, decision 101). */
export const payrollPostJobWork: OfficerJobWork = {
  batch: (deps, actor, job) =>
    postPayrollBatch(deps, actor, {
      input: job.input as CsvUploadInput,
      plan: job.plan as PayrollPlan | null,
      createdAt: job.createdAt,
    }),
  message: (result: PayrollPosting) => payrollPostedMessage(result),
  partly: (done, total) =>
    `${done.toLocaleString('en-NG')} of ${countOf(total, 'row')} were posted before the posting stopped; upload the file again to post the rest (rows already posted are skipped).`,
};
