/**
 * The ledger's SQL (docs/decisions/030-ledger.md): the posting path's statements, the balance and
 * hold reads, the checks `check-ledger` runs and the fragments other modules embed. The rules
 * (what a posting or a hold must satisfy) stay in ledger.service.ts, which re-exports the reads.
 */
import {
  and,
  asc,
  eq,
  inArray,
  isNull,
  lte,
  or,
  sql,
  type SQL,
  type SQLWrapper,
} from 'drizzle-orm';
import { koboToNaira, type Kobo } from '@coop/shared/money';
import { queryRows, type Database, type Executor, type Tx } from '../../db/client.js';
import {
  ledgerEntries,
  ledgerTransactions,
  memberBalanceDays,
  memberBalances,
  memberHolds,
  type HoldAccount,
  type HoldReason,
} from '../../db/schema/index.js';
import { chunks } from '../../lib/chunks.js';
import type {
  HoldInput,
  HoldMismatch,
  MemberBalance,
  MemberLedgerBalances,
  OpenHold,
  ProjectionMismatch,
} from './ledger.service.js';

/** A business row that caused postings: its kind and its ids (`loan`, `loan_repayment`…). */
export interface PostingReference {
  referenceType: string;
  referenceIds: readonly string[];
}

/** The ledger's reads for other modules; the posting path stays in ledger.service.ts. */
export function ledgerRepository(db: Executor) {
  return {
    /**
     * The transactions these business rows caused, oldest first, each with what it moved on
     * `account` (a member account: its entries summed).
     */
    transactionsAbout(references: readonly PostingReference[], account: string) {
      const about = references
        .filter((reference) => reference.referenceIds.length > 0)
        .map((reference) =>
          and(
            eq(ledgerTransactions.referenceType, reference.referenceType),
            inArray(ledgerTransactions.referenceId, [...reference.referenceIds]),
          ),
        );
      if (about.length === 0) return Promise.resolve([]);
      return db
        .select({
          id: ledgerTransactions.id,
          kind: ledgerTransactions.kind,
          description: ledgerTransactions.description,
          effectiveDate: ledgerTransactions.effectiveDate,
          createdAt: ledgerTransactions.createdAt,
          amount: sql<string>`coalesce((select sum(e.amount) from ledger_entries e where e.transaction_id = ledger_transactions.id and e.account = ${account}), 0)`,
        })
        .from(ledgerTransactions)
        .where(or(...about))
        .orderBy(asc(ledgerTransactions.createdAt), asc(ledgerTransactions.id));
    },

    /** The sum of a cooperative account's entries (debits positive), from the (user, account) index. */
    async accountSum(account: string): Promise<Kobo> {
      const [row] = await queryRows<{ total: unknown }>(
        db,
        sql`select coalesce(sum(amount), 0)::text as total from ledger_entries
            where user_id is null and account = ${account}`,
      );
      return koboFromSql(row?.total);
    },
  };
}

/* ------------------------------------------------------------------ the posting path */

/** Locks the balance rows of these members (ids sorted) in id order: every posting takes them alike. */
export function lockBalanceRows(tx: Tx, userIds: readonly string[]) {
  return tx
    .select()
    .from(memberBalances)
    .where(inArray(memberBalances.userId, [...userIds]))
    .orderBy(asc(memberBalances.userId))
    .for('update');
}

/** Writes the postings' transactions and entries, a chunk of rows per statement. */
export async function insertPostings(
  tx: Tx,
  transactionRows: (typeof ledgerTransactions.$inferInsert)[],
  entryRows: (typeof ledgerEntries.$inferInsert)[],
): Promise<void> {
  for (const chunk of chunks(transactionRows)) {
    await tx.insert(ledgerTransactions).values(chunk);
  }
  for (const chunk of chunks(entryRows)) {
    await tx.insert(ledgerEntries).values(chunk);
  }
}

