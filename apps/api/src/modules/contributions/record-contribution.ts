/**
 * Posting a month's payroll deduction for a member (the administrator's side), and the member's
 * confirmation of pending rows. Each is one database transaction: the rule, the lock, the change,
 * the ledger posting and the audit row commit together or not at all (DESIGN §4, §6).
 */
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Kobo } from '@coop/shared/money';
import {
  isIsoDate,
  isoMonthSchema,
  toIsoDateInTimeZone,
  type IsoDate,
  type IsoMonth,
} from '@coop/shared/dates';
import type { Database, Tx } from '../../db/client.js';
import { auditLog, contributions, users } from '../../db/schema/index.js';
import type { Clock } from '../../lib/clock.js';
import { DomainError, notFound } from '../../lib/domain-error.js';
import type { AuditEntry } from '../../lib/audit-log.js';
import { postLedgerTransactions, type LedgerEntryInput } from '../../lib/ledger.js';

export type ContributionRow = typeof contributions.$inferSelect;

export interface ContributionContext {
  clock: Clock;
}

export interface RecordContributionInput {
  userId: string;
  /** 'yyyy-MM': the payroll month the deduction belongs to. */
  month: IsoMonth;
  /** The day the money was deducted; within or after its month, never in the future. */
  contributionDate: IsoDate;
  savingsKobo: Kobo;
  sharesKobo: Kobo;
  /** The administrator posting it (absent for system imports). */
  actorId?: string | null;
}

const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

/** 'March 2025' */
function monthLabel(month: IsoMonth): string {
  const [year, monthNumber] = month.split('-');
  return `${MONTH_NAMES[Number(monthNumber) - 1] ?? month} ${year}`;
}

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const invalid = (message: string) => new DomainError('VALIDATION_ERROR', message, 400);

/**
 * Records one member's deduction for one month: the row arrives `pending` (it counts toward the
 * member's balances at once; confirming is the member's acknowledgement), the balanced posting
 * debits `coop_bank` and credits the member's savings and shares (zero legs left out), and the
 * audit trail names who posted it. A second row for the same member and month is refused (409),
 * under any concurrency: the unique index decides.
 */
export async function recordContribution(
  db: Database,
  ctx: ContributionContext,
  input: RecordContributionInput,
): Promise<ContributionRow> {
  const [row] = await recordContributions(db, ctx, [input]);
  if (!row) throw new Error('recording a contribution returned no row');
  return row;
}

/**
 * Several deductions (e.g. one payroll month for the whole cooperative) in ONE transaction: all
 * are recorded or, if any breaks a rule, none is. Set-based, so a payroll of thousands of rows
 * takes a handful of statements; rows come back in the order given.
 */
export async function recordContributions(
  db: Database,
  ctx: ContributionContext,
  inputs: readonly RecordContributionInput[],
): Promise<ContributionRow[]> {
  if (inputs.length === 0) return [];
  const today = toIsoDateInTimeZone(ctx.clock.now());
  const seen = new Set<string>();
  for (const input of inputs) {
    validateAmountsAndDates(input, today);
    const key = `${input.userId}/${input.month}`;
    if (seen.has(key)) throw alreadyRecorded(input.month);
    seen.add(key);
  }
  return db.transaction((tx) => recordInTransaction(tx, inputs));
}

const alreadyRecorded = (month: IsoMonth) =>
  new DomainError(
    'CONTRIBUTION_EXISTS',
    `A contribution for ${monthLabel(month)} is already recorded for this member`,
    409,
  );

/** Rows per multi-row statement: far below PostgreSQL's 65 535 bind parameters. */
const CHUNK = 1_000;

function chunks<T>(items: readonly T[], size = CHUNK): T[][] {
  const result: T[][] = [];
  for (let i = 0; i < items.length; i += size) result.push(items.slice(i, i + size));
  return result;
}

