import { and, asc, desc, eq, or, sql, type SQL } from 'drizzle-orm';
import type { TransactionAccount, TransactionType } from '@coop/shared/account-rules';
import type { IsoDate } from '@coop/shared/dates';
import type { TransactionListQuery } from '@coop/shared/transactions';
import { queryRows, type Executor } from '../../db/client.js';
import {
  contributions,
  deductionInstructions,
  depositNotices,
  dividends,
  fines,
  memberBalances,
  notifications,
  statementCertificates,
  users,
  userSettings,
  withdrawals,
} from '../../db/schema/index.js';
import { listFilters, listPage, listValues } from '../../lib/list-query.js';

export type UserRow = typeof users.$inferSelect;
export type NewStatementCertificate = typeof statementCertificates.$inferInsert;
export type SettingsRow = typeof userSettings.$inferSelect;

/** The ledger's member accounts, as a statement names them. */
export const MEMBER_ACCOUNTS: Record<string, TransactionAccount> = {
  member_savings: 'savings',
  member_shares: 'share_holding',
  member_loans: 'loan',
};
const LEDGER_ACCOUNT_OF: Record<TransactionAccount, string> = {
  savings: 'member_savings',
  share_holding: 'member_shares',
  loan: 'member_loans',
};

/** One movement on one member account, with that account's balance after it (kobo). */
export interface MovementRow {
  entryId: number;
  transactionId: string;
  kind: TransactionType;
  description: string;
  effectiveDate: IsoDate;
  ledgerAccount: string;
  referenceType: string | null;
  referenceId: string | null;
  change: number;
  balanceAfter: number;
}

export interface AccountTotalsRow {
  ledgerAccount: string;
  opening: number;
  increase: number;
  decrease: number;
}

/**
 * Every movement of the member's accounts with its running balance: the change of the account's
 * balance (savings and shares grow with credits, the loan with debits; decision 030) summed in
 * posting order. Served by ledger_entries_user_account_idx.
 */
function movements(userId: string): SQL {
  const change = sql`case when e.account = 'member_loans' then e.amount else -e.amount end`;
  return sql`
    select e.id as entry_id, t.id as transaction_id, t.kind, t.description,
           t.effective_date::text as effective_date, t.created_at, e.account as ledger_account,
           t.reference_type, t.reference_id::text as reference_id,
           (${change})::bigint as change,
           (sum(${change}) over (partition by e.account
                                 order by t.effective_date, t.created_at, e.id))::bigint
             as balance_after
      from ledger_entries e
      join ledger_transactions t on t.id = e.transaction_id
     where e.user_id = ${userId}`;
}

interface RawMovement {
  entry_id: string | number;
  transaction_id: string;
  kind: TransactionType;
  description: string;
  effective_date: string;
  ledger_account: string;
  reference_type: string | null;
  reference_id: string | null;
  change: string | number;
  balance_after: string | number;
  total_items?: string | number;
}

function toMovement(raw: RawMovement): MovementRow {
  return {
    entryId: Number(raw.entry_id),
    transactionId: raw.transaction_id,
    kind: raw.kind,
    description: raw.description,
    effectiveDate: raw.effective_date,
    ledgerAccount: raw.ledger_account,
    referenceType: raw.reference_type,
    referenceId: raw.reference_id,
    change: Number(raw.change),
    balanceAfter: Number(raw.balance_after),
  };
}

const m = {
  date: sql`m.effective_date`,
  createdAt: sql`m.created_at`,
  entryId: sql`m.entry_id`,
};

/** The movement filters, with values ready to bind (or their placeholders; decision 143). */
function movementFilters(query: {
  startDate?: IsoDate | undefined;
  endDate?: IsoDate | undefined;
  type?: TransactionType | undefined;
  /** The ledger's account name (`LEDGER_ACCOUNT_OF`). */
  ledgerAccount?: string | undefined;
  /** `listValues.contains` of the term. */
  search?: string | undefined;
  /** `listValues.amountContains` of the term. */
  searchAmount?: string | undefined;
}): SQL {
  const conditions: SQL[] = [sql`true`];
  const found = or(
    listFilters.search(query.search, [sql`m.description`, sql`m.transaction_id::text`]),
    listFilters.amountText(query.searchAmount, [sql`abs(m.change)`]),
  );
  if (found) conditions.push(found);
  if (query.startDate) conditions.push(sql`m.effective_date >= ${query.startDate}`);
  if (query.endDate) conditions.push(sql`m.effective_date <= ${query.endDate}`);
  if (query.type) conditions.push(sql`m.kind = ${query.type}`);
  if (query.ledgerAccount) conditions.push(sql`m.ledger_account = ${query.ledgerAccount}`);
  return sql.join(conditions, sql` and `);
}

/**
 * The member's own account: profile, settings, ledger movements and, read-only, every record the
 * portal holds about them (the data export). Every query is bound to one member's id.
 */
