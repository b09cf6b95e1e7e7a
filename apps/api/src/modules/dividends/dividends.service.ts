/**
 * Dividends (docs/member-portal.md §2 Dividends, §3, §4; docs/business-rules.md "Dividends and
 * fines"): the administrator declares a year's rate on share holding, which calculates one row per
 * member holding shares at the year's end; paying the year credits each row to the member's savings
 * through the ledger. Members list their own. Use cases follow docs/decisions/003-api-layering.md.
 */
import { countOf } from '@coop/shared/plurals';
import { isIsoDate, toIsoDateInTimeZone, type IsoDate } from '@coop/shared/dates';
import {
  DIVIDEND_TRANSITIONS,
  type DeclareDividendInput,
  type Dividend,
  type DividendDeclaration,
  type DividendDeclarationRow,
  type DividendListQuery,
  type DividendPreview,
  type DividendPreviewRequest,
  type DividendRowsQuery,
  type PayDividendsInput,
  type PayDividendsRequest,
} from '@coop/shared/dividends';
import { applyRateBps, koboToNaira, type Kobo } from '@coop/shared/money';
import type { Executor, Tx } from '../../db/client.js';
import type { Deps } from '../../deps.js';
import type { Actor, MemberActor } from '../../lib/actor.js';
import { actorIdOf } from '../../lib/actor.js';
import type { ActivitySource, SummaryTotal } from '../../lib/dashboard-seam.js';
import { writeAudit } from '../../lib/audit-log.js';
import type { OfficerJobWork } from '../../lib/officer-jobs.js';
import { DomainError, notFound } from '../../lib/domain-error.js';
import { postLedgerTransactions } from '../ledger/ledger.service.js';
import type { ListPage } from '../../lib/list-query.js';
import { assertTransition } from '../../lib/transitions.js';
import { sendMessages } from '../notifications/notifications.service.js';
import {
  dividendActivitySql,
  dividendsPaidTotalSql,
  dividendsRepository,
  type DividendListRow,
  type DividendRow,
} from './dividends.repository.js';

export function toDividend(row: DividendListRow): Dividend {
  return {
    id: row.id,
    dividendPeriod: row.dividendPeriod,
    dividendType: row.dividendType,
    amount: koboToNaira(row.amount),
    notes: row.notes,
    issuedDate: row.issuedDate,
    paidDate: row.paidDate,
    status: row.status,
    dividendYear: row.dividendYear,
  };
}

/** GET /users/dividends: the member's own, one page. */
export async function listDividends(
  deps: Deps,
  actor: MemberActor,
  query: DividendListQuery,
): Promise<ListPage<Dividend>> {
  const page = await dividendsRepository(deps.db).page(actor.user.id, query);
  return { items: page.items.map(toDividend), pagination: page.pagination };
}

/**
 * Dashboard seam (lib/dashboard-seam.ts): the member's newest dividends as (incoming) activity,
 * dated when paid. Row: the period in `label`.
 */
export const dividendActivity: ActivitySource = {
  key: 'dividends',
  fragment: dividendActivitySql,
  map: (row) => ({
    id: row.id,
    type: 'dividend',
    description: `${row.label} dividend`,
    amount: koboToNaira(row.amountKobo),
    date: row.occurredAt,
    status: row.status,
  }),
};

/** Total Dividends on the dashboard: what was credited to the member, in kobo. */
export const dividendsPaidTotal: SummaryTotal = dividendsPaidTotalSql;

const invalid = (message: string) => new DomainError({ code: 'VALIDATION_ERROR', message });

const alreadyDeclared = (year: number) =>
  new DomainError({
    code: 'DIVIDEND_ALREADY_DECLARED',
    message: `The ${year} dividend was already declared: a year is declared once`,
  });

/** The rate as the administrator typed it: 10.5 % for 1,050 basis points. */
const ratePercent = (rateBps: number) =>
  (rateBps / 100).toLocaleString('en-NG', { maximumFractionDigits: 2 });

interface MemberDividend {
  userId: string;
  membershipId: string;
  name: string;
  shareHolding: Kobo;
  amount: Kobo;
}

interface DividendCalculation {
  asOf: IsoDate;
  rows: MemberDividend[];
  shareHolding: Kobo;
  amount: Kobo;
  retainedByRounding: Kobo;
}

function assertYearEnded(deps: Deps, year: number): IsoDate {
  const today = toIsoDateInTimeZone(deps.clock.now());
  const yearEnd = `${year}-12-31`;
  if (yearEnd >= today) throw invalid(`The ${year} financial year has not ended`);
  return yearEnd;
}

/**
 * Decision 072: each member's dividend is the rate on their share holding of 31 December,
 * rounded DOWN to the kobo, so the cooperative never pays more than the declared rate and each
 * member can check their own figure. The fractions of a kobo not paid stay in the cooperative's
 * funds: `retainedByRounding` is the rate on the total holding (rounded down) less the sum paid.
 * Members whose dividend rounds to nothing get no row.
 */
