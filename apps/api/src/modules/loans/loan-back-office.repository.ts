/**
 * Queries of the back office's loans pages and the maker-checker requests
 * (docs/decisions/062-loan-back-office.md).
 */
import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { hasPermission, OFFICER_ROLES } from '@coop/shared/officers';
import { alias } from 'drizzle-orm/pg-core';
import type { AdminLoanListQuery } from '@coop/shared/loans';
import {
  loanCertifications,
  loanDisbursementRequests,
  loanGuarantors,
  loanRepayments,
  loans,
  users,
} from '../../db/schema/index.js';
import type { Executor } from '../../db/client.js';
import { listFilters, listPage, listValues } from '../../lib/list-query.js';

export type DisbursementRequestRow = typeof loanDisbursementRequests.$inferSelect;

const requester = alias(users, 'requester');
const decider = alias(users, 'decider');
const recorder = alias(users, 'recorder');

// Raw names: drizzle leaves a subquery's columns unqualified, which would bind to the outer row.
const pendingRequest = () =>
  sql`exists (select 1 from loan_disbursement_requests r where r.loan_id = loans.id and r.status = 'pending')`;
const overdueItem = () =>
  sql`exists (select 1 from loan_schedule_items s where s.loan_id = loans.id and s.status = 'overdue')`;

function statusWhere(status: AdminLoanListQuery['status']) {
  if (status === undefined) return undefined;
  if (status === 'awaiting_second_approval') {
    return and(eq(loans.status, 'approved'), pendingRequest());
  }
  return eq(loans.status, status);
}

/** The officer roles that may approve another officer's disbursement (the checkers). */
const CHECKER_ROLES = OFFICER_ROLES.filter((role) =>
  hasPermission([role], 'loans.approve_disbursement'),
);

/**
 * Whether `officer` (a column or a value) is independent of the loan `loanId` (a column or a
 * value): not its borrower, a live guarantor or a reviewer who certified it
 * (loan-back-office.service.ts assertIndependentOfLoan says the same in code).
 */
const independentOf = (officer: SQL, loanId: SQL) => sql`not exists (
    select 1 from loans l where l.id = ${loanId} and l.user_id = ${officer})
  and not exists (select 1 from loan_guarantors g
    where g.loan_id = ${loanId} and g.guarantor_user_id = ${officer} and g.replaced_by_id is null)
  and not exists (select 1 from loan_certifications c
    where c.loan_id = ${loanId} and c.reviewer_id = ${officer})`;