export function accountRepository(db: Executor) {
  return {
    async findUser(userId: string): Promise<UserRow | undefined> {
      const [row] = await db.select().from(users).where(eq(users.id, userId));
      return row;
    },

    /**
     * The staff number the member's payroll deduction instruction carried for `month` ('yyyy-MM'),
     * or null when no employer deducts for them.
     */
    async staffNumberFor(userId: string, month: string): Promise<string | null> {
      const [row] = await db
        .select({ staffNumber: deductionInstructions.staffNumber })
        .from(deductionInstructions)
        .where(
          and(
            eq(deductionInstructions.userId, userId),
            sql`${deductionInstructions.effectiveMonth} <= ${month}`,
          ),
        )
        .orderBy(desc(deductionInstructions.effectiveMonth), desc(deductionInstructions.createdAt))
        .limit(1);
      return row?.staffNumber ?? null;
    },

    async insertStatementCertificate(values: NewStatementCertificate): Promise<string> {
      const [row] = await db
        .insert(statementCertificates)
        .values(values)
        .returning({ id: statementCertificates.id });
      return row!.id;
    },

    async lockUser(userId: string): Promise<UserRow | undefined> {
      const [row] = await db.select().from(users).where(eq(users.id, userId)).for('update');
      return row;
    },

    /** Another member already using this phone number (sign-in identifiers are unique). */
    async phoneTakenByOther(userId: string, phone: string): Promise<boolean> {
      const [row] = await db
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.phoneNumber, phone), sql`${users.id} <> ${userId}`));
      return row !== undefined;
    },

    async setPhone(userId: string, phoneNumber: string | null, now: Date): Promise<UserRow> {
      const [row] = await db
        .update(users)
        .set({ phoneNumber, updatedAt: now })
        .where(eq(users.id, userId))
        .returning();
      if (!row) throw new Error(`no member ${userId}`);
      return row;
    },

    async findSettings(userId: string): Promise<SettingsRow | undefined> {
      const [row] = await db.select().from(userSettings).where(eq(userSettings.userId, userId));
      return row;
    },

    /** Writes the fields given; a member without a settings row gets one (defaults elsewhere). */
    async saveSettings(
      userId: string,
      values: Partial<Omit<SettingsRow, 'userId' | 'updatedAt'>>,
      now: Date,
    ): Promise<SettingsRow> {
      const [row] = await db
        .insert(userSettings)
        .values({ userId, ...values, updatedAt: now })
        .onConflictDoUpdate({ target: userSettings.userId, set: { ...values, updatedAt: now } })
        .returning();
      if (!row) throw new Error(`no settings saved for ${userId}`);
      return row;
    },

    /** One page of the member's movements, newest first by default, with running balances. */
    movementPage(userId: string, query: TransactionListQuery) {
      return listPage(query, {
        db,
        statement: 'transactions_member',
        values: {
          userId,
          startDate: query.startDate,
          endDate: query.endDate,
          type: query.type,
          ledgerAccount: query.account && LEDGER_ACCOUNT_OF[query.account],
          search: listValues.contains(query.search),
          searchAmount: listValues.amountContains(query.search),
        },
        sortColumns: { date: m.date },
        tiebreakers: [m.createdAt, m.entryId],
        select: (page, bound) =>
          db
            .select({
              entry_id: sql<string | number>`m.entry_id`,
              transaction_id: sql<string>`m.transaction_id`,
              kind: sql<TransactionType>`m.kind`,
              description: sql<string>`m.description`,
              effective_date: sql<string>`m.effective_date`,
              ledger_account: sql<string>`m.ledger_account`,
              reference_type: sql<string | null>`m.reference_type`,
              reference_id: sql<string | null>`m.reference_id`,
              change: sql<string | number>`m.change`,
              balance_after: sql<string | number>`m.balance_after`,
              totalItems: page.totalItems,
              session: page.session,
            })
            .from(sql`(${movements(bound.userId)}) m`)
            .where(movementFilters(bound))
            .orderBy(...page.orderBy)
            .limit(page.limit)
            .offset(page.offset),
        toRow: ({ totalItems, session, ...raw }) => ({ row: toMovement(raw), totalItems, session }),
      });
    },

    /** The period's movements, oldest first, as a statement lists them. */
    async movementsBetween(userId: string, start: IsoDate, end: IsoDate): Promise<MovementRow[]> {
      const rows = await queryRows<RawMovement>(
        db,
        sql`select m.* from (${movements(userId)}) m
             where ${movementFilters({ startDate: start, endDate: end })}
             order by ${sql.join([asc(m.date), asc(m.createdAt), asc(m.entryId)], sql`, `)}`,
      );
      return rows.map(toMovement);
    },

    /** Per member account: the balance before `start`, and what came in and went out up to `end`. */
    async accountTotals(userId: string, start: IsoDate, end: IsoDate): Promise<AccountTotalsRow[]> {
      const rows = await queryRows<{
        ledger_account: string;
        opening: string | number;
        increase: string | number;
        decrease: string | number;
      }>(
        db,
        sql`select m.ledger_account,
                   coalesce(sum(m.change) filter (where m.effective_date < ${start}), 0) as opening,
                   coalesce(sum(m.change) filter (where m.effective_date >= ${start}
                     and m.effective_date <= ${end} and m.change > 0), 0) as increase,
                   coalesce(-sum(m.change) filter (where m.effective_date >= ${start}
                     and m.effective_date <= ${end} and m.change < 0), 0) as decrease
              from (${movements(userId)}) m
             group by m.ledger_account`,
      );
      return rows.map((row) => ({
        ledgerAccount: row.ledger_account,
        opening: Number(row.opening),
        increase: Number(row.increase),
        decrease: Number(row.decrease),
      }));
    },

    /* The data export: the member's own rows of every table, read-only. */

    async balances(userId: string) {
      const [row] = await db
        .select({
          savingsBalance: memberBalances.savingsBalance,
          shareBalance: memberBalances.shareBalance,
          loanBalance: memberBalances.loanBalance,
          frozenAmount: memberBalances.frozenAmount,
        })
        .from(memberBalances)
        .where(eq(memberBalances.userId, userId));
      return row;
    },

    /** Every movement, oldest first. */
    async allMovements(userId: string): Promise<MovementRow[]> {
      const rows = await queryRows<RawMovement>(
        db,
        sql`select m.* from (${movements(userId)}) m
             order by ${sql.join([asc(m.date), asc(m.createdAt), asc(m.entryId)], sql`, `)}`,
      );
      return rows.map(toMovement);
    },

    contributions(userId: string) {
      return db
        .select({
          id: contributions.id,
          contributionMonth: contributions.contributionMonth,
          contributionDate: contributions.contributionDate,
          savingsAmount: contributions.savingsAmount,
          shareHoldingAmount: contributions.shareHoldingAmount,
          totalAmount: contributions.totalAmount,
          status: contributions.status,
          confirmedAt: contributions.confirmedAt,
          disputeReason: contributions.disputeReason,
          disputeDate: contributions.disputeDate,
          disputeResolutionNote: contributions.disputeResolutionNote,
          resolvedAt: contributions.resolvedAt,
        })
        .from(contributions)
        .where(eq(contributions.userId, userId))
        .orderBy(asc(contributions.contributionMonth));
    },

    withdrawals(userId: string) {
      return db
        .select({
          id: withdrawals.id,
          withdrawalType: withdrawals.withdrawalType,
          requestedAmount: withdrawals.requestedAmount,
          reason: withdrawals.reason,
          status: withdrawals.status,
          requestDate: withdrawals.requestDate,
          processedDate: withdrawals.processedDate,
          rejectionReason: withdrawals.rejectionReason,
        })
        .from(withdrawals)
        .where(eq(withdrawals.userId, userId))
        .orderBy(asc(withdrawals.requestDate), asc(withdrawals.id));
    },

    dividends(userId: string) {
      return db
        .select({
          id: dividends.id,
          dividendYear: dividends.dividendYear,
          dividendPeriod: dividends.dividendPeriod,
          dividendType: dividends.dividendType,
          rateBps: dividends.rateBps,
          amount: dividends.amount,
          notes: dividends.notes,
          issuedDate: dividends.issuedDate,
          paidDate: dividends.paidDate,
          status: dividends.status,
        })
        .from(dividends)
        .where(eq(dividends.userId, userId))
        .orderBy(asc(dividends.dividendYear), asc(dividends.id));
    },

    fines(userId: string) {
      return db
        .select({
          id: fines.id,
          reason: fines.reason,
          amount: fines.amount,
          fineDate: fines.fineDate,
          dueDate: fines.dueDate,
          status: fines.status,
          paidDate: fines.paidDate,
          waiverNote: fines.waiverNote,
        })
        .from(fines)
        .where(eq(fines.userId, userId))
        .orderBy(asc(fines.fineDate), asc(fines.id));
    },

    depositNotices(userId: string) {
      return db
        .select({
          id: depositNotices.id,
          savingsAmount: depositNotices.savingsAmount,
          shareHoldingAmount: depositNotices.shareHoldingAmount,
          transferDate: depositNotices.transferDate,
          bankReference: depositNotices.bankReference,
          note: depositNotices.note,
          status: depositNotices.status,
          submittedAt: depositNotices.submittedAt,
          decidedAt: depositNotices.decidedAt,
          rejectionReason: depositNotices.rejectionReason,
        })
        .from(depositNotices)
        .where(eq(depositNotices.userId, userId))
        .orderBy(asc(depositNotices.submittedAt), asc(depositNotices.id));
    },

    notifications(userId: string) {
      return db
        .select({
          id: notifications.id,
          type: notifications.type,
          title: notifications.title,
          message: notifications.message,
          priority: notifications.priority,
          actionUrl: notifications.actionUrl,
          readAt: notifications.readAt,
          createdAt: notifications.createdAt,
        })
        .from(notifications)
        .where(eq(notifications.userId, userId))
        .orderBy(desc(notifications.createdAt), asc(notifications.id));
    },
  };
}