/** Sets each member's projection to its new figures (rows already locked), one statement a chunk. */
export async function writeProjection(
  tx: Tx,
  balances: readonly [string, MemberLedgerBalances & { version: number }][],
): Promise<void> {
  for (const chunk of chunks(balances)) {
    const values = chunk.map(
      ([userId, next]) =>
        sql`(${userId}::uuid, ${next.savings}::bigint, ${next.shares}::bigint, ${next.loans}::bigint, ${next.version}::integer)`,
    );
    await tx.execute(sql`
      update member_balances b
         set savings_balance = v.savings,
             share_balance = v.shares,
             loan_balance = v.loans,
             version = v.version,
             updated_at = now()
        from (values ${sql.join(values, sql`, `)}) as v(user_id, savings, shares, loans, version)
       where b.user_id = v.user_id`);
  }
}

/** A member's savings and share holding moved on one effective day (kobo, credits positive). */
export interface BalanceDay {
  userId: string;
  day: string;
  savings: number;
  shares: number;
}

/**
 * Adds the postings' moves to each member's day in `member_balance_days` (the members' balance
 * rows are already locked, so no other posting writes their days meanwhile).
 */
export async function addBalanceDays(tx: Tx, days: readonly BalanceDay[]): Promise<void> {
  for (const chunk of chunks(days)) {
    const values = chunk.map(
      (d) => sql`(${d.userId}::uuid, ${d.day}::date, ${d.savings}::bigint, ${d.shares}::bigint)`,
    );
    await tx.execute(sql`
      insert into member_balance_days as d (user_id, day, savings, shares)
      values ${sql.join(values, sql`, `)}
      on conflict (user_id, day) do update
        set savings = d.savings + excluded.savings, shares = d.shares + excluded.shares`);
  }
}

/* ------------------------------------------------------------------ holds */

/** Opens a hold (the database refuses a second open one for the same reason and reference). */
export async function insertHold(tx: Tx, input: HoldInput): Promise<OpenHold | undefined> {
  const [hold] = await tx
    .insert(memberHolds)
    .values({
      userId: input.userId,
      account: input.account,
      amount: input.amount,
      reason: input.reason,
      referenceId: input.referenceId,
    })
    .returning(OPEN_HOLD_COLUMNS);
  return hold;
}

const openHoldWhere = (reason: HoldReason, referenceId: string) =>
  and(
    eq(memberHolds.reason, reason),
    eq(memberHolds.referenceId, referenceId),
    isNull(memberHolds.releasedAt),
  );

/** Whose money the open hold of this reason and reference sets aside (null when none is open). */
export async function openHoldHolder(
  tx: Tx,
  reason: HoldReason,
  referenceId: string,
): Promise<string | null> {
  const [row] = await tx
    .select({ userId: memberHolds.userId })
    .from(memberHolds)
    .where(openHoldWhere(reason, referenceId));
  return row?.userId ?? null;
}

/** Marks the open hold of this reason and reference released; returns it (undefined: none). */
export async function markHoldReleased(
  tx: Tx,
  reason: HoldReason,
  referenceId: string,
): Promise<OpenHold | undefined> {
  const [released] = await tx
    .update(memberHolds)
    .set({ releasedAt: sql`now()` })
    .where(openHoldWhere(reason, referenceId))
    .returning(OPEN_HOLD_COLUMNS);
  return released;
}

/** The value of `heldSql` for one member, as the driver returns it. */
export async function heldValue(db: Executor, userId: string): Promise<unknown> {
  const [row] = await queryRows<{ held: unknown }>(db, sql`select ${heldSql(userId)} as held`);
  return row?.held ?? [];
}

/* ------------------------------------------------------------------ reads and checks */

/** Each member's balances computed from the ledger alone (members without entries are absent). */
const ledgerSums = sql`
  select user_id,
         coalesce(-sum(amount) filter (where account = 'member_savings'), 0) as savings,
         coalesce(-sum(amount) filter (where account = 'member_shares'), 0) as shares,
         coalesce(sum(amount) filter (where account = 'member_loans'), 0) as loans
    from ledger_entries
   where user_id is not null
   group by user_id`;

