import {
  and,
  asc,
  eq,
  inArray,
  isNull,
  ne,
  notExists,
  notInArray,
  or,
  sql,
  type SQL,
  type SQLWrapper,
} from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { GuarantorRequestListQuery } from '@coop/shared/guarantors';
import type {
  Loan,
  LoanGuarantor,
  LoanListQuery,
  UnderReviewLoanListQuery,
} from '@coop/shared/loans';
import {
  loanCertifications,
  loanGuarantors,
  loanRepayments,
  loans,
  loanScheduleItems,
  userSettings,
  users,
} from '../../db/schema/index.js';
import { queryRows, type Executor } from '../../db/client.js';
import { COOPERATIVE_TIME_ZONE } from '@coop/shared/constants';
import { GUARANTOR_ANSWER_WITHIN_DAYS } from '@coop/shared/loan-rules';
import { listFilters, listPage, listPageJson, listValues } from '../../lib/list-query.js';
import { memberDataVersionSql } from '../../lib/member-read-cache.js';
import { guarantorRequestJson, loanGuarantorsJson, loanJson } from './loan-json.js';
import { availableOfTypeSql } from '../ledger/ledger.service.js';

export type LoanRow = typeof loans.$inferSelect;
export type NewLoan = typeof loans.$inferInsert;
export type GuarantorRow = typeof loanGuarantors.$inferSelect;
export type ScheduleItemRow = typeof loanScheduleItems.$inferSelect;
export type RepaymentRow = typeof loanRepayments.$inferSelect;

/**
 * Loans that hold a guarantor's commitment: not yet repaid nor rejected (docs/business-rules.md).
 */
export const RUNNING_LOAN_STATUSES = [
  'pending',
  'under_review',
  'approved',
  'disbursed',
  'defaulted',
] as const;

const PERSON = {
  id: users.id,
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
  membershipId: users.membershipId,
};
export type PersonRow = {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  membershipId: string;
};

const borrower = alias(users, 'borrower');

/** A live slot: not replaced by a reassignment (the replaced row leaves every list). */
const live = isNull(loanGuarantors.replacedById);

/* What the dashboard shows of loans: SQL for the seam of lib/dashboard-seam.ts (decision 040). */

const fullName = (person: { firstName: SQLWrapper; lastName: SQLWrapper }) =>
  sql<string>`${person.firstName} || ' ' || ${person.lastName}`;

/**
 * The member's latest loan requests and repayments on their loans, newest first: rows
 * `request` (loan number, purpose) and `repayment` (loan number).
 */
export function loanActivitySql(userId: string, limit: number): SQL {
  const requests = sql`select 'request', ${loans.id}, ${loans.requestDate}, ${loans.requestedAmount},
      ${loans.status}, ${loans.loanNumber}, ${loans.purpose}
    from ${loans} where ${loans.userId} = ${userId}
    order by ${loans.requestDate} desc limit ${limit}`;
  const r = loanRepayments;
  const repayments = sql`select 'repayment', ${r.id}, ${r.createdAt}, ${r.amount}, ${r.status},
      ${loans.loanNumber}, null
    from ${r} join ${loans} on ${loans.id} = ${r.loanId} where ${loans.userId} = ${userId}
    order by ${r.createdAt} desc limit ${limit}`;
  return sql`select * from ((${requests}) union all (${repayments}))
      as a(kind, id, occurred_at, amount_kobo, status, label, detail)
    order by occurred_at desc limit ${limit}`;
}

/**
 * What the member is asked to do about loans, at most `limit`, in this order: guarantor requests
 * to answer (newest first; loan number, borrower), guarantors who declined the member's own
 * pending loan, to replace (loan number, guarantor), and, for a reviewer (`isReviewer`, the
 * member's flag as SQL: the same statement for every member), loans under review they may still
 * certify (newest first; loan number, borrower).
 */
