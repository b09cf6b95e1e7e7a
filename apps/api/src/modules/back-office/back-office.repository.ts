/**
 * The back office's read models: the overview's counts, a member's whole record (every money
 * table, read here so the page is complete as each feature fills its table), the audit trail and
 * the books for reconciliation. Reads only; every write goes through its own module's use case.
 */
import { and, desc, eq, gte, inArray, lte, or, sql, type SQL } from 'drizzle-orm';
import type { AuditListQuery } from '@coop/shared/audit';
import {
  auditLog,
  contributions,
  depositNotices,
  fines,
  ledgerEntries,
  ledgerTransactions,
  loanGuarantors,
  loans,
  loanScheduleItems,
  memberBalances,
  statementCertificates,
  users,
  withdrawals,
} from '../../db/schema/index.js';
import { queryRows, type Executor } from '../../db/client.js';
import { AUDIT_ENTRY_COLUMNS } from '../../lib/audit-log.js';
import { listFilters, listPage } from '../../lib/list-query.js';

const RECENT = 20;

const asNumber = (value: unknown) => Number(value ?? 0);

export type AuditRow = typeof auditLog.$inferSelect & {
  actorFirstName: string | null;
  actorLastName: string | null;
  actorMembershipId: string | null;
};

function auditWhere(query: Omit<AuditListQuery, 'page' | 'limit' | 'sortBy' | 'sortOrder'>) {
  let actor: SQL | undefined;
  if (query.actor) {
    const pattern = `%${query.actor.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    actor = sql`${auditLog.actorId} in (select id from users where email ilike ${pattern}
      or membership_id ilike ${pattern} or (first_name || ' ' || last_name) ilike ${pattern})`;
  }
  return and(
    actor,
    query.action ? eq(auditLog.action, query.action) : undefined,
    query.entityType ? eq(auditLog.entityType, query.entityType) : undefined,
    query.entityId ? eq(auditLog.entityId, query.entityId) : undefined,
    listFilters.dayBetween(auditLog.occurredAt, query.startDate, query.endDate),
  );
}

export function backOfficeRepository(db: Executor) {
  return {
    /** The statement issued with `code` (as stored: no dashes) and its member's name, if any. */
    async statementCertificate(code: string) {
      const [row] = await db
        .select({
          certificate: statementCertificates,
          firstName: users.firstName,
          lastName: users.lastName,
          membershipId: users.membershipId,
        })
        .from(statementCertificates)
        .innerJoin(users, eq(users.id, statementCertificates.userId))
        .where(eq(statementCertificates.code, code));
      return row;
    },

    async memberCounts() {
      const [row] = await queryRows<Record<string, unknown>>(
        db,
        sql`select count(*) as total,
                   count(*) filter (where is_active and password_hash is not null) as active,
                   count(*) filter (where not is_active) as suspended,
                   count(*) filter (where is_active and password_hash is null) as not_activated
              from users where cardinality(officer_roles) = 0`,
      );
      return {
        total: asNumber(row?.total),
        active: asNumber(row?.active),
        suspended: asNumber(row?.suspended),
        notActivated: asNumber(row?.not_activated),
      };
    },

    async balanceTotals() {
      const [row] = await db
        .select({
          savings: sql<string>`coalesce(sum(${memberBalances.savingsBalance}), 0)`,
          shares: sql<string>`coalesce(sum(${memberBalances.shareBalance}), 0)`,
          loans: sql<string>`coalesce(sum(${memberBalances.loanBalance}), 0)`,
        })
        .from(memberBalances);
      return {
        savings: asNumber(row?.savings),
        shares: asNumber(row?.shares),
        loans: asNumber(row?.loans),
      };
    },

    async monthContributions(month: string) {
      const [row] = await db
        .select({
          count: sql<string>`count(*)`,
          amount: sql<string>`coalesce(sum(${contributions.totalAmount}), 0)`,
        })
        .from(contributions)
        .where(eq(contributions.contributionMonth, month));
      return { count: asNumber(row?.count), amount: asNumber(row?.amount) };
    },

    countDisputed() {
      return db.$count(contributions, eq(contributions.status, 'disputed'));
    },

    countPendingWithdrawals() {
      return db.$count(withdrawals, eq(withdrawals.status, 'pending'));
    },

    countPendingDepositNotices() {
      return db.$count(depositNotices, eq(depositNotices.status, 'pending'));
    },

    /** Approved loans waiting to be paid out (including those awaiting a second admin). */
    countLoansToDisburse() {
      return db.$count(loans, eq(loans.status, 'approved'));
    },

    /** Unpaid instalments past their due date. */
    countOverdueInstalments() {
      return db.$count(loanScheduleItems, eq(loanScheduleItems.status, 'overdue'));
    },

    async member(userId: string) {
      const [row] = await db.select().from(users).where(eq(users.id, userId));
      return row;
    },

    async contributions(userId: string) {
      const where = eq(contributions.userId, userId);
      return {
        items: await db
          .select()
          .from(contributions)
          .where(where)
          .orderBy(desc(contributions.contributionMonth))
          .limit(RECENT),
        total: await db.$count(contributions, where),
      };
    },

    async loans(userId: string) {
      const where = eq(loans.userId, userId);
      return {
        items: await db
          .select()
          .from(loans)
          .where(where)
          .orderBy(desc(loans.requestDate), desc(loans.id))
          .limit(RECENT),
        total: await db.$count(loans, where),
      };
    },

    async guarantees(userId: string) {
      const where = eq(loanGuarantors.guarantorUserId, userId);
      return {
        items: await db
          .select({
            id: loanGuarantors.id,
            loanNumber: loans.loanNumber,
            borrowerFirstName: users.firstName,
            borrowerLastName: users.lastName,
            guaranteeAmount: loanGuarantors.guaranteeAmount,
            frozenAmount: loanGuarantors.frozenAmount,
            status: loanGuarantors.status,
            invitationDate: loanGuarantors.invitationDate,
          })
          .from(loanGuarantors)
          .innerJoin(loans, eq(loans.id, loanGuarantors.loanId))
          .innerJoin(users, eq(users.id, loans.userId))
          .where(where)
          .orderBy(desc(loanGuarantors.invitationDate), desc(loanGuarantors.id))
          .limit(RECENT),
        total: await db.$count(loanGuarantors, where),
      };
    },

    async withdrawals(userId: string) {
      const where = eq(withdrawals.userId, userId);
      return {
        items: await db
          .select()
          .from(withdrawals)
          .where(where)
          .orderBy(desc(withdrawals.requestDate), desc(withdrawals.id))
          .limit(RECENT),
        total: await db.$count(withdrawals, where),
      };
    },

    async fines(userId: string) {
      const where = eq(fines.userId, userId);
      return {
        items: await db
          .select()
          .from(fines)
          .where(where)
          .orderBy(desc(fines.fineDate), desc(fines.id))
          .limit(RECENT),
        total: await db.$count(fines, where),
      };
    },

    /** What the member did and what was done to their account, newest first. */
    async memberAudit(userId: string) {
      const where = or(
        eq(auditLog.actorId, userId),
        and(eq(auditLog.entityType, 'user'), eq(auditLog.entityId, userId)),
      );
      const items = await db
        .select(AUDIT_ENTRY_COLUMNS)
        .from(auditLog)
        .leftJoin(users, eq(users.id, auditLog.actorId))
        .where(where)
        .orderBy(desc(auditLog.occurredAt), desc(auditLog.id))
        .limit(RECENT);
      return { items, total: await db.$count(auditLog, where) };
    },

    /** One page of the audit trail. */
    auditPage(query: AuditListQuery) {
      const where = auditWhere(query);
      return listPage(query, {
        sortColumns: { occurredAt: auditLog.occurredAt },
        tiebreakers: [auditLog.id],
        fetch: (page) =>
          db
            .select({ row: AUDIT_ENTRY_COLUMNS, totalItems: page.totalItems })
            .from(auditLog)
            .leftJoin(users, eq(users.id, auditLog.actorId))
            .where(where)
            .orderBy(...page.orderBy)
            .limit(page.limit)
            .offset(page.offset),
      });
    },

    /** The audit rows an export covers, newest first, at most `limit`. */
    auditRows(
      query: Omit<AuditListQuery, 'page' | 'limit' | 'sortBy' | 'sortOrder'>,
      limit: number,
    ) {
      return db
        .select(AUDIT_ENTRY_COLUMNS)
        .from(auditLog)
        .leftJoin(users, eq(users.id, auditLog.actorId))
        .where(auditWhere(query))
        .orderBy(desc(auditLog.occurredAt), desc(auditLog.id))
        .limit(limit);
    },

    /** Σ debits and Σ credits of every account in the ledger. */
    async accountTotals() {
      const rows = await db
        .select({
          account: ledgerEntries.account,
          debit: sql<string>`coalesce(sum(${ledgerEntries.amount}) filter (where ${ledgerEntries.amount} > 0), 0)`,
          credit: sql<string>`coalesce(-sum(${ledgerEntries.amount}) filter (where ${ledgerEntries.amount} < 0), 0)`,
        })
        .from(ledgerEntries)
        .groupBy(ledgerEntries.account);
      return rows.map((row) => ({
        account: row.account,
        debit: asNumber(row.debit),
        credit: asNumber(row.credit),
      }));
    },

    /** Money into and out of the cooperative's bank account by kind, for dates in a period. */
    async bankMovements(startDate: string, endDate: string) {
      const rows = await db
        .select({
          kind: ledgerTransactions.kind,
          moneyIn: sql<string>`coalesce(sum(${ledgerEntries.amount}) filter (where ${ledgerEntries.amount} > 0), 0)`,
          moneyOut: sql<string>`coalesce(-sum(${ledgerEntries.amount}) filter (where ${ledgerEntries.amount} < 0), 0)`,
        })
        .from(ledgerEntries)
        .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.transactionId))
        .where(
          and(
            eq(ledgerEntries.account, 'coop_bank'),
            gte(ledgerTransactions.effectiveDate, startDate),
            lte(ledgerTransactions.effectiveDate, endDate),
          ),
        )
        .groupBy(ledgerTransactions.kind)
        .orderBy(ledgerTransactions.kind);
      return rows.map((row) => ({
        kind: row.kind,
        moneyIn: asNumber(row.moneyIn),
        moneyOut: asNumber(row.moneyOut),
      }));
    },

    countBalances() {
      return db.$count(memberBalances);
    },

    async membershipIds(userIds: readonly string[]) {
      if (userIds.length === 0) return new Map<string, string>();
      const rows = await db
        .select({ id: users.id, membershipId: users.membershipId })
        .from(users)
        .where(inArray(users.id, [...userIds]));
      return new Map(rows.map((row) => [row.id, row.membershipId]));
    },
  };
}