async function calculateDividend(
  db: Executor,
  year: number,
  rateBps: number,
): Promise<DividendCalculation> {
  const asOf = `${year}-12-31`;
  const holdings = await dividendsRepository(db).shareHoldingsOn(asOf);
  const rows = holdings
    .map((holding) => ({
      userId: holding.userId,
      membershipId: holding.membershipId,
      name: holding.name,
      shareHolding: holding.shares,
      amount: applyRateBps(holding.shares, rateBps, 'down'),
    }))
    .filter((row) => row.amount > 0);
  const shareHolding = holdings.reduce((total, holding) => total + holding.shares, 0);
  const amount = rows.reduce((total, row) => total + row.amount, 0);
  return {
    asOf,
    rows,
    shareHolding,
    amount,
    retainedByRounding: applyRateBps(shareHolding, rateBps, 'down') - amount,
  };
}

/**
 * POST /admin/dividends/preview: what declaring `dividendYear` at `rateBps` would give each
 * member, with the totals. Writes nothing; refuses a year not ended or already declared.
 */
export async function previewDividend(
  deps: Deps,
  _actor: Actor,
  input: DividendPreviewRequest,
): Promise<DividendPreview> {
  assertYearEnded(deps, input.dividendYear);
  if (await dividendsRepository(deps.db).yearDeclared(input.dividendYear)) {
    throw alreadyDeclared(input.dividendYear);
  }
  const calculation = await calculateDividend(deps.db, input.dividendYear, input.rateBps);
  return {
    dividendYear: input.dividendYear,
    rateBps: input.rateBps,
    asOf: calculation.asOf,
    rows: calculation.rows.map((row) => ({
      userId: row.userId,
      membershipId: row.membershipId,
      name: row.name,
      shareHolding: koboToNaira(row.shareHolding),
      amount: koboToNaira(row.amount),
    })),
    totals: {
      members: calculation.rows.length,
      shareHolding: koboToNaira(calculation.shareHolding),
      amount: koboToNaira(calculation.amount),
      retainedByRounding: koboToNaira(calculation.retainedByRounding),
    },
  };
}

/**
 * The administrator declares `dividendYear`'s dividend at `rateBps` of each member's share
 * holding on 31 December of that year (from the ledger), rounded down to the kobo (decision
 * 072). Once per year; the issue date defaults to today. No money moves until it is paid.
 */
export async function declareDividend(
  deps: Deps,
  actor: Actor,
  input: DeclareDividendInput,
): Promise<DividendRow[]> {
  const today = toIsoDateInTimeZone(deps.clock.now());
  if (!Number.isInteger(input.rateBps) || input.rateBps <= 0 || input.rateBps > 10_000) {
    throw invalid('The rate must be between 1 and 10,000 basis points');
  }
  const yearEnd = assertYearEnded(deps, input.dividendYear);
  const issuedDate = input.issuedDate ?? today;
  if (issuedDate <= yearEnd || issuedDate > today) {
    throw invalid('The issue date must fall after the year’s end and not in the future');
  }

  return deps.db.transaction(async (tx) => {
    const repo = dividendsRepository(tx);
    // One declaration a year: declarations queue on a lock, then the second finds the year taken
    // (the unique (member, year, type) index is the last line of defence).
    await repo.lockDeclarations();
    if (await repo.yearDeclared(input.dividendYear)) throw alreadyDeclared(input.dividendYear);
    const calculation = await calculateDividend(tx, input.dividendYear, input.rateBps);
    if (calculation.rows.length === 0) {
      throw invalid(`No member held shares on 31 Dec ${input.dividendYear}: nothing to declare`);
    }
    const now = deps.clock.now();
    const rows = await repo.insertMany(
      calculation.rows.map((row) => ({
        userId: row.userId,
        dividendYear: input.dividendYear,
        dividendPeriod: `FY ${input.dividendYear}`,
        dividendType: 'share_holding' as const,
        rateBps: input.rateBps,
        shareHolding: row.shareHolding,
        amount: row.amount,
        notes:
          input.notes ||
          `${ratePercent(input.rateBps)}% on share holding of 31 Dec ${input.dividendYear}`,
        issuedDate,
        status: 'calculated' as const,
        createdAt: now,
        updatedAt: now,
      })),
    );
    await writeAudit(tx, actor, {
      action: 'dividend.declared',
      entityType: 'dividend',
      entityId: String(input.dividendYear),
      after: {
        dividendYear: input.dividendYear,
        rateBps: input.rateBps,
        issuedDate,
        members: rows.length,
        shareHolding: calculation.shareHolding,
        total: calculation.amount,
        retainedByRounding: calculation.retainedByRounding,
      },
    });
    return rows;
  });
}