export function loanPendingSql(userId: string, isReviewer: SQL, limit: number): SQL {
  // Plain templates, not the query builder: built on every dashboard call, they render in a
  // tenth of the time. Each part joins `users` once (the borrower, or the guarantor).
  const g = loanGuarantors;
  const name = fullName(users);
  // The member's own overdue instalments come first: money already late (what is left to pay of
  // each, its loan, due date and month).
  const s = loanScheduleItems;
  const overdue = sql`select 0, row_number() over (order by ${s.dueDate}, ${s.month}), 'overdue',
      ${s.id}, ${s.totalAmount} - ${s.paidAmount}, ${loans.loanNumber},
      to_char(${s.dueDate}, 'YYYY-MM-DD'), ${s.month}::text
    from ${s} join ${loans} on ${loans.id} = ${s.loanId}
    where ${loans.userId} = ${userId} and ${s.status} = 'overdue'
      and ${loans.status} in ('disbursed', 'defaulted')
    order by ${s.dueDate}, ${s.month} limit ${limit}`;
  // A guarantee's deadline is the day an answer is expected (docs/business-rules.md "What's
  // next"): shown, never enforced.
  const requests = sql`select 1, row_number() over (order by ${g.invitationDate} desc), 'guarantee',
      ${g.id}, ${g.guaranteeAmount}, ${loans.loanNumber}, ${name},
      to_char((${g.invitationDate} at time zone ${COOPERATIVE_TIME_ZONE})::date
        + ${sql.raw(String(GUARANTOR_ANSWER_WITHIN_DAYS))}, 'YYYY-MM-DD')
    from ${g} join ${loans} on ${loans.id} = ${g.loanId} join ${users} on ${users.id} = ${loans.userId}
    where ${g.guarantorUserId} = ${userId} and ${g.replacedById} is null and ${g.status} = 'pending'
    order by ${g.invitationDate} desc limit ${limit}`;
  // A declined replacement is not asked about again (the first refusal was).
  const declined = sql`select 2, row_number() over (), 'replace', ${g.id}, null::bigint,
      ${loans.loanNumber}, ${name}, null::text
    from ${g} join ${loans} on ${loans.id} = ${g.loanId} join ${users} on ${users.id} = ${g.guarantorUserId}
    where ${loans.userId} = ${userId} and ${loans.status} = 'pending' and ${g.replacedById} is null
      and ${g.status} = 'rejected' and ${g.replacesId} is null`;
  // For a member who is not a reviewer the guard is false before any loan is read.
  const c = loanCertifications;
  const toCertify = sql`select 3, row_number() over (order by ${loans.createdAt} desc), 'review',
      ${loans.id}, ${loans.requestedAmount}, ${loans.loanNumber}, ${name}, null::text
    from ${loans} join ${users} on ${users.id} = ${loans.userId}
    where ${isReviewer} and ${loans.status} = 'under_review' and ${loans.userId} <> ${userId}
      and not exists (select 1 from ${g} where ${g.loanId} = ${loans.id} and ${g.guarantorUserId} = ${userId})
      and not exists (select 1 from ${c} where ${c.loanId} = ${loans.id} and ${c.reviewerId} = ${userId})
    order by ${loans.createdAt} desc limit ${limit}`;
  const parts = [sql`(${overdue})`, sql`(${requests})`, sql`(${declined})`, sql`(${toCertify})`];
  return sql`select kind, id, amount_kobo, label, detail, extra from (${sql.join(parts, sql` union all `)})
      as p(part, n, kind, id, amount_kobo, label, detail, extra)
    order by part, n limit ${limit}`;
}

/**
 * What the member owes or is asked next about loans (docs/business-rules.md "What's next"), as
 * ONE JSON value for the dashboard's statement: `overdue` (every unpaid instalment of a running
 * loan due before `today`: sum, count, oldest due date and its age in days), `nextInstalment` (the
 * first unpaid instalment due `today` or later) and `guarantorRequest` (the oldest request waiting
 * for the member's answer, how many wait, and the day an answer is expected). Instalments are
 * judged by their due date, not by the hourly job's `overdue` mark, so the figure never lags it.
 */
export function loanNextUpSql(userId: string, today: string): SQL {
  const s = loanScheduleItems;
  const g = loanGuarantors;
  const unpaid = sql`${s.status} <> 'paid' and ${loans.userId} = ${userId}
      and ${loans.status} in ('disbursed', 'defaulted')`;
  const overdue = sql`(select json_build_object('loanId', min(${loans.loanNumber}),
        'amountKobo', sum(${s.totalAmount} - ${s.paidAmount})::float8, 'instalments', count(*),
        'since', to_char(min(${s.dueDate}), 'YYYY-MM-DD'),
        'daysOverdue', ${today}::date - min(${s.dueDate}))
      from ${s} join ${loans} on ${loans.id} = ${s.loanId}
      where ${unpaid} and ${s.dueDate} < ${today}::date having count(*) > 0)`;
  const next = sql`(select json_build_object('loanId', ${loans.loanNumber}, 'month', ${s.month},
        'ofMonths', ${loans.repaymentTermMonths}, 'dueDate', to_char(${s.dueDate}, 'YYYY-MM-DD'),
        'amountKobo', (${s.totalAmount} - ${s.paidAmount})::float8)
      from ${s} join ${loans} on ${loans.id} = ${s.loanId}
      where ${unpaid} and ${loans.status} = 'disbursed' and ${s.dueDate} >= ${today}::date
      order by ${s.dueDate}, ${s.month} limit 1)`;
  const ask = sql`(select json_build_object('count', count(*) over (),
        'loanId', ${loans.loanNumber}, 'borrower', ${fullName(users)},
        'amountKobo', ${g.guaranteeAmount}::float8,
        'deadline', to_char((${g.invitationDate} at time zone ${COOPERATIVE_TIME_ZONE})::date
          + ${sql.raw(String(GUARANTOR_ANSWER_WITHIN_DAYS))}, 'YYYY-MM-DD'))
      from ${g} join ${loans} on ${loans.id} = ${g.loanId} join ${users} on ${users.id} = ${loans.userId}
      where ${g.guarantorUserId} = ${userId} and ${g.replacedById} is null and ${g.status} = 'pending'
      order by ${g.invitationDate}, ${g.id} limit 1)`;
  return sql`json_build_object('overdue', ${overdue}, 'nextInstalment', ${next},
    'guarantorRequest', ${ask})`;
}

