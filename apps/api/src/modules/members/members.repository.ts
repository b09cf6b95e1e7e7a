import { and, asc, eq, inArray, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { AdminMemberListQuery } from '@coop/shared/members';
import { users, userSettings } from '../../db/schema/index.js';
import type { Executor } from '../../db/client.js';
import { chunks } from '../../lib/chunks.js';
import { listFilters, listPage, listValues } from '../../lib/list-query.js';

export type MemberRow = typeof users.$inferSelect;

const SORT_COLUMNS = {
  firstName: users.firstName,
  lastName: users.lastName,
  membershipId: users.membershipId,
  joinedOn: users.joinedOn,
} as const;

function statusFilter(status: AdminMemberListQuery['status']) {
  switch (status) {
    case undefined:
      return undefined;
    case 'active':
      return and(eq(users.isActive, true), isNotNull(users.passwordHash));
    case 'suspended':
      return eq(users.isActive, false);
    case 'not_activated':
      return and(eq(users.isActive, true), isNull(users.passwordHash));
  }
}

/**
 * The payroll schedule's question (modules/payroll, payroll-expected.ts): the members payroll may
 * deduct, those not suspended who had joined by `joinedBy`. An account not yet activated is still
 * a member whose pay is deducted; activation is about signing in. Columns: user_id,
 * membership_id, first_name, last_name.
 */
export function deductibleMembersSql(joinedBy: string): SQL {
  return sql`select ${users.id} as user_id, ${users.membershipId} as membership_id,
      ${users.firstName} as first_name, ${users.lastName} as last_name
    from ${users} where ${users.isActive} and ${users.joinedOn} <= ${joinedBy}`;
}

/**
 * Every member's membership ID and name (columns user_id, membership_id, first_name, last_name):
 * for a statement of another module that shows whom its rows are about (the payroll schedule).
 */
export function memberRefsSql(): SQL {
  return sql`select ${users.id} as user_id, ${users.membershipId} as membership_id,
      ${users.firstName} as first_name, ${users.lastName} as last_name from ${users}`;
}

/** Name ('Ada Obi' as well as 'Ada' or 'Obi'), e-mail, phone or membership ID. */
function matchesSearch(term: string | undefined) {
  if (term === undefined) return undefined;
  return listFilters.search(listValues.contains(term), [
    users.firstName,
    users.lastName,
    sql`${users.firstName} || ' ' || ${users.lastName}`,
    users.email,
    users.membershipId,
    users.phoneNumber,
  ]);
}

export function membersRepository(db: Executor) {
  return {
    /** The account a sign-in names, by e-mail, phone number or membership ID. */
    async byIdentifier(kind: 'email' | 'phone' | 'membershipId', value: string) {
      const column = {
        email: users.email,
        phone: users.phoneNumber,
        membershipId: users.membershipId,
      }[kind];
      const [row] = await db.select().from(users).where(eq(column, value));
      return row;
    },

    /**
     * The account, its row locked FOR NO KEY UPDATE: a sign-in's outcome is recorded one at a
     * time without blocking the rows that reference the account.
     */
    async lockForSignIn(userId: string) {
      const [row] = await db.select().from(users).where(eq(users.id, userId)).for('no key update');
      return row;
    },

    async emailInUse(email: string): Promise<boolean> {
      const [row] = await db
        .select({ id: users.id })
        .from(users)
        .where(eq(users.email, email))
        .limit(1);
      return row !== undefined;
    },

    /** The details of an account a new password may not contain. */
    async passwordOwner(userId: string) {
      const [row] = await db
        .select({
          firstName: users.firstName,
          lastName: users.lastName,
          email: users.email,
          membershipId: users.membershipId,
          phoneNumber: users.phoneNumber,
        })
        .from(users)
        .where(eq(users.id, userId));
      return row;
    },

    /** A new password: earlier access tokens end with `tokensValidAfter`. */
    async setPassword(
      userId: string,
      values: { passwordHash: string; activatedAt?: Date; tokensValidAfter: Date; updatedAt: Date },
    ): Promise<void> {
      await db.update(users).set(values).where(eq(users.id, userId));
    },

    /** Who an activation link greets, and whether a password is already set. */
    async activationProfile(userId: string) {
      const [row] = await db
        .select({
          firstName: users.firstName,
          lastName: users.lastName,
          email: users.email,
          membershipId: users.membershipId,
          passwordHash: users.passwordHash,
        })
        .from(users)
        .where(eq(users.id, userId));
      return row;
    },

    /** The account's password hash, its row locked (null hash: not activated yet). */
    async lockPasswordHash(userId: string) {
      const [row] = await db
        .select({ passwordHash: users.passwordHash })
        .from(users)
        .where(eq(users.id, userId))
        .for('update');
      return row;
    },

    /** Sets the first password and the activation time; the updated account. */
    async activate(userId: string, passwordHash: string, now: Date) {
      const [row] = await db
        .update(users)
        .set({ passwordHash, activatedAt: now, updatedAt: now })
        .where(eq(users.id, userId))
        .returning();
      return row;
    },

    /** The members with these membership IDs (a payroll file names them so), by membership ID. */
    async byMembershipIds(membershipIds: readonly string[]) {
      const found = new Map<
        string,
        { id: string; firstName: string; lastName: string; joinedOn: string }
      >();
      for (const chunk of chunks([...membershipIds])) {
        const rows = await db
          .select({
            id: users.id,
            membershipId: users.membershipId,
            firstName: users.firstName,
            lastName: users.lastName,
            joinedOn: users.joinedOn,
          })
          .from(users)
          .where(inArray(users.membershipId, chunk));
        for (const { membershipId, ...row } of rows) found.set(membershipId, row);
      }
      return found;
    },

    /** GET /admin/users: every account (members and administrators), filtered, one page. */
    page(query: AdminMemberListQuery) {
      const where = and(
        matchesSearch(query.search),
        statusFilter(query.status),
        listFilters.equals(users.isLoanReviewer, query.isLoanReviewer),
        listFilters.equals(users.isExco, query.isExco),
        listFilters.dateBetween(users.joinedOn, query.startDate, query.endDate),
      );
      return listPage(query, {
        sortColumns: SORT_COLUMNS,
        tiebreakers: [users.lastName, users.id],
        fetch: (page) =>
          db
            .select({ row: users, totalItems: page.totalItems })
            .from(users)
            .where(where)
            .orderBy(...page.orderBy)
            .limit(page.limit)
            .offset(page.offset),
      });
    },

    async find(id: string): Promise<MemberRow | undefined> {
      const [row] = await db.select().from(users).where(eq(users.id, id));
      return row;
    },

    async lock(id: string): Promise<MemberRow | undefined> {
      const [row] = await db.select().from(users).where(eq(users.id, id)).for('update');
      return row;
    },

    /** The highest number in use after a membership ID prefix ('M', 'A'); 0 when none. */
    async highestMembershipNumber(prefix: 'M' | 'A'): Promise<number> {
      const [row] = await db
        .select({
          highest: sql<string | null>`max(substring(${users.membershipId} from 2)::bigint)`,
        })
        .from(users)
        .where(sql`${users.membershipId} ~ ${`^${prefix}[0-9]+$`}`);
      return Number(row?.highest ?? 0);
    },

    /** A new account with its settings row (defaults). */
    async insert(values: typeof users.$inferInsert, now: Date): Promise<MemberRow> {
      const [row] = await db.insert(users).values(values).returning();
      if (!row) throw new Error('insert into users returned no row');
      await db.insert(userSettings).values({ userId: row.id, updatedAt: now });
      return row;
    },

    async update(id: string, values: Partial<typeof users.$inferInsert>): Promise<MemberRow> {
      const [row] = await db.update(users).set(values).where(eq(users.id, id)).returning();
      if (!row) throw new Error(`no user ${id} to update`);
      return row;
    },

    /** Who these accounts are, as the back office's lists name a member. */
    async refs(ids: readonly string[]) {
      const found = new Map<
        string,
        { id: string; firstName: string; lastName: string; membershipId: string }
      >();
      for (const chunk of chunks([...ids])) {
        const rows = await db
          .select({
            id: users.id,
            firstName: users.firstName,
            lastName: users.lastName,
            membershipId: users.membershipId,
          })
          .from(users)
          .where(inArray(users.id, chunk));
        for (const row of rows) found.set(row.id, row);
      }
      return found;
    },

    /** The full names of these accounts (who proposed and decided a two-person change). */
    async names(ids: string[]): Promise<Map<string, { name: string; membershipId: string }>> {
      if (ids.length === 0) return new Map();
      const rows = await db
        .select({
          id: users.id,
          name: sql<string>`${users.firstName} || ' ' || ${users.lastName}`,
          membershipId: users.membershipId,
        })
        .from(users)
        .where(inArray(users.id, ids));
      return new Map(
        rows.map((row) => [row.id, { name: row.name, membershipId: row.membershipId }]),
      );
    },

    /** Accounts other than `exceptId` already holding one of these e-mails, phones or IDs. */
    clashes(
      values: { emails: string[]; phones: string[]; membershipIds: string[] },
      exceptId?: string,
    ) {
      const conditions = [
        values.emails.length ? inArray(users.email, values.emails) : undefined,
        values.phones.length ? inArray(users.phoneNumber, values.phones) : undefined,
        values.membershipIds.length ? inArray(users.membershipId, values.membershipIds) : undefined,
      ].filter((condition) => condition !== undefined);
      if (conditions.length === 0) return Promise.resolve([]);
      return db
        .select({
          id: users.id,
          email: users.email,
          phoneNumber: users.phoneNumber,
          membershipId: users.membershipId,
        })
        .from(users)
        .where(and(or(...conditions), exceptId ? sql`${users.id} <> ${exceptId}` : undefined))
        .orderBy(asc(users.id));
    },
  };
}