export function loanBackOfficeRepository(db: Executor) {
  return {
    /**
     * The officers who may approve a disbursement `makerId` asked for: active, holding a checker
     * role, not the maker and independent of the loan.
     */
    async eligibleCheckers(loanId: string, makerId: string): Promise<string[]> {
      const rows = await db
        .select({ id: users.id })
        .from(users)
        .where(
          and(
            eq(users.isActive, true),
            sql`${users.roles} && ${sql.raw(`array[${CHECKER_ROLES.map((r) => `'${r}'`).join(',')}]::text[]`)}`,
            sql`users.id <> ${makerId}`,
            independentOf(sql.raw('users.id'), sql`${loanId}::uuid`),
          ),
        )
        .orderBy(asc(users.membershipId));
      return rows.map((row) => row.id);
    },

    async fullName(userId: string): Promise<string> {
      const [row] = await db
        .select({ firstName: users.firstName, lastName: users.lastName })
        .from(users)
        .where(eq(users.id, userId));
      return row ? `${row.firstName} ${row.lastName}` : '';
    },

    /** Pending disbursements `checkerId` may approve: asked by someone else, of a loan they are independent of. */
    countDisbursementsAwaiting(checkerId: string): Promise<number> {
      return db.$count(
        loanDisbursementRequests,
        and(
          eq(loanDisbursementRequests.status, 'pending'),
          sql`${loanDisbursementRequests.requestedBy} <> ${checkerId}`,
          independentOf(sql`${checkerId}::uuid`, sql.raw('loan_disbursement_requests.loan_id')),
        ),
      );
    },

    /** The pipeline: one page of loans with their borrower, filtered. */
    loanPage(query: AdminLoanListQuery) {
      const where = and(
        statusWhere(query.status),
        query.overdue === true ? overdueItem() : undefined,
        listFilters.dayBetween(loans.requestDate, query.startDate, query.endDate),
        listFilters.search(listValues.contains(query.search), [
          loans.loanNumber,
          loans.purpose,
          users.firstName,
          users.lastName,
          sql`${users.firstName} || ' ' || ${users.lastName}`,
          users.membershipId,
        ]),
      );
      return listPage(query, {
        sortColumns: { requestDate: loans.requestDate, requestedAmount: loans.requestedAmount },
        tiebreakers: [loans.id],
        fetch: (page) =>
          db
            .select({
              row: {
                id: loans.id,
                loanNumber: loans.loanNumber,
                purpose: loans.purpose,
                requestedAmount: loans.requestedAmount,
                disbursementAmount: loans.disbursementAmount,
                repaymentTermMonths: loans.repaymentTermMonths,
                outstandingBalance: loans.outstandingBalance,
                status: loans.status,
                requestDate: loans.requestDate,
                disbursedAt: loans.disbursedAt,
                memberId: users.id,
                firstName: users.firstName,
                lastName: users.lastName,
                membershipId: users.membershipId,
                awaitingSecondApproval: sql<boolean>`${pendingRequest()}`,
                overdueInstalments: sql<number>`(select count(*)::int from loan_schedule_items s where s.loan_id = loans.id and s.status = 'overdue')`,
              },
              totalItems: page.totalItems,
            })
            .from(loans)
            .innerJoin(users, eq(users.id, loans.userId))
            .where(where)
            .orderBy(...page.orderBy)
            .limit(page.limit)
            .offset(page.offset),
      });
    },

    async borrower(userId: string) {
      const [row] = await db
        .select({
          id: users.id,
          firstName: users.firstName,
          lastName: users.lastName,
          membershipId: users.membershipId,
          email: users.email,
        })
        .from(users)
        .where(eq(users.id, userId));
      return row;
    },

    async personName(userId: string | null) {
      if (!userId) return null;
      const [row] = await db
        .select({ id: users.id, firstName: users.firstName, lastName: users.lastName })
        .from(users)
        .where(eq(users.id, userId));
      return row ? { id: row.id, name: `${row.firstName} ${row.lastName}` } : null;
    },

    /** The loan's pending disbursement request, locked (after the loan: one lock order). */
    async lockPendingRequest(loanId: string): Promise<DisbursementRequestRow | undefined> {
      const [row] = await db
        .select()
        .from(loanDisbursementRequests)
        .where(
          and(
            eq(loanDisbursementRequests.loanId, loanId),
            eq(loanDisbursementRequests.status, 'pending'),
          ),
        )
        .for('update');
      return row;
    },

    async insertRequest(
      values: typeof loanDisbursementRequests.$inferInsert,
    ): Promise<DisbursementRequestRow> {
      const [row] = await db.insert(loanDisbursementRequests).values(values).returning();
      if (!row) throw new Error('disbursement request insert returned nothing');
      return row;
    },

    async updateRequest(
      id: string,
      values: Partial<typeof loanDisbursementRequests.$inferInsert>,
    ): Promise<void> {
      await db
        .update(loanDisbursementRequests)
        .set(values)
        .where(eq(loanDisbursementRequests.id, id));
    },

    requestsOf(loanId: string) {
      return db
        .select({
          request: loanDisbursementRequests,
          requesterFirstName: requester.firstName,
          requesterLastName: requester.lastName,
          deciderFirstName: decider.firstName,
          deciderLastName: decider.lastName,
        })
        .from(loanDisbursementRequests)
        .innerJoin(requester, eq(requester.id, loanDisbursementRequests.requestedBy))
        .leftJoin(decider, eq(decider.id, loanDisbursementRequests.decidedBy))
        .where(eq(loanDisbursementRequests.loanId, loanId))
        .orderBy(desc(loanDisbursementRequests.requestedAt));
    },

    /** Every guarantor slot, replaced ones too, so the history shows each answer. */
    guarantorsOf(loanId: string) {
      return db
        .select({
          slot: loanGuarantors,
          member: {
            id: users.id,
            firstName: users.firstName,
            lastName: users.lastName,
            membershipId: users.membershipId,
          },
        })
        .from(loanGuarantors)
        .innerJoin(users, eq(users.id, loanGuarantors.guarantorUserId))
        .where(eq(loanGuarantors.loanId, loanId))
        .orderBy(asc(loanGuarantors.invitationDate), asc(loanGuarantors.id));
    },

    certificationsOf(loanId: string) {
      return db
        .select({
          certification: loanCertifications,
          firstName: users.firstName,
          lastName: users.lastName,
        })
        .from(loanCertifications)
        .innerJoin(users, eq(users.id, loanCertifications.reviewerId))
        .where(eq(loanCertifications.loanId, loanId))
        .orderBy(asc(loanCertifications.certifiedAt));
    },

    repaymentsOf(loanId: string) {
      return db
        .select({
          repayment: loanRepayments,
          recorderId: recorder.id,
          recorderFirstName: recorder.firstName,
          recorderLastName: recorder.lastName,
        })
        .from(loanRepayments)
        .leftJoin(recorder, eq(recorder.id, loanRepayments.recordedBy))
        .where(eq(loanRepayments.loanId, loanId))
        .orderBy(desc(loanRepayments.paymentDate), desc(loanRepayments.createdAt));
    },

    /** The borrower's running disbursed (or defaulted) loan, oldest first, for payroll. */
    async runningLoansOf(userIds: readonly string[]) {
      if (userIds.length === 0) return [];
      return db
        .select({
          id: loans.id,
          userId: loans.userId,
          loanNumber: loans.loanNumber,
          outstandingBalance: loans.outstandingBalance,
          disbursedAt: loans.disbursedAt,
        })
        .from(loans)
        .where(
          and(
            inArray(loans.userId, [...userIds]),
            inArray(loans.status, ['disbursed', 'defaulted']),
          ),
        )
        .orderBy(asc(loans.disbursedAt), asc(loans.id));
    },

    /** The members among `userIds` with a payroll repayment dated in `month` ('yyyy-MM'). */
    async payrollRepaidIn(userIds: readonly string[], month: string) {
      if (userIds.length === 0) return new Set<string>();
      const rows = await db
        .selectDistinct({ userId: loans.userId })
        .from(loanRepayments)
        .innerJoin(loans, eq(loans.id, loanRepayments.loanId))
        .where(
          and(
            inArray(loans.userId, [...userIds]),
            eq(loanRepayments.paymentMethod, 'payroll'),
            sql`to_char(${loanRepayments.paymentDate}, 'YYYY-MM') = ${month}`,
          ),
        );
      return new Set(rows.map((row) => row.userId));
    },
  };
}