async function recordInTransaction(
  tx: Tx,
  inputs: readonly RecordContributionInput[],
): Promise<ContributionRow[]> {
  const memberIds = [...new Set(inputs.map((input) => input.userId))];
  if (!memberIds.every((id) => UUID_PATTERN.test(id))) throw notFound('Member');
  const members = await tx
    .select({ id: users.id, joinedOn: users.joinedOn })
    .from(users)
    .where(inArray(users.id, memberIds));
  const joinedOn = new Map(members.map((member) => [member.id, member.joinedOn]));
  for (const input of inputs) {
    const joined = joinedOn.get(input.userId);
    if (joined === undefined) throw notFound('Member');
    if (input.month < joined.slice(0, 7)) {
      throw new DomainError(
        'CONTRIBUTION_BEFORE_JOINING',
        `The member joined on ${joined}; there is no contribution for ${monthLabel(input.month)}`,
        409,
      );
    }
  }

  // One row per member and month: ON CONFLICT leaves an existing row alone (waiting for a
  // concurrent insert of the same key to commit first), and a missing row means a repeat. Keys
  // are inserted in one fixed order, so two overlapping batches cannot deadlock on them.
  const keyOf = (userId: string, month: string) => `${userId}/${month}`;
  const sorted = [...inputs].sort((a, b) =>
    keyOf(a.userId, a.month).localeCompare(keyOf(b.userId, b.month)),
  );
  const byKey = new Map<string, ContributionRow>();
  for (const chunk of chunks(sorted)) {
    const inserted = await tx
      .insert(contributions)
      .values(
        chunk.map((input) => ({
          userId: input.userId,
          contributionMonth: input.month,
          contributionDate: input.contributionDate,
          savingsAmount: input.savingsKobo,
          shareHoldingAmount: input.sharesKobo,
          status: 'pending' as const,
        })),
      )
      .onConflictDoNothing({ target: [contributions.userId, contributions.contributionMonth] })
      .returning();
    for (const row of inserted) byKey.set(keyOf(row.userId, row.contributionMonth), row);
    const repeat = chunk.find((input) => !byKey.has(keyOf(input.userId, input.month)));
    if (repeat) throw alreadyRecorded(repeat.month);
  }
  const rows = inputs.map((input) => {
    const row = byKey.get(keyOf(input.userId, input.month));
    if (!row) throw new Error('inserted contribution not returned');
    return row;
  });

  const posted = await postLedgerTransactions(
    tx,
    rows.map((row, i) => {
      const actorId = inputs[i]?.actorId ?? null;
      const legs: LedgerEntryInput[] = [];
      if (row.savingsAmount > 0) {
        legs.push({ account: 'member_savings', userId: row.userId, amount: -row.savingsAmount });
      }
      if (row.shareHoldingAmount > 0) {
        legs.push({
          account: 'member_shares',
          userId: row.userId,
          amount: -row.shareHoldingAmount,
        });
      }
      return {
        kind: 'contribution' as const,
        description: `Contribution for ${monthLabel(row.contributionMonth)}`,
        effectiveDate: row.contributionDate,
        reference: { type: 'contribution', id: row.id },
        createdBy: actorId,
        entries: [
          { account: 'coop_bank' as const, amount: row.savingsAmount + row.shareHoldingAmount },
          ...legs,
        ],
      };
    }),
  );
  rows.forEach((row, i) => {
    row.ledgerTransactionId = posted[i]?.id ?? null;
  });

  for (const chunk of chunks(rows)) {
    const links = chunk.map((row) => sql`(${row.id}::uuid, ${row.ledgerTransactionId}::uuid)`);
    await tx.execute(sql`
      update contributions c
         set ledger_transaction_id = v.ledger_transaction_id
        from (values ${sql.join(links, sql`, `)}) as v(id, ledger_transaction_id)
       where c.id = v.id`);
  }

  await writeAuditRows(
    tx,
    rows.map((row, i) => ({
      actorId: inputs[i]?.actorId ?? null,
      action: 'contribution.record',
      entityType: 'contribution',
      entityId: row.id,
      after: {
        userId: row.userId,
        contributionMonth: row.contributionMonth,
        contributionDate: row.contributionDate,
        savingsAmount: row.savingsAmount,
        shareHoldingAmount: row.shareHoldingAmount,
        status: row.status,
        ledgerTransactionId: row.ledgerTransactionId,
      },
    })),
  );
  return rows;
}