/** Each member's savings and share holding moves per effective day, from the ledger alone. */
const ledgerDays = sql`
  select e.user_id, t.effective_date as day,
         coalesce(-sum(e.amount) filter (where e.account = 'member_savings'), 0) as savings,
         coalesce(-sum(e.amount) filter (where e.account = 'member_shares'), 0) as shares
    from ledger_entries e join ledger_transactions t on t.id = e.transaction_id
   where e.account in ('member_savings', 'member_shares')
   group by e.user_id, t.effective_date`;

/** The days on which `member_balance_days` differs from the ledger (a missing day is zero). */
async function findBalanceDayMismatches(db: Executor) {
  const rows = await queryRows<Record<string, unknown>>(
    db,
    sql`
    with ledger as (${ledgerDays})
    select coalesce(p.user_id, l.user_id)::text as user_id,
           to_char(coalesce(p.day, l.day), 'YYYY-MM-DD') as day,
           coalesce(p.savings, 0)::text as projected_savings,
           coalesce(p.shares, 0)::text as projected_shares,
           coalesce(l.savings, 0)::text as ledger_savings,
           coalesce(l.shares, 0)::text as ledger_shares
      from member_balance_days p
      full join ledger l on l.user_id = p.user_id and l.day = p.day
     where coalesce(p.savings, 0) <> coalesce(l.savings, 0)
        or coalesce(p.shares, 0) <> coalesce(l.shares, 0)
     order by 1, 2`,
  );
  return rows.map((row) => ({
    userId: String(row.user_id),
    day: String(row.day),
    projected: {
      savings: koboFromSql(row.projected_savings),
      shares: koboFromSql(row.projected_shares),
    },
    ledger: { savings: koboFromSql(row.ledger_savings), shares: koboFromSql(row.ledger_shares) },
  }));
}

/**
 * Every member whose projection differs from the ledger; empty when all agree: their balances
 * (`member_balances`), or the days of their savings and share holding moves
 * (`member_balance_days`, listed in `days`).
 */
export async function findProjectionMismatches(db: Executor): Promise<ProjectionMismatch[]> {
  const rows = await queryRows<Record<string, unknown>>(
    db,
    sql`
    with sums as (${ledgerSums})
    select coalesce(b.user_id, s.user_id)::text as user_id,
           b.user_id is not null as has_projection,
           coalesce(b.savings_balance, 0)::text as projected_savings,
           coalesce(b.share_balance, 0)::text as projected_shares,
           coalesce(b.loan_balance, 0)::text as projected_loans,
           coalesce(s.savings, 0)::text as ledger_savings,
           coalesce(s.shares, 0)::text as ledger_shares,
           coalesce(s.loans, 0)::text as ledger_loans
      from member_balances b
      full join sums s on s.user_id = b.user_id
     where b.user_id is null
        or b.savings_balance <> coalesce(s.savings, 0)
        or b.share_balance <> coalesce(s.shares, 0)
        or b.loan_balance <> coalesce(s.loans, 0)
     order by 1`,
  );
  const mismatches: ProjectionMismatch[] = rows.map((row) => ({
    userId: String(row.user_id),
    projected:
      row.has_projection === true
        ? {
            savings: koboFromSql(row.projected_savings),
            shares: koboFromSql(row.projected_shares),
            loans: koboFromSql(row.projected_loans),
          }
        : null,
    ledger: {
      savings: koboFromSql(row.ledger_savings),
      shares: koboFromSql(row.ledger_shares),
      loans: koboFromSql(row.ledger_loans),
    },
  }));
  const days = await findBalanceDayMismatches(db);
  if (days.length === 0) return mismatches;
  const byMember = new Map(mismatches.map((mismatch) => [mismatch.userId, mismatch]));
  for (const { userId, ...day } of days) {
    let mismatch = byMember.get(userId);
    if (!mismatch) {
      // The balances agree (else the member would be listed): read them once for the report.
      const [balance] = await db
        .select({
          savings: memberBalances.savingsBalance,
          shares: memberBalances.shareBalance,
          loans: memberBalances.loanBalance,
        })
        .from(memberBalances)
        .where(eq(memberBalances.userId, userId));
      mismatch = {
        userId,
        projected: balance ?? null,
        ledger: balance ?? { savings: 0, shares: 0, loans: 0 },
      };
      byMember.set(userId, mismatch);
      mismatches.push(mismatch);
    }
    (mismatch.days ??= []).push(day);
  }
  return mismatches.sort((a, b) => a.userId.localeCompare(b.userId));
}

