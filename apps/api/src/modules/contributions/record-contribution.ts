/**
 * Posting a month's payroll deduction for a member (the administrator's side), and the member's
 * confirmation of pending rows. Each is one database transaction: the rule, the lock, the change,
 * the ledger posting and the audit row commit together or not at all (DESIGN §4, §6).
 */
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Kobo } from '@coop/shared/money';
import {
  isIsoDate,
  isoMonthSchema,
  toIsoDateInTimeZone,
  type IsoDate,
  type IsoMonth,
} from '@coop/shared/dates';
import type { Database, Tx } from '../../db/client.js';
import { contributions, users } from '../../db/schema/index.js';
import type { Clock } from '../../lib/clock.js';
import { DomainError, notFound } from '../../lib/domain-error.js';
import { writeAudit } from '../../lib/audit-log.js';
import { postLedgerTransaction, type LedgerEntryInput } from '../../lib/ledger.js';

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
  return db.transaction((tx) => recordContributionInTransaction(tx, ctx, input));
}

/**
 * Several deductions (e.g. one payroll month for the whole cooperative) in ONE transaction: all
 * are recorded or, if any breaks a rule, none is.
 */
export async function recordContributions(
  db: Database,
  ctx: ContributionContext,
  inputs: readonly RecordContributionInput[],
): Promise<ContributionRow[]> {
  return db.transaction(async (tx) => {
    const rows: ContributionRow[] = [];
    for (const input of inputs) rows.push(await recordContributionInTransaction(tx, ctx, input));
    return rows;
  });
}

async function recordContributionInTransaction(
  tx: Tx,
  ctx: ContributionContext,
  input: RecordContributionInput,
): Promise<ContributionRow> {
  const today = toIsoDateInTimeZone(ctx.clock.now());
  validateAmountsAndDates(input, today);

  const [member] = await tx
    .select({ id: users.id, joinedOn: users.joinedOn })
    .from(users)
    .where(eq(users.id, input.userId));
  if (!member) throw notFound('Member');
  if (input.month < member.joinedOn.slice(0, 7)) {
    throw new DomainError(
      'CONTRIBUTION_BEFORE_JOINING',
      `The member joined on ${member.joinedOn}; there is no contribution for ${monthLabel(input.month)}`,
      409,
    );
  }

  const [inserted] = await tx
    .insert(contributions)
    .values({
      userId: input.userId,
      contributionMonth: input.month,
      contributionDate: input.contributionDate,
      savingsAmount: input.savingsKobo,
      shareHoldingAmount: input.sharesKobo,
      status: 'pending',
    })
    .onConflictDoNothing({ target: [contributions.userId, contributions.contributionMonth] })
    .returning({ id: contributions.id });
  if (!inserted) {
    throw new DomainError(
      'CONTRIBUTION_EXISTS',
      `A contribution for ${monthLabel(input.month)} is already recorded for this member`,
      409,
    );
  }

  const legs: LedgerEntryInput[] = [];
  if (input.savingsKobo > 0) {
    legs.push({ account: 'member_savings', userId: input.userId, amount: -input.savingsKobo });
  }
  if (input.sharesKobo > 0) {
    legs.push({ account: 'member_shares', userId: input.userId, amount: -input.sharesKobo });
  }
  const posting = await postLedgerTransaction(tx, {
    kind: 'contribution',
    description: `Contribution for ${monthLabel(input.month)}`,
    effectiveDate: input.contributionDate,
    reference: { type: 'contribution', id: inserted.id },
    createdBy: input.actorId ?? null,
    entries: [{ account: 'coop_bank', amount: input.savingsKobo + input.sharesKobo }, ...legs],
  });

  const [row] = await tx
    .update(contributions)
    .set({ ledgerTransactionId: posting.id })
    .where(eq(contributions.id, inserted.id))
    .returning();
  if (!row) throw new Error('contribution vanished inside its own transaction');

  await writeAudit(tx, {
    actorId: input.actorId ?? null,
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
      ledgerTransactionId: posting.id,
    },
  });
  return row;
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

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

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
    for (const row of confirmed) {
      await writeAudit(tx, {
        actorId: userId,
        action: 'contribution.confirm',
        entityType: 'contribution',
        entityId: row.id,
        before: { status: 'pending' },
        after: { status: 'confirmed' },
      });
    }
    return confirmed.sort((a, b) => a.contributionMonth.localeCompare(b.contributionMonth));
  });
}