/**
 * The administrator pays a year's declared dividends: every unpaid row is credited to its
 * member's savings (coop_dividend_expense debited) in one set of postings, marked paid, audited,
 * and its member told. The rows are locked first, so of two administrators paying at once the
 * second finds nothing left to pay and is refused: the year is paid once.
 */
export async function payDividends(
  deps: Deps,
  actor: Actor,
  input: PayDividendsInput,
): Promise<DividendRow[]> {
  const paidDate = paymentDate(deps, input);
  return deps.db.transaction(async (tx) => {
    const rows = await unpaidRows({ ...deps, db: tx }, input.dividendYear, paidDate);
    return payRows({ ...deps, db: tx }, actor, rows, paidDate);
  });
}

/**
 * Pays `rows` (locked, unpaid) on `paidDate` inside the transaction `deps.db`: one set of ledger
 * postings, each row marked paid, audited, and its member told.
 */
async function payRows(
  deps: Deps & { db: Tx },
  actor: Actor,
  rows: DividendRow[],
  paidDate: IsoDate,
): Promise<DividendRow[]> {
  const repo = dividendsRepository(deps.db);
  for (const row of rows) {
    assertTransition(DIVIDEND_TRANSITIONS, row.status, 'paid');
    if (paidDate < row.issuedDate) throw invalid('A dividend cannot be paid before it is issued');
  }
  const posted = await postLedgerTransactions(
    deps.db,
    rows.map((row) => ({
      kind: 'dividend' as const,
      description: `${row.dividendPeriod} dividend`,
      effectiveDate: paidDate,
      reference: { type: 'dividend', id: row.id },
      createdBy: actorIdOf(actor),
      entries: [
        { account: 'coop_dividend_expense' as const, amount: row.amount },
        { account: 'member_savings' as const, userId: row.userId, amount: -row.amount },
      ],
    })),
  );
  const now = deps.clock.now();
  const paid: DividendRow[] = [];
  for (const [i, row] of rows.entries()) {
    const values = {
      status: 'paid' as const,
      paidDate: paidDate,
      ledgerTransactionId: posted[i]?.id ?? null,
      updatedAt: now,
    };
    await repo.markPaid(row.id, values);
    paid.push({ ...row, ...values });
  }
  await writeAudit(
    deps.db,
    actor,
    paid.map((row) => ({
      action: 'dividend.paid' as const,
      entityType: 'dividend' as const,
      entityId: row.id,
      before: { status: rows.find((r) => r.id === row.id)?.status },
      after: {
        status: 'paid',
        paidDate: row.paidDate,
        ledgerTransactionId: row.ledgerTransactionId,
      },
    })),
  );
  await sendMessages(
    deps.db,
    deps,
    actor,
    paid.map((row) => ({
      userId: row.userId,
      template: 'dividendPaid' as const,
      facts: { dividendId: row.id, year: row.dividendYear, amount: row.amount },
    })),
  );
  return paid;
}

/** Dividends paid per batch of a payment job: each batch commits with the job's progress. */
export const DIVIDEND_PAY_BATCH = 200;

/** The date a payment is made on, checked: given, or today; never in the future. */
function paymentDate(deps: Deps, input: PayDividendsRequest): IsoDate {
  const today = toIsoDateInTimeZone(deps.clock.now());
  const paidDate = input.paidDate ?? today;
  if (!isIsoDate(paidDate) || paidDate > today) {
    throw invalid('The payment date must be a date, not in the future');
  }
  return paidDate;
}

/** The year's unpaid rows, locked; refused when it was not declared or is already paid. */
async function unpaidRows(
  deps: { db: Executor },
  year: number,
  paidDate: IsoDate,
): Promise<DividendRow[]> {
  const repo = dividendsRepository(deps.db);
  const rows = await repo.lockUnpaid(year);
  if (rows.length === 0) {
    if (!(await repo.yearDeclared(year))) throw notFound(`A ${year} dividend declaration`);
    throw new DomainError({
      code: 'INVALID_TRANSITION',
      message: `The ${year} dividend was already paid`,
    });
  }
  if (rows.some((row) => paidDate < row.issuedDate)) {
    throw invalid('A dividend cannot be paid before it is issued');
  }
  return rows;
}

/**
 * POST /admin/dividends/{year}/pay, before its job is queued: the payment's checks, writing
 * nothing. Returns the payment as the job will make it (its date fixed now) and the rows to pay.
 */
export async function checkDividendPayment(
  deps: Deps,
  _actor: Actor,
  year: number,
  input: PayDividendsRequest,
): Promise<{ payment: { year: number; paidDate: IsoDate }; unpaid: number }> {
  const paidDate = paymentDate(deps, input);
  const rows = await unpaidRows(deps, year, paidDate);
  return { payment: { year, paidDate }, unpaid: rows.length };
}

