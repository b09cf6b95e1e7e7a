/**
 * Dividends (spec §2 Dividends, §3, §4; DESIGN §6 "Dividends"): the administrator declares a
 * year's rate on share holding, which calculates one row per member holding shares at the year's
 * end; paying the year credits each row to the member's savings through the ledger. Members list
 * their own. Use cases follow docs/decisions/003-api-layering.md.
 */
import { isIsoDate, toIsoDateInTimeZone } from '@coop/shared/dates';
import {
  DIVIDEND_TRANSITIONS,
  type DeclareDividendInput,
  type Dividend,
  type DividendListQuery,
  type PayDividendsInput,
} from '@coop/shared/dividends';
import { applyRateBps, koboToNaira } from '@coop/shared/money';
import type { Deps } from '../../deps.js';
import type { Actor, MemberActor } from '../../lib/actor.js';
import { actorIdOf } from '../../lib/actor.js';
import type { ActivitySource, SummaryTotal } from '../../lib/dashboard-seam.js';
import { writeAudit } from '../../lib/audit-log.js';
import { DomainError } from '../../lib/domain-error.js';
import { postLedgerTransactions } from '../../lib/ledger.js';
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

/**
 * The administrator declares `dividendYear`'s dividend at `rateBps` of each member's share
 * holding on 31 December of that year (from the ledger). Once per year; members whose dividend
 * rounds to nothing get no row. No money moves until it is paid.
 */
export async function declareDividend(
  deps: Deps,
  actor: Actor,
  input: DeclareDividendInput,
): Promise<DividendRow[]> {
  const today = toIsoDateInTimeZone(deps.clock.now());
  const yearEnd = `${input.dividendYear}-12-31`;
  if (!Number.isInteger(input.rateBps) || input.rateBps <= 0 || input.rateBps > 10_000) {
    throw invalid('The rate must be between 1 and 10,000 basis points');
  }
  if (!isIsoDate(input.issuedDate)) throw invalid('The issue date must be yyyy-MM-dd');
  if (yearEnd >= today) throw invalid(`The ${input.dividendYear} financial year has not ended`);
  if (input.issuedDate <= yearEnd || input.issuedDate > today) {
    throw invalid('The issue date must fall after the year’s end and not in the future');
  }

  return deps.db.transaction(async (tx) => {
    const repo = dividendsRepository(tx);
    // One declaration a year: concurrent declarations meet on the unique (member, year, type).
    if (await repo.yearDeclared(input.dividendYear)) {
      throw new DomainError({
        code: 'DIVIDEND_ALREADY_DECLARED',
        message: `The ${input.dividendYear} dividend was already declared`,
      });
    }
    const holdings = await repo.shareHoldingsOn(yearEnd);
    const percent = (input.rateBps / 100).toLocaleString('en-NG', { maximumFractionDigits: 2 });
    const now = deps.clock.now();
    const rows = await repo.insertMany(
      holdings
        .map((holding) => ({ ...holding, amount: applyRateBps(holding.shares, input.rateBps) }))
        .filter((holding) => holding.amount > 0)
        .map((holding) => ({
          userId: holding.userId,
          dividendYear: input.dividendYear,
          dividendPeriod: `FY ${input.dividendYear}`,
          dividendType: 'share_holding' as const,
          rateBps: input.rateBps,
          amount: holding.amount,
          notes: input.notes ?? `${percent}% on share holding of 31 Dec ${input.dividendYear}`,
          issuedDate: input.issuedDate,
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
        members: rows.length,
        total: rows.reduce((total, row) => total + row.amount, 0),
      },
    });
    return rows;
  });
}

/**
 * The administrator pays a year's declared dividends: every unpaid row is credited to its
 * member's savings (coop_dividend_expense debited) in one set of postings, marked paid, audited,
 * and its member told.
 */
export async function payDividends(
  deps: Deps,
  actor: Actor,
  input: PayDividendsInput,
): Promise<DividendRow[]> {
  const today = toIsoDateInTimeZone(deps.clock.now());
  if (!isIsoDate(input.paidDate) || input.paidDate > today) {
    throw invalid('The payment date must be a date, not in the future');
  }
  return deps.db.transaction(async (tx) => {
    const repo = dividendsRepository(tx);
    const rows = await repo.lockUnpaid(input.dividendYear);
    if (rows.length === 0) {
      throw new DomainError({
        code: 'INVALID_TRANSITION',
        message: `No unpaid ${input.dividendYear} dividend to pay`,
      });
    }
    for (const row of rows) {
      assertTransition(DIVIDEND_TRANSITIONS, row.status, 'paid');
      if (input.paidDate < row.issuedDate)
        throw invalid('A dividend cannot be paid before it is issued');
    }
    const posted = await postLedgerTransactions(
      tx,
      rows.map((row) => ({
        kind: 'dividend' as const,
        description: `${row.dividendPeriod} dividend`,
        effectiveDate: input.paidDate,
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
        paidDate: input.paidDate,
        ledgerTransactionId: posted[i]?.id ?? null,
        updatedAt: now,
      };
      await repo.markPaid(row.id, values);
      paid.push({ ...row, ...values });
    }
    await writeAudit(
      tx,
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
      tx,
      deps,
      actor,
      paid.map((row) => ({
        userId: row.userId,
        template: 'dividendPaid' as const,
        facts: { dividendId: row.id, year: row.dividendYear, amount: row.amount },
      })),
    );
    return paid;
  });
}