/**
 * Recomputes every member's projection from the ledger (balances) and the open holds (frozen
 * amounts) and returns the members it corrected
 * (none, when all is well). For operators after a restore or a suspected bug; it takes every
 * balance row's lock, in the same order postings do, so it is safe beside live traffic.
 */
export async function rebuildMemberBalances(db: Database): Promise<string[]> {
  return db.transaction(async (tx) => {
    // A member with entries always has a balance row; should one be missing, give it one.
    await tx.execute(sql`
      insert into member_balances (user_id)
      select distinct user_id from ledger_entries where user_id is not null
      on conflict (user_id) do nothing`);
    await tx
      .select({ userId: memberBalances.userId })
      .from(memberBalances)
      .orderBy(asc(memberBalances.userId))
      .for('update');
    const rows = await queryRows<{ user_id: string }>(
      tx,
      sql`
      with sums as (${ledgerSums}), held as (${openHoldSums})
      update member_balances b
         set savings_balance = coalesce(s.savings, 0),
             share_balance = coalesce(s.shares, 0),
             loan_balance = coalesce(s.loans, 0),
             frozen_amount = coalesce(h.frozen, 0),
             frozen_shares = coalesce(h.frozen_shares, 0),
             version = b.version + 1,
             updated_at = now()
        from member_balances b2
        left join sums s on s.user_id = b2.user_id
        left join held h on h.user_id = b2.user_id
       where b.user_id = b2.user_id
         and (b.savings_balance <> coalesce(s.savings, 0)
           or b.share_balance <> coalesce(s.shares, 0)
           or b.loan_balance <> coalesce(s.loans, 0)
           or b.frozen_amount <> coalesce(h.frozen, 0)
           or b.frozen_shares <> coalesce(h.frozen_shares, 0))
      returning b.user_id::text as user_id`,
    );
    // The days of moves, written again from the ledger for every member whose days differ
    // (their balance rows are locked above, so no posting writes their days meanwhile).
    const days = await queryRows<{ user_id: string }>(
      tx,
      sql`
      with ledger as (${ledgerDays})
      select distinct coalesce(p.user_id, l.user_id)::text as user_id from member_balance_days p
        full join ledger l on l.user_id = p.user_id and l.day = p.day
       where coalesce(p.savings, 0) <> coalesce(l.savings, 0)
          or coalesce(p.shares, 0) <> coalesce(l.shares, 0)`,
    );
    if (days.length > 0) {
      const wrong = sql.join(
        days.map((row) => sql`${row.user_id}::uuid`),
        sql`, `,
      );
      await tx.execute(sql`delete from member_balance_days where user_id in (${wrong})`);
      await tx.execute(sql`
        with ledger as (${ledgerDays})
        insert into member_balance_days (user_id, day, savings, shares)
        select user_id, day, savings, shares from ledger where user_id in (${wrong})`);
    }
    return [...new Set([...rows, ...days].map((row) => row.user_id))].sort();
  });
}

const openHoldSums = sql`
  select user_id,
         coalesce(sum(amount) filter (where account = 'member_savings'), 0) as frozen,
         coalesce(sum(amount) filter (where account = 'member_shares'), 0) as frozen_shares
    from member_holds
   where released_at is null
   group by user_id`;