/**
 * One batch of a dividend payment job (decision 101), inside the job's transaction `deps.db`:
 * pays the next `DIVIDEND_PAY_BATCH` unpaid rows of the year. A row is paid once (locked, then
 * marked paid with its posting in one commit), so a run cut short resumes with the rows still
 * unpaid. The last batch answers the year's declaration, as the request did.
 */
export async function payDividendsBatch(
  deps: Deps & { db: Tx },
  actor: Actor,
  job: { input: { year: number; paidDate: IsoDate }; done: number; total: number },
): Promise<{ done: number; total: number; finished?: DividendDeclaration }> {
  const { year, paidDate } = job.input;
  const rows = await unpaidRows(deps, year, paidDate);
  const total = job.done === 0 ? rows.length : job.total;
  const batch = rows.slice(0, DIVIDEND_PAY_BATCH);
  await payRows(deps, actor, batch, paidDate);
  const left = rows.length - batch.length;
  const done = total - left;
  if (left > 0) return { done, total };
  return { done, total, finished: await dividendDeclaration(deps, actor, year) };
}

function toDeclaration(
  row: Awaited<ReturnType<ReturnType<typeof dividendsRepository>['declarations']>>[number],
): DividendDeclaration {
  return {
    dividendYear: row.dividendYear,
    dividendPeriod: row.dividendPeriod,
    rateBps: row.rateBps,
    issuedDate: row.issuedDate,
    paidDate: row.unpaid === 0 ? row.paidDate : null,
    members: row.members,
    amount: koboToNaira(row.amount),
    paidAmount: koboToNaira(row.paidAmount),
    status: row.unpaid === 0 ? 'paid' : 'calculated',
  };
}

/** GET /admin/dividends: every declared year, newest first. */
export async function listDividendDeclarations(
  deps: Deps,
  _actor: Actor,
): Promise<DividendDeclaration[]> {
  const rows = await dividendsRepository(deps.db).declarations();
  return rows.map(toDeclaration);
}

/** One declared year, or 404. */
export async function dividendDeclaration(
  deps: Deps,
  _actor: Actor,
  year: number,
): Promise<DividendDeclaration> {
  const [row] = await dividendsRepository(deps.db).declarations(year);
  if (!row) throw notFound(`A ${year} dividend declaration`);
  return toDeclaration(row);
}

/** GET /admin/dividends/{year}/rows: the declaration's members, one page. */
export async function listDividendRows(
  deps: Deps,
  actor: Actor,
  year: number,
  query: DividendRowsQuery,
): Promise<ListPage<DividendDeclarationRow>> {
  await dividendDeclaration(deps, actor, year);
  const page = await dividendsRepository(deps.db).rowsPage(year, query);
  return {
    items: page.items.map((row) => ({
      ...row,
      shareHolding: row.shareHolding === null ? null : koboToNaira(row.shareHolding),
      amount: koboToNaira(row.amount),
    })),
    pagination: page.pagination,
  };
}

/** POST /admin/dividends: declares the year and answers its declaration. */
export async function declareDividendYear(
  deps: Deps,
  actor: Actor,
  input: DeclareDividendInput,
): Promise<DividendDeclaration> {
  await declareDividend(deps, actor, input);
  return dividendDeclaration(deps, actor, input.dividendYear);
}

/** POST /admin/dividends/{year}/pay: pays the year (today unless a date is given). */
export async function payDividendYear(
  deps: Deps,
  actor: Actor,
  year: number,
  input: PayDividendsRequest,
): Promise<DividendDeclaration> {
  await payDividends(deps, actor, {
    dividendYear: year,
    paidDate: input.paidDate ?? toIsoDateInTimeZone(deps.clock.now()),
  });
  return dividendDeclaration(deps, actor, year);
}

export const dividendDeclaredMessage = (declaration: DividendDeclaration) =>
  `The ${declaration.dividendYear} dividend was declared for ${countOf(declaration.members, 'member')}. Nothing is paid until you pay it.`;

export const dividendPaidMessage = (declaration: DividendDeclaration) =>
  `The ${declaration.dividendYear} dividend was paid into ${countOf(declaration.members, 'member’s', 'members’')} savings. Each member was notified.`;

/** Dividend payments as officer jobs (lib/officer-jobs.ts, decision 101). */
export const dividendPayJobWork: OfficerJobWork = {
  batch: (deps, actor, job) =>
    payDividendsBatch(deps, actor, {
      input: job.input as { year: number; paidDate: IsoDate },
      done: job.done,
      total: job.total,
    }),
  message: (result: DividendDeclaration) => dividendPaidMessage(result),
  partly: (done, total) =>
    `${done.toLocaleString('en-NG')} of ${countOf(total, 'member')} were paid before the payment stopped; paying the year again pays the rest.`,
};