function validateAmountsAndDates(input: RecordContributionInput, today: IsoDate): void {
  for (const [label, amount] of [
    ['Savings amount', input.savingsKobo],
    ['Share holding amount', input.sharesKobo],
  ] as const) {
    if (!Number.isSafeInteger(amount) || amount < 0) {
      throw invalid(`${label} must be a whole number of kobo, zero or more`);
    }
  }
  if (input.savingsKobo + input.sharesKobo <= 0) {
    throw invalid('A contribution needs a savings or share holding amount above zero');
  }
  if (!Number.isSafeInteger(input.savingsKobo + input.sharesKobo)) {
    throw invalid('The contribution amount is too large');
  }
  if (!isoMonthSchema.safeParse(input.month).success) {
    throw invalid('Contribution month must be a month as yyyy-MM');
  }
  if (!isIsoDate(input.contributionDate)) {
    throw invalid('Contribution date must be a date as yyyy-MM-dd');
  }
  if (input.month > today.slice(0, 7)) {
    throw invalid(
      `Cannot record a contribution for ${monthLabel(input.month)}, which has not begun`,
    );
  }
  if (input.contributionDate < `${input.month}-01`) {
    throw invalid(`The contribution date falls before ${monthLabel(input.month)}`);
  }
  if (input.contributionDate > today) {
    throw invalid('The contribution date cannot be in the future');
  }
}

/**
 * The member confirms some of their own pending contributions (spec §4: pending → confirmed).
 * All or nothing: an id that is not the member's answers 404 (another member's row is never
 * revealed), a row that is no longer pending answers 409, and then nothing changes. The rows are
 * locked first, so concurrent confirmations of the same rows leave the state one would.
 */
export async function confirmContributions(
  db: Database,
  ctx: ContributionContext,
  userId: string,
  contributionIds: readonly string[],
): Promise<ContributionRow[]> {
  const ids = [...new Set(contributionIds)];
  if (ids.length === 0) throw invalid('Select at least one contribution to confirm');
  if (!ids.every((id) => UUID_PATTERN.test(id))) throw notFound('Contribution');

  return db.transaction(async (tx) => {
    const rows = await tx
      .select({ id: contributions.id, status: contributions.status })
      .from(contributions)
      .where(and(eq(contributions.userId, userId), inArray(contributions.id, ids)))
      .orderBy(asc(contributions.id))
      .for('update');
    if (rows.length !== ids.length) throw notFound('Contribution');
    if (rows.some((row) => row.status !== 'pending')) {
      throw new DomainError(
        'CONTRIBUTION_NOT_PENDING',
        'Only pending contributions can be confirmed',
        409,
      );
    }

    const now = ctx.clock.now();
    const confirmed = await tx
      .update(contributions)
      .set({ status: 'confirmed', confirmedAt: now, updatedAt: now })
      .where(and(eq(contributions.userId, userId), inArray(contributions.id, ids)))
      .returning();
    await writeAuditRows(
      tx,
      confirmed.map((row) => ({
        actorId: userId,
        action: 'contribution.confirm',
        entityType: 'contribution',
        entityId: row.id,
        before: { status: 'pending' },
        after: { status: 'confirmed' },
      })),
    );
    return confirmed.sort((a, b) => a.contributionMonth.localeCompare(b.contributionMonth));
  });
}

/**
 * One audit row per contribution, as `writeAudit` writes them, but in one statement per
 * thousand rows: a payroll import audits every row without a round trip each.
 */
async function writeAuditRows(tx: Tx, entries: readonly AuditEntry[]): Promise<void> {
  for (const chunk of chunks(entries)) {
    await tx.insert(auditLog).values(
      chunk.map((entry) => ({
        actorId: entry.actorId ?? null,
        action: entry.action,
        entityType: entry.entityType ?? null,
        entityId: entry.entityId ?? null,
        before: entry.before === undefined ? null : JSON.stringify(entry.before),
        after: entry.after === undefined ? null : JSON.stringify(entry.after),
        ip: entry.ip ?? null,
      })),
    );
  }
}