export async function findHoldMismatches(db: Executor): Promise<HoldMismatch[]> {
  const frozen = await queryRows<Record<string, unknown>>(
    db,
    sql`
    with sums as (${openHoldSums})
    select b.user_id::text as user_id,
           b.frozen_amount::text as projected_frozen, b.frozen_shares::text as projected_shares,
           coalesce(s.frozen, 0)::text as held_frozen,
           coalesce(s.frozen_shares, 0)::text as held_shares
      from member_balances b
      left join sums s on s.user_id = b.user_id
     where b.frozen_amount <> coalesce(s.frozen, 0)
        or b.frozen_shares <> coalesce(s.frozen_shares, 0)
     order by 1`,
  );
  const closed = await queryRows<Record<string, unknown>>(
    db,
    sql`
    select h.user_id::text as user_id, h.id::text as hold_id, h.reason,
           h.reference_id::text as reference_id
      from member_holds h
     where h.released_at is null
       and case h.reason
             when 'guarantee' then not exists (
               select 1 from loan_guarantors g join loans l on l.id = g.loan_id
                where g.id = h.reference_id and g.status = 'accepted'
                  and l.status not in ('repaid', 'rejected'))
             when 'withdrawal' then not exists (
               select 1 from withdrawals w where w.id = h.reference_id and w.status = 'pending')
             else true
           end
     order by 1, 2`,
  );
  const slots = await queryRows<Record<string, unknown>>(
    db,
    sql`
    select g.guarantor_user_id::text as user_id, g.id::text as slot_id,
           g.frozen_amount::text as recorded, coalesce(h.amount, 0)::text as held
      from loan_guarantors g
      left join member_holds h
        on h.reason = 'guarantee' and h.reference_id = g.id and h.released_at is null
     where g.frozen_amount <> coalesce(h.amount, 0)
     order by 1, 2`,
  );
  return [
    ...frozen.map((row) => ({
      kind: 'frozen' as const,
      userId: String(row.user_id),
      projected: {
        frozen: koboFromSql(row.projected_frozen),
        frozenShares: koboFromSql(row.projected_shares),
      },
      holds: {
        frozen: koboFromSql(row.held_frozen),
        frozenShares: koboFromSql(row.held_shares),
      },
    })),
    ...closed.map((row) => ({
      kind: 'closed' as const,
      userId: String(row.user_id),
      holdId: String(row.hold_id),
      reason: row.reason as HoldReason,
      referenceId: String(row.reference_id),
    })),
    ...slots.map((row) => ({
      kind: 'guarantee' as const,
      userId: String(row.user_id),
      slotId: String(row.slot_id),
      recorded: koboFromSql(row.recorded),
      held: koboFromSql(row.held),
    })),
  ];
}

/** What the checks looked at: members with a balance row, postings, open holds and their sum. */
export async function ledgerFigures(
  db: Executor,
): Promise<{ members: number; postings: number; openHolds: number; held: Kobo }> {
  const [row] = await queryRows<Record<string, unknown>>(
    db,
    sql`select (select count(*) from member_balances)::text as members,
               (select count(*) from ledger_transactions)::text as postings,
               (select count(*) from member_holds where released_at is null)::text as open_holds,
               (select coalesce(sum(amount), 0) from member_holds
                 where released_at is null)::text as held`,
  );
  return {
    members: koboFromSql(row?.members),
    postings: koboFromSql(row?.postings),
    openHolds: koboFromSql(row?.open_holds),
    held: koboFromSql(row?.held),
  };
}

/** Reads the projection of one member (no lock): what balances and the dashboard start from. */
export async function getMemberLedgerBalances(
  db: Executor,
  userId: string,
): Promise<MemberLedgerBalances | null> {
  const [row] = await db
    .select({
      savings: memberBalances.savingsBalance,
      shares: memberBalances.shareBalance,
      loans: memberBalances.loanBalance,
    })
    .from(memberBalances)
    .where(eq(memberBalances.userId, userId));
  return row ?? null;
}

export function koboFromSql(value: unknown): Kobo {
  const n = Number(value);
  if (!Number.isSafeInteger(n))
    throw new RangeError(`Not a whole number of kobo: ${String(value)}`);
  return n;
}

/**
 * Each member's share holding at the end of `asOf` (a calendar date), summed from the ledger: a
 * subquery of (userId, shares) that another module's read (the dividends' holdings) joins to its
 * own rows instead of reading the ledger's tables.
 */