/**
 * The payroll schedule's question (modules/payroll, payroll-expected.ts): per member, the unpaid part
 * of their loans' instalments due between `first` and `last` (one month), on loans payroll still
 * collects for (disbursed, or defaulted and being recovered, as the payroll import's repayment
 * column takes them), and the oldest such loan. Columns: user_id, amount, loan_id. Earlier months'
 * arrears are not in it: the instalment falls due once.
 */
export function instalmentsDueSql(first: string, last: string, userIds?: readonly string[]): SQL {
  const i = loanScheduleItems;
  return sql`select ${loans.userId} as user_id, sum(${i.totalAmount} - ${i.paidAmount}) as amount,
      (array_agg(${loans.id} order by ${loans.disbursedAt}, ${loans.id}))[1] as loan_id
    from ${i} join ${loans} on ${loans.id} = ${i.loanId}
    where ${loans.status} in ('disbursed', 'defaulted')
      and ${i.dueDate} between ${first} and ${last}
      and ${i.paidAmount} < ${i.totalAmount}
      ${userIds ? sql`and ${inArray(loans.userId, [...userIds])}` : sql``}
    group by ${loans.userId}`;
}

/** Every loan's number (columns loan_id, loan_number), for a statement that names its loans. */
export function loanNumbersSql(): SQL {
  return sql`select ${loans.id} as loan_id, ${loans.loanNumber} as loan_number from ${loans}`;
}