export function shareHoldingsOn(db: Executor, asOf: string) {
  return db
    .select({
      userId: ledgerEntries.userId,
      shares: sql<number>`-sum(${ledgerEntries.amount})`.as('shares'),
    })
    .from(ledgerEntries)
    .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.transactionId))
    .where(
      and(eq(ledgerEntries.account, 'member_shares'), lte(ledgerTransactions.effectiveDate, asOf)),
    )
    .groupBy(ledgerEntries.userId)
    .as('holdings');
}

/** A new member's projection row, all zero: written with the member, before any posting. */
export async function openMemberBalance(tx: Executor, userId: string, now: Date): Promise<void> {
  await tx.insert(memberBalances).values({ userId, updatedAt: now });
}

/**
 * Locks the balance rows of several members in user-id order (the order postings take), so a use
 * case that will hold or post for several members queues behind others instead of deadlocking.
 */
export async function lockMemberBalances(
  tx: Executor,
  userIds: readonly string[],
): Promise<Map<string, MemberBalance>> {
  const ids = [...new Set(userIds)].sort();
  if (ids.length === 0) return new Map();
  const rows = await tx
    .select({ userId: memberBalances.userId, ...BALANCE_COLUMNS })
    .from(memberBalances)
    .where(inArray(memberBalances.userId, ids))
    .orderBy(asc(memberBalances.userId))
    .for('update');
  return new Map(rows.map(({ userId, ...balance }) => [userId, balance]));
}

const BALANCE_COLUMNS = {
  savings: memberBalances.savingsBalance,
  shares: memberBalances.shareBalance,
  loans: memberBalances.loanBalance,
  frozen: memberBalances.frozenAmount,
  frozenShares: memberBalances.frozenShares,
};

export async function memberBalanceRow(
  db: Executor,
  userId: string,
  lock: boolean,
): Promise<MemberBalance | null> {
  const query = db
    .select(BALANCE_COLUMNS)
    .from(memberBalances)
    .where(eq(memberBalances.userId, userId));
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}

/**
 * `availableOf` in SQL, for a list that shows each row's member what they have available of the
 * row's type ('savings' or 'shares'; 0 with no balance row): the other modules ask for the figure
 * here instead of reading member_balances themselves.
 */
export function availableOfTypeSql(userId: SQLWrapper, type: SQLWrapper): SQL<number> {
  const b = memberBalances;
  return sql<number>`coalesce((select case when ${type} = 'savings'
      then greatest(${b.savingsBalance} - ${b.frozenAmount}, 0)
      else greatest(${b.shareBalance} - ${b.frozenShares}, 0) end
    from ${b} where ${b.userId} = ${userId}), 0)`.mapWith(Number);
}

const FROZEN_COLUMN = {
  member_savings: memberBalances.frozenAmount,
  member_shares: memberBalances.frozenShares,
} as const;
const FROZEN_FIELD = { member_savings: 'frozenAmount', member_shares: 'frozenShares' } as const;

export async function addToFrozen(tx: Executor, userId: string, account: HoldAccount, delta: Kobo) {
  await tx
    .update(memberBalances)
    .set({
      [FROZEN_FIELD[account]]: sql`${FROZEN_COLUMN[account]} + ${delta}`,
      version: sql`${memberBalances.version} + 1`,
      updatedAt: sql`now()`,
    })
    .where(eq(memberBalances.userId, userId));
}

const OPEN_HOLD_COLUMNS = {
  id: memberHolds.id,
  account: memberHolds.account,
  amount: memberHolds.amount,
  reason: memberHolds.reason,
  referenceId: memberHolds.referenceId,
  openedAt: memberHolds.openedAt,
};

/** A member's open holds, newest first: what the pages name when they say why money is held. */
export function openHoldsOf(db: Executor, userId: string): Promise<OpenHold[]> {
  return db
    .select(OPEN_HOLD_COLUMNS)
    .from(memberHolds)
    .where(and(eq(memberHolds.userId, userId), isNull(memberHolds.releasedAt)))
    .orderBy(sql`${memberHolds.openedAt} desc`, memberHolds.id);
}