export function loansRepository(db: Executor) {
  return {
    /**
     * Whether the member has a loan not yet over, and guarantees one. The share rule of a withdrawal
     * (docs/business-rules.md) needs both; a loan is over once repaid or rejected.
     */
    async loanTies(userId: string): Promise<{ runningLoan: boolean; activeGuarantee: boolean }> {
      const [row] = await db
        .select({
          runningLoan: sql<boolean>`exists (${db
            .select({ one: sql`1` })
            .from(loans)
            .where(
              and(eq(loans.userId, userId), notInArray(loans.status, ['repaid', 'rejected'])),
            )})`,
          activeGuarantee: sql<boolean>`exists (${db
            .select({ one: sql`1` })
            .from(loanGuarantors)
            .innerJoin(loans, eq(loans.id, loanGuarantors.loanId))
            .where(
              and(
                eq(loanGuarantors.guarantorUserId, userId),
                eq(loanGuarantors.status, 'accepted'),
                isNull(loanGuarantors.replacedById),
                notInArray(loans.status, ['repaid', 'rejected']),
              ),
            )})`,
        })
        .from(sql`(select 1) as one`);
      return {
        runningLoan: Boolean(row?.runningLoan),
        activeGuarantee: Boolean(row?.activeGuarantee),
      };
    },

    async person(userId: string) {
      const [row] = await db
        .select({ ...PERSON, isActive: users.isActive, joinedOn: users.joinedOn })
        .from(users)
        .where(eq(users.id, userId));
      return row;
    },

    async people(userIds: readonly string[]) {
      if (userIds.length === 0) return [];
      return db
        .select({ ...PERSON, isActive: users.isActive, roles: users.roles })
        .from(users)
        .where(inArray(users.id, [...userIds]));
    },

    /** The loan statuses a member has (for eligibility). */
    async loanStatuses(userId: string): Promise<string[]> {
      const rows = await db
        .selectDistinct({ status: loans.status })
        .from(loans)
        .where(eq(loans.userId, userId));
      return rows.map((row) => row.status);
    },

    /** How many running loans each member guarantees (pending or accepted, live slots). */
    async runningGuarantees(userIds: readonly string[]): Promise<Map<string, number>> {
      if (userIds.length === 0) return new Map();
      const rows = await db
        .select({ userId: loanGuarantors.guarantorUserId, n: sql<number>`count(*)::int` })
        .from(loanGuarantors)
        .innerJoin(loans, eq(loans.id, loanGuarantors.loanId))
        .where(
          and(
            inArray(loanGuarantors.guarantorUserId, [...userIds]),
            live,
            inArray(loanGuarantors.status, ['pending', 'accepted']),
            inArray(loans.status, [...RUNNING_LOAN_STATUSES]),
          ),
        )
        .groupBy(loanGuarantors.guarantorUserId);
      return new Map(rows.map((row) => [row.userId, Number(row.n)]));
    },

    async nextLoanNumber(): Promise<string> {
      const [row] = await queryRows<{ n: string }>(
        db,
        sql`select nextval('loan_number_seq')::text as n`,
      );
      return `LN-${String(row?.n ?? '0').padStart(6, '0')}`;
    },

    async insertLoan(values: NewLoan): Promise<LoanRow> {
      const [row] = await db.insert(loans).values(values).returning();
      if (!row) throw new Error('loan insert returned nothing');
      return row;
    },

    async insertGuarantors(rows: (typeof loanGuarantors.$inferInsert)[]): Promise<GuarantorRow[]> {
      if (rows.length === 0) return [];
      return db.insert(loanGuarantors).values(rows).returning();
    },

    async lockLoan(id: string): Promise<LoanRow | undefined> {
      const [row] = await db.select().from(loans).where(eq(loans.id, id)).for('update');
      return row;
    },

    async loan(id: string): Promise<LoanRow | undefined> {
      const [row] = await db.select().from(loans).where(eq(loans.id, id));
      return row;
    },

    /** One loan in the `loanSchema` shape as PostgreSQL writes it (decision 170), and its borrower. */
    async loanShape(id: string): Promise<{ userId: string; loan: Loan } | undefined> {
      const [row] = await db
        .select({ userId: loans.userId, loan: sql<string>`${loanJson()}::text` })
        .from(loans)
        .where(eq(loans.id, id));
      return row && { userId: row.userId, loan: JSON.parse(row.loan) as Loan };
    },

    /** One loan's live guarantors (`loanGuarantorSchema`), and its borrower. */
    async loanGuarantors(
      id: string,
    ): Promise<{ userId: string; guarantors: LoanGuarantor[] } | undefined> {
      const [row] = await db
        .select({ userId: loans.userId, guarantors: sql<string>`${loanGuarantorsJson()}::text` })
        .from(loans)
        .where(eq(loans.id, id));
      return (
        row && { userId: row.userId, guarantors: JSON.parse(row.guarantors) as LoanGuarantor[] }
      );
    },

    async updateLoan(id: string, values: Partial<NewLoan>): Promise<LoanRow> {
      const [row] = await db.update(loans).set(values).where(eq(loans.id, id)).returning();
      if (!row) throw new Error('loan update returned nothing');
      return row;
    },

    /** A guarantor request and its loan's id, no lock (to find which loan to lock first). */
    async guarantorRequest(id: string): Promise<GuarantorRow | undefined> {
      const [row] = await db.select().from(loanGuarantors).where(eq(loanGuarantors.id, id));
      return row;
    },

    /** Every slot of a loan, live ones only unless asked, locked in id order. */
    lockGuarantors(loanId: string): Promise<GuarantorRow[]> {
      return db
        .select()
        .from(loanGuarantors)
        .where(and(eq(loanGuarantors.loanId, loanId), live))
        .orderBy(asc(loanGuarantors.id))
        .for('update');
    },

    async updateGuarantor(
      id: string,
      values: Partial<typeof loanGuarantors.$inferInsert>,
    ): Promise<GuarantorRow> {
      const [row] = await db
        .update(loanGuarantors)
        .set(values)
        .where(eq(loanGuarantors.id, id))
        .returning();
      if (!row) throw new Error('guarantor update returned nothing');
      return row;
    },

    lockSchedule(loanId: string): Promise<ScheduleItemRow[]> {
      return db
        .select()
        .from(loanScheduleItems)
        .where(eq(loanScheduleItems.loanId, loanId))
        .orderBy(asc(loanScheduleItems.month))
        .for('update');
    },

    async insertSchedule(rows: (typeof loanScheduleItems.$inferInsert)[]): Promise<void> {
      if (rows.length > 0) await db.insert(loanScheduleItems).values(rows);
    },

    async updateScheduleItem(
      id: string,
      values: Partial<typeof loanScheduleItems.$inferInsert>,
    ): Promise<void> {
      await db.update(loanScheduleItems).set(values).where(eq(loanScheduleItems.id, id));
    },

    async insertRepayment(values: typeof loanRepayments.$inferInsert): Promise<RepaymentRow> {
      const [row] = await db.insert(loanRepayments).values(values).returning();
      if (!row) throw new Error('repayment insert returned nothing');
      return row;
    },

    certificationsOf(loanIds: readonly string[]) {
      if (loanIds.length === 0) return Promise.resolve([]);
      return db
        .select()
        .from(loanCertifications)
        .where(inArray(loanCertifications.loanId, [...loanIds]))
        .orderBy(asc(loanCertifications.certifiedAt));
    },

    async insertCertification(values: typeof loanCertifications.$inferInsert) {
      const [row] = await db
        .insert(loanCertifications)
        .values(values)
        .onConflictDoNothing({ target: [loanCertifications.loanId, loanCertifications.reviewerId] })
        .returning();
      return row;
    },

    /** Active reviewers who are neither the borrower nor one of the loan's guarantors. */
    async reviewersFor(loanId: string, borrowerId: string): Promise<string[]> {
      const rows = await db
        .select({ id: users.id })
        .from(users)
        .where(
          and(
            eq(users.isLoanReviewer, true),
            eq(users.isActive, true),
            ne(users.id, borrowerId),
            notExists(
              db
                .select({ one: sql`1` })
                .from(loanGuarantors)
                .where(
                  and(
                    eq(loanGuarantors.loanId, loanId),
                    eq(loanGuarantors.guarantorUserId, users.id),
                  ),
                ),
            ),
          ),
        );
      return rows.map((row) => row.id);
    },

    /**
     * GET /users/loans: one page of the member's own loans, as PostgreSQL writes them (decision
     * 170). `kept`: the page kept at write time (decision 185), with the member's data version
     * read in the same statement.
     */
    loanPage(userId: string, query: LoanListQuery, kept = false) {
      return listPageJson(query, {
        db,
        statement: kept ? 'loans_member_kept' : 'loans_member',
        values: {
          userId,
          status: query.status,
          startDate: query.startDate,
          endDate: query.endDate,
          minKobo: listValues.kobo(query.minAmount),
          maxKobo: listValues.kobo(query.maxAmount),
          search: listValues.contains(query.search),
          searchAmount: listValues.amountContains(query.search),
        },
        sortColumns: {
          requestDate: loans.requestDate,
          requestedAmount: loans.requestedAmount,
          status: loans.status,
        },
        tiebreakers: [loans.requestDate, loans.id],
        // The page, each loan with its parts and the session check: one statement (decision 133).
        select: (page, bound) =>
          db
            .select({ item: page.item(loanJson()), totalItems: page.totalItems })
            .from(loans)
            .where(
              and(
                eq(loans.userId, bound.userId),
                listFilters.equals(loans.status, bound.status),
                listFilters.dayBetween(loans.requestDate, bound.startDate, bound.endDate),
                listFilters.koboBetween(loans.requestedAmount, bound.minKobo, bound.maxKobo),
                or(
                  listFilters.search(bound.search, [loans.loanNumber, loans.purpose]),
                  listFilters.amountText(bound.searchAmount, [loans.requestedAmount]),
                ),
              ),
            )
            .orderBy(...page.orderBy)
            .limit(page.limit)
            .offset(page.offset),
        also: (bound): { version?: SQL<string> } =>
          kept ? { version: memberDataVersionSql(bound.userId) } : {},
      });
    },

    /** GET /users/guarantees: requests addressed to the member (live slots). */
    guaranteePage(userId: string, query: GuarantorRequestListQuery) {
      return listPageJson(query, {
        db,
        statement: 'guarantees_member',
        values: {
          userId,
          status: query.status,
          startDate: query.startDate,
          endDate: query.endDate,
          minKobo: listValues.kobo(query.minAmount),
          maxKobo: listValues.kobo(query.maxAmount),
          search: listValues.contains(query.search),
        },
        sortColumns: {
          invitationDate: loanGuarantors.invitationDate,
          guaranteeAmount: loanGuarantors.guaranteeAmount,
        },
        tiebreakers: [loanGuarantors.invitationDate, loanGuarantors.id],
        select: (page, bound) =>
          db
            .select({
              item: page.item(guarantorRequestJson(borrower)),
              totalItems: page.totalItems,
            })
            .from(loanGuarantors)
            .innerJoin(loans, eq(loans.id, loanGuarantors.loanId))
            .innerJoin(borrower, eq(borrower.id, loans.userId))
            .where(
              and(
                eq(loanGuarantors.guarantorUserId, bound.userId),
                live,
                listFilters.equals(loanGuarantors.status, bound.status),
                listFilters.dayBetween(
                  loanGuarantors.invitationDate,
                  bound.startDate,
                  bound.endDate,
                ),
                listFilters.koboBetween(
                  loanGuarantors.guaranteeAmount,
                  bound.minKobo,
                  bound.maxKobo,
                ),
                listFilters.search(bound.search, [
                  loans.loanNumber,
                  borrower.firstName,
                  borrower.lastName,
                  sql`${borrower.firstName} || ' ' || ${borrower.lastName}`,
                ]),
              ),
            )
            .orderBy(...page.orderBy)
            .limit(page.limit)
            .offset(page.offset),
        // What accepting freezes from, the figure the accept checks under its lock: read with the
        // page, not in a second round trip.
        also: (bound) => ({
          availableSavingsKobo: availableOfTypeSql(sql`${bound.userId}`, sql`'savings'`),
        }),
      });
    },

    /** GET /users/loans/under-review: loans the reviewer may certify (not theirs, not guaranteed by them). */
    underReviewPage(reviewerId: string, query: UnderReviewLoanListQuery) {
      const where = and(
        eq(loans.status, 'under_review'),
        ne(loans.userId, reviewerId),
        notExists(
          db
            .select({ one: sql`1` })
            .from(loanGuarantors)
            .where(
              and(
                eq(loanGuarantors.loanId, loans.id),
                eq(loanGuarantors.guarantorUserId, reviewerId),
              ),
            ),
        ),
      );
      return listPage(query, {
        sortColumns: { createdAt: loans.createdAt, requestedAmount: loans.requestedAmount },
        tiebreakers: [loans.createdAt, loans.id],
        // The page first, then its applicants by id: joining the members before the limit made
        // PostgreSQL hash every member to count the loans under review (bench/scale-loans.mjs).
        fetch: async (page) => {
          const rows = await db
            .select({
              loan: loans,
              // Counted in a subquery, not `count(*) over ()`: the loans under review grow with
              // the cooperative, and the window read every one of them in full; this count
              // reads only `loans_under_review_created_idx` (bench/scale-loans.mjs).
              totalItems: sql<number>`(select count(*) from ${loans} where ${where})`.mapWith(
                Number,
              ),
            })
            .from(loans)
            .where(where)
            .orderBy(...page.orderBy)
            .limit(page.limit)
            .offset(page.offset);
          const userIds = [...new Set(rows.map((row) => row.loan.userId))];
          const applicants =
            userIds.length === 0
              ? []
              : await db
                  .select({
                    id: borrower.id,
                    firstName: borrower.firstName,
                    lastName: borrower.lastName,
                    email: borrower.email,
                    membershipId: borrower.membershipId,
                  })
                  .from(borrower)
                  .where(inArray(borrower.id, userIds));
          const byId = new Map(applicants.map(({ id, ...person }) => [id, person]));
          return rows.map(({ loan, totalItems }) => {
            const applicant = byId.get(loan.userId);
            if (!applicant) throw new Error(`loan ${loan.id} has no borrower`);
            return { row: { loan, applicant }, totalItems };
          });
        },
      });
    },

    /**
     * Guarantor candidates: active members other than `excludeIds`, found by name, e-mail,
     * membership ID, or phone for those who allow it; alphabetical.
     */
    candidates(
      search: string | undefined,
      excludeIds: readonly string[],
      window: { page: number; limit: number },
    ) {
      const phoneDigits = search?.replace(/[^\d]/g, '') ?? '';
      const byPhone =
        phoneDigits.length >= 4
          ? and(
              sql`coalesce(${userSettings.findableByPhone}, true)`,
              sql`regexp_replace(coalesce(${users.phoneNumber}, ''), '\\D', '', 'g') like ${`%${phoneDigits.replace(/^0/, '')}%`}`,
            )
          : undefined;
      const where = and(
        eq(users.isActive, true),
        sql`cardinality(${users.roles}) = 0`,
        excludeIds.length > 0 ? notInArray(users.id, [...excludeIds]) : undefined,
        search
          ? or(
              listFilters.search(listValues.contains(search), [
                users.firstName,
                users.lastName,
                users.email,
                users.membershipId,
                sql`${users.firstName} || ' ' || ${users.lastName}`,
              ]),
              byPhone,
            )
          : undefined,
      );
      // One order only (alphabetical), so the list's one sort field is the name.
      return listPage(
        { ...window, sortBy: 'name' as const, sortOrder: 'asc' as const },
        {
          sortColumns: { name: users.firstName },
          tiebreakers: [users.lastName, users.id],
          fetch: (page) =>
            db
              .select({ row: { ...PERSON, isExco: users.isExco }, totalItems: page.totalItems })
              .from(users)
              .leftJoin(userSettings, eq(userSettings.userId, users.id))
              .where(where)
              .orderBy(...page.orderBy)
              .limit(page.limit)
              .offset(page.offset),
        },
      );
    },

    /**
     * Up to `limit` overdue instalments of disbursed loans due on or before `dueOnOrBefore`, oldest
     * first, with their loan's number and borrower, leaving out the instalments `except` selects
     * (the asking module's own subquery of instalment ids, so one statement pages past them).
     */
    overdueInstalmentsDue(dueOnOrBefore: string, limit: number, except: SQL) {
      return db
        .select({
          itemId: loanScheduleItems.id,
          month: loanScheduleItems.month,
          dueDate: loanScheduleItems.dueDate,
          loanId: loans.id,
          loanNumber: loans.loanNumber,
          userId: loans.userId,
        })
        .from(loanScheduleItems)
        .innerJoin(loans, eq(loans.id, loanScheduleItems.loanId))
        .where(
          and(
            eq(loanScheduleItems.status, 'overdue'),
            sql`${loanScheduleItems.dueDate} <= ${dueOnOrBefore}`,
            eq(loans.status, 'disbursed'),
            sql`${loanScheduleItems.id} not in (${except})`,
          ),
        )
        .orderBy(asc(loanScheduleItems.dueDate), asc(loanScheduleItems.id))
        .limit(limit);
    },

    /**
     * Up to `limit` unpaid instalments of disbursed loans due from `from` to `to` (Lagos days,
     * inclusive), after the instalment `afterId` in id order, with the loan's number and
     * borrower: the due-soon reminder's pages (the status and due-date index serves it).
     */
    instalmentsDueBetween(from: string, to: string, afterId: string | null, limit: number) {
      return db
        .select({
          itemId: loanScheduleItems.id,
          dueDate: loanScheduleItems.dueDate,
          amount:
            sql<number>`${loanScheduleItems.totalAmount} - ${loanScheduleItems.paidAmount}`.mapWith(
              Number,
            ),
          loanNumber: loans.loanNumber,
          userId: loans.userId,
        })
        .from(loanScheduleItems)
        .innerJoin(loans, eq(loans.id, loanScheduleItems.loanId))
        .where(
          and(
            inArray(loanScheduleItems.status, ['pending', 'partial']),
            sql`${loanScheduleItems.dueDate} between ${from} and ${to}`,
            eq(loans.status, 'disbursed'),
            afterId === null ? undefined : sql`${loanScheduleItems.id} > ${afterId}`,
          ),
        )
        .orderBy(asc(loanScheduleItems.id))
        .limit(limit);
    },

    /**
     * Marks up to `limit` unpaid instalments due before `today` overdue, on disbursed or
     * defaulted loans; returns them with their loan's number and borrower.
     */
    async markOverdue(today: string, limit: number) {
      const due = db
        .select({ id: loanScheduleItems.id })
        .from(loanScheduleItems)
        .innerJoin(loans, eq(loans.id, loanScheduleItems.loanId))
        .where(
          and(
            inArray(loanScheduleItems.status, ['pending', 'partial']),
            sql`${loanScheduleItems.dueDate} < ${today}`,
            inArray(loans.status, ['disbursed', 'defaulted']),
          ),
        )
        .orderBy(asc(loanScheduleItems.dueDate), asc(loanScheduleItems.id))
        .limit(limit)
        .for('update', { of: loanScheduleItems, skipLocked: true });
      const marked = await db
        .update(loanScheduleItems)
        .set({ status: 'overdue' })
        .where(inArray(loanScheduleItems.id, due))
        .returning();
      if (marked.length === 0) return [];
      const loanRows = await db
        .select({ id: loans.id, loanNumber: loans.loanNumber, userId: loans.userId })
        .from(loans)
        .where(inArray(loans.id, [...new Set(marked.map((item) => item.loanId))]));
      const byId = new Map(loanRows.map((row) => [row.id, row]));
      return marked.map((item) => ({ item, loan: byId.get(item.loanId) }));
    },
  };
}

export type LoansRepository = ReturnType<typeof loansRepository>;

/**
 * The member's own loan records for the data export (modules/account): their loans, those loans'
 * schedules and repayments, and the guarantees they take part in. The one place these are read
 * per member; the back office reads a loan's through loanBackOfficeRepository.
 */
export function memberLoanRecordsRepository(db: Executor) {
  return {
    loans(userId: string) {
      return db
        .select({
          id: loans.id,
          loanNumber: loans.loanNumber,
          purpose: loans.purpose,
          requestedAmount: loans.requestedAmount,
          approvedAmount: loans.approvedAmount,
          repaymentTermMonths: loans.repaymentTermMonths,
          interestRateBps: loans.interestRateBps,
          interestAmount: loans.interestAmount,
          insuranceFee: loans.insuranceFee,
          formFee: loans.formFee,
          deductProcessingFee: loans.deductProcessingFee,
          disbursementAmount: loans.disbursementAmount,
          monthlyPayment: loans.monthlyPayment,
          totalRepayment: loans.totalRepayment,
          outstandingBalance: loans.outstandingBalance,
          status: loans.status,
          requestDate: loans.requestDate,
          decidedAt: loans.decidedAt,
          rejectionReason: loans.rejectionReason,
          disbursedAt: loans.disbursedAt,
          repaidAt: loans.repaidAt,
        })
        .from(loans)
        .where(eq(loans.userId, userId))
        .orderBy(asc(loans.requestDate), asc(loans.id));
    },

    /** The schedules of the member's own loans. */
    loanScheduleItems(userId: string) {
      return db
        .select({
          loanNumber: loans.loanNumber,
          month: loanScheduleItems.month,
          dueDate: loanScheduleItems.dueDate,
          principalAmount: loanScheduleItems.principalAmount,
          interestAmount: loanScheduleItems.interestAmount,
          totalAmount: loanScheduleItems.totalAmount,
          remainingBalance: loanScheduleItems.remainingBalance,
          paidAmount: loanScheduleItems.paidAmount,
          status: loanScheduleItems.status,
        })
        .from(loanScheduleItems)
        .innerJoin(loans, eq(loans.id, loanScheduleItems.loanId))
        .where(eq(loans.userId, userId))
        .orderBy(asc(loans.loanNumber), asc(loanScheduleItems.month));
    },

    /** Repayments on the member's own loans. */
    loanRepayments(userId: string) {
      return db
        .select({
          id: loanRepayments.id,
          loanNumber: loans.loanNumber,
          amount: loanRepayments.amount,
          paymentDate: loanRepayments.paymentDate,
          paymentMethod: loanRepayments.paymentMethod,
          bankName: loanRepayments.bankName,
          repaymentType: loanRepayments.repaymentType,
          isEarlyPayment: loanRepayments.isEarlyPayment,
          status: loanRepayments.status,
          newBalance: loanRepayments.newBalance,
        })
        .from(loanRepayments)
        .innerJoin(loans, eq(loans.id, loanRepayments.loanId))
        .where(eq(loans.userId, userId))
        .orderBy(asc(loanRepayments.paymentDate), asc(loanRepayments.id));
    },

    /**
     * Guarantees in which the member takes part: those they gave (their own decision and frozen
     * savings) and those on their own loans (amount and status only). Who the other party is
     * belongs to that member, so no name, e-mail or id of theirs is read.
     */
    guarantees(userId: string) {
      return db
        .select({
          id: loanGuarantors.id,
          role: sql<
            'guarantor' | 'borrower'
          >`case when ${loanGuarantors.guarantorUserId} = ${userId} then 'guarantor' else 'borrower' end`,
          loanNumber: sql<
            string | null
          >`case when ${loans.userId} = ${userId} then ${loans.loanNumber} else null end`,
          guaranteeAmount: loanGuarantors.guaranteeAmount,
          frozenAmount: loanGuarantors.frozenAmount,
          status: loanGuarantors.status,
          invitationDate: loanGuarantors.invitationDate,
          responseDate: loanGuarantors.responseDate,
          rejectionReason: sql<
            string | null
          >`case when ${loanGuarantors.guarantorUserId} = ${userId} then ${loanGuarantors.rejectionReason} else null end`,
        })
        .from(loanGuarantors)
        .innerJoin(loans, eq(loans.id, loanGuarantors.loanId))
        .where(or(eq(loanGuarantors.guarantorUserId, userId), eq(loans.userId, userId)))
        .orderBy(asc(loanGuarantors.invitationDate), asc(loanGuarantors.id));
    },
  };
}