/** The open hold of one reference (null when none). */
export async function openHoldOf(
  db: Executor,
  reason: HoldReason,
  referenceId: string,
): Promise<OpenHold | null> {
  const [row] = await db
    .select(OPEN_HOLD_COLUMNS)
    .from(memberHolds)
    .where(
      and(
        eq(memberHolds.reason, reason),
        eq(memberHolds.referenceId, referenceId),
        isNull(memberHolds.releasedAt),
      ),
    );
  return row ?? null;
}

/**
 * Why a member's money is held, as ONE scalar subquery (a JSON array), so a read model can embed
 * it in its own statement (the dashboard's summary); `heldFrom` turns its value into `Held[]`.
 * The open holds summed by account and reason: savings before shares, guarantees first.
 */
export function heldSql(userId: string): SQL {
  return sql`(select coalesce(json_agg(json_build_array(h.account, h.reason, h.amount::text)
                  order by h.account, h.reason), '[]'::json)
      from (select ${memberHolds.account} as account, ${memberHolds.reason} as reason,
                   sum(${memberHolds.amount}) as amount
              from ${memberHolds}
             where ${memberHolds.userId} = ${userId} and ${memberHolds.releasedAt} is null
             group by 1, 2) h)`;
}

/**
 * The member's savings and share holding at the end of each of the last `months` months up to
 * `today`'s (the current month's figure is today's), as ONE scalar subquery (a JSON array, oldest
 * first, kobo as numbers), so the dashboard embeds it in its statement. Read from the ledger's
 * projection of the member's moves per effective day (`member_balance_days`, kept with every
 * posting and checked against the ledger by `findProjectionMismatches`), from its index alone: a
 * few rows a month, where the ledger's entries would each need their transaction's date. A
 * month's figure counts every move up to its end, those before the window too: one running sum
 * over the months' moves and the window's months in month order (a window month's sum takes in
 * its own month's moves, its peers in the order). `savingsHistoryFrom` words it for the pages.
 */
export function savingsHistorySql(userId: string, today: string, months: number): SQL {
  const d = memberBalanceDays;
  return sql`(with moves as (
        select date_trunc('month', ${d.day})::date as month,
          sum(${d.savings}) as savings, sum(${d.shares}) as shares
        from ${d}
        where ${d.userId} = ${userId} and ${d.day} <= ${today}::date
        group by 1),
      months as (
        select (date_trunc('month', ${today}::date) - make_interval(months => n))::date as month,
          true as shown, 0::numeric as savings, 0::numeric as shares
        from generate_series(0, ${sql.raw(String(months - 1))}) as n
        union all
        select month, false, savings, shares from moves),
      running as (
        select month, shown, sum(savings) over (order by month) as savings,
          sum(shares) over (order by month) as shares
        from months)
      select coalesce(json_agg(json_build_array(to_char(r.month, 'YYYY-MM'), r.savings::float8,
          r.shares::float8) order by r.month), '[]'::json)
      from running r where r.shown)`;
}

/**
 * The value of `savingsHistorySql` as the pages' months, in naira: from the first month that
 * held money (a new member's chart does not open on months of nothing).
 */
export function savingsHistoryFrom(
  value: unknown,
): { month: string; savings: number; shares: number }[] {
  const rows = (typeof value === 'string' ? JSON.parse(value) : value) as [
    string,
    number,
    number,
  ][];
  const first = rows.findIndex(([, savings, shares]) => savings !== 0 || shares !== 0);
  if (first === -1) return [];
  return rows.slice(first).map(([month, savings, shares]) => ({
    month,
    savings: koboToNaira(savings),
    shares: koboToNaira(shares),
  }));
}

/** The member's savings history (`savingsHistorySql`) on its own: the statement page's chart. */
export async function savingsHistoryOf(
  db: Executor,
  userId: string,
  today: string,
  months: number,
): Promise<{ month: string; savings: number; shares: number }[]> {
  const [row] = await queryRows<{ history: unknown }>(
    db,
    sql`select ${savingsHistorySql(userId, today, months)} as history`,
  );
  return savingsHistoryFrom(row?.history ?? []);
}
