/**
 * Loans in the back office (docs/decisions/062-loan-back-office.md): the
 * pipeline, one loan's full history, and the administrator's actions. Money moves only through
 * the servicing use cases (disburseLoan, recordRepayment, markLoanDefaulted); this module adds
 * maker-checker on disbursements above the policy threshold: the first administrator's
 * disbursement becomes a pending request, and a SECOND administrator approves it (which then
 * disburses) or rejects it with a reason. The maker can never approve their own, and neither
 * maker nor checker is the borrower, a guarantor or a certifier of the loan.
 */
import { ADMIN_LOAN_MESSAGES } from '@coop/shared/loan-rules';
import type {
  AdminLoanDetail,
  AdminLoanListItem,
  AdminLoanListQuery,
  AdminRepaymentInput,
  DisburseLoanInput,
  MarkDefaultedInput,
  RejectDisbursementInput,
} from '@coop/shared/loans';
import { toIsoDateInTimeZone } from '@coop/shared/dates';
import { hasPermission } from '@coop/shared/officers';
import type { IdParams } from '@coop/shared/http';
import { koboToNaira, nairaToKobo } from '@coop/shared/money';
import type { Executor } from '../../db/client.js';
import type { Deps } from '../../deps.js';
import { requireTwoFactor, type MemberActor } from '../../lib/actor.js';
import { auditEntriesAbout, writeAudit } from '../../lib/audit-log.js';
import { DomainError, notFound } from '../../lib/domain-error.js';
import type { ListPage } from '../../lib/list-query.js';
import { sendMessages, settleNotificationsForAll } from '../notifications/notifications.service.js';
import { currentPolicy } from '../policy/policy.service.js';
import { transactionsAbout } from '../ledger/ledger.service.js';
import { loanBackOfficeRepository } from './loan-back-office.repository.js';
import { disburseLoan, markLoanDefaulted, recordRepayment } from './loan-servicing.service.js';
import { loanById } from './loans.service.js';
import { loansRepository, type LoanRow } from './loans.repository.js';

const naira = koboToNaira;
const fullName = (first: string | null, last: string | null) =>
  `${first ?? ''} ${last ?? ''}`.trim();

function parseJson(text: string | null): unknown {
  if (text === null) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** GET /admin/loans: the pipeline. */
export async function listAdminLoans(
  deps: Deps,
  _actor: MemberActor,
  query: AdminLoanListQuery,
): Promise<ListPage<AdminLoanListItem>> {
  const page = await loanBackOfficeRepository(deps.db).loanPage(query);
  return {
    items: page.items.map((row) => ({
      id: row.id,
      loanId: row.loanNumber,
      member: {
        id: row.memberId,
        firstName: row.firstName,
        lastName: row.lastName,
        membershipId: row.membershipId,
      },
      purpose: row.purpose,
      requestedAmount: naira(row.requestedAmount),
      disbursementAmount: naira(row.disbursementAmount),
      repaymentTermMonths: row.repaymentTermMonths,
      outstandingBalance: naira(row.outstandingBalance),
      status: row.status,
      requestDate: row.requestDate.toISOString(),
      disbursedAt: row.disbursedAt?.toISOString() ?? null,
      awaitingSecondApproval: Boolean(row.awaitingSecondApproval),
      overdueInstalments: Number(row.overdueInstalments),
    })),
    pagination: page.pagination,
  };
}

/** GET /admin/loans/{id}: the loan and everything that happened to it. */
export async function getAdminLoan(
  deps: Deps,
  _actor: MemberActor,
  { id }: IdParams,
): Promise<AdminLoanDetail> {
  const row = await loansRepository(deps.db).loan(id);
  if (!row) throw notFound('Loan');
  return loanDetail(deps, row);
}

async function loanDetail(deps: Deps, row: LoanRow): Promise<AdminLoanDetail> {
  const repo = loanBackOfficeRepository(deps.db);
  const loan = await loanById(deps.db, row.id);
  const member = await repo.borrower(row.userId);
  if (!member) throw notFound('Loan');
  const policy = await currentPolicy(deps.db);
  const [requests, slots, certifications, repayments] = [
    await repo.requestsOf(row.id),
    await repo.guarantorsOf(row.id),
    await repo.certificationsOf(row.id),
    await repo.repaymentsOf(row.id),
  ];
  // The disbursement names the loan; each repayment names its repayment row.
  const ledger = await transactionsAbout(
    deps.db,
    [
      { referenceType: 'loan', referenceIds: [row.id] },
      { referenceType: 'loan_repayment', referenceIds: repayments.map((r) => r.repayment.id) },
    ],
    'member_loans',
  );
  const audit = await auditEntriesAbout(deps.db, [
    { entityType: 'loan', entityIds: [row.id] },
    { entityType: 'loan_guarantor', entityIds: slots.map(({ slot }) => slot.id) },
  ]);
  const threshold = policy.disbursement.secondApprovalAboveKobo;
  return {
    loan,
    member,
    disbursementAmount: naira(row.disbursementAmount),
    fees: naira(row.insuranceFee + row.formFee),
    disbursement: row.disbursedAt
      ? {
          disbursedAt: row.disbursedAt.toISOString(),
          disbursedBy: await repo.personName(row.disbursedBy),
          method: row.disbursementMethod,
        }
      : null,
    secondApprovalAbove: naira(threshold),
    needsSecondApproval: row.disbursementAmount > threshold,
    disbursementRequests: requests.map(({ request, ...names }) => ({
      id: request.id,
      amount: naira(request.amount),
      disbursementDate: request.disbursementDate,
      method: request.method,
      status: request.status,
      requestedBy: {
        id: request.requestedBy,
        name: fullName(names.requesterFirstName, names.requesterLastName),
      },
      requestedAt: request.requestedAt.toISOString(),
      decidedBy: request.decidedBy
        ? { id: request.decidedBy, name: fullName(names.deciderFirstName, names.deciderLastName) }
        : null,
      decidedAt: request.decidedAt?.toISOString() ?? null,
      rejectionReason: request.rejectionReason,
    })),
    guarantors: slots.map(({ slot, member: person }) => ({
      id: slot.id,
      member: person,
      guaranteeAmount: naira(slot.guaranteeAmount),
      frozenAmount: naira(slot.frozenAmount),
      status: slot.status,
      responseDate: slot.responseDate?.toISOString() ?? null,
      rejectionReason: slot.rejectionReason,
      replaced: slot.replacedById !== null,
    })),
    certifications: certifications.map(({ certification, firstName, lastName }) => ({
      id: certification.id,
      reviewer: { id: certification.reviewerId, name: fullName(firstName, lastName) },
      decision: certification.decision,
      note: certification.note,
      certifiedAt: certification.certifiedAt.toISOString(),
    })),
    repayments: repayments.map(({ repayment, recorderId, ...names }) => ({
      id: repayment.id,
      amount: naira(repayment.amount),
      paymentDate: repayment.paymentDate,
      paymentMethod: repayment.paymentMethod,
      reference: repayment.reference,
      repaymentType: repayment.repaymentType,
      isEarlyPayment: repayment.isEarlyPayment,
      newBalance: naira(repayment.newBalance),
      recordedBy: recorderId
        ? { id: recorderId, name: fullName(names.recorderFirstName, names.recorderLastName) }
        : null,
      createdAt: repayment.createdAt.toISOString(),
    })),
    ledger: ledger.map((entry) => ({
      id: entry.id,
      kind: entry.kind,
      description: entry.description,
      effectiveDate: entry.effectiveDate,
      amount: naira(Number(entry.amount)),
      createdAt: entry.createdAt.toISOString(),
    })),
    audit: audit.map((entry) => ({
      id: entry.id,
      occurredAt: entry.occurredAt.toISOString(),
      actor:
        entry.actorId && entry.actorMembershipId
          ? {
              id: entry.actorId,
              name: fullName(entry.actorFirstName, entry.actorLastName),
              membershipId: entry.actorMembershipId,
            }
          : null,
      action: entry.action,
      entityType: entry.entityType,
      entityId: entry.entityId,
      before: parseJson(entry.before),
      after: parseJson(entry.after),
      ip: entry.ip,
    })),
  };
}

export type DisbursementOutcome = 'disbursed' | 'awaiting_approval';

function assertNotFuture(deps: Deps, date: string) {
  if (date > toIsoDateInTimeZone(deps.clock.now())) {
    throw new DomainError({
      code: 'VALIDATION_ERROR',
      message: 'Disbursement date cannot be in the future',
      details: [
        { field: 'disbursementDate', message: 'Disbursement date cannot be in the future' },
      ],
    });
  }
}

/**
 * POST /admin/loans/{id}/disburse. At or below the policy threshold the loan is disbursed at
 * once; above it the request waits for a second administrator. Locks the loan first, so two
 * administrators disbursing the same loan at once disburse it (or request it) once.
 */
export async function requestDisbursement(
  deps: Deps,
  actor: MemberActor,
  { id, ...input }: IdParams & DisburseLoanInput,
): Promise<{ outcome: DisbursementOutcome; loan: AdminLoanDetail }> {
  assertNotFuture(deps, input.disbursementDate);
  return deps.db.transaction(async (tx) => {
    const d = { ...deps, db: tx };
    const loan = await loansRepository(tx).lockLoan(id);
    if (!loan) throw notFound('Loan');
    await assertIndependentOfLoan(tx, loan, actor.user.id);
    const repo = loanBackOfficeRepository(tx);
    const pending = await repo.lockPendingRequest(loan.id);
    if (pending) {
      throw new DomainError({
        code: 'DISBURSEMENT_AWAITING_APPROVAL',
        message: `The disbursement of loan ${loan.loanNumber} is already waiting for a second administrator's approval`,
      });
    }
    const policy = await currentPolicy(tx);
    if (
      loan.status !== 'approved' ||
      loan.disbursementAmount <= policy.disbursement.secondApprovalAboveKobo
    ) {
      // disburseLoan refuses any status but approved with its own message.
      const disbursed = await disburseLoan(d, actor, {
        loanId: loan.id,
        disbursementDate: input.disbursementDate,
        method: input.method,
      });
      return { outcome: 'disbursed' as const, loan: await loanDetail(d, disbursed) };
    }
    const request = await repo.insertRequest({
      loanId: loan.id,
      amount: loan.disbursementAmount,
      disbursementDate: input.disbursementDate,
      method: input.method,
      requestedBy: actor.user.id,
      requestedAt: deps.clock.now(),
    });
    await writeAudit(tx, actor, {
      action: 'loan.disbursement_requested',
      entityType: 'loan',
      entityId: loan.id,
      after: {
        requestId: request.id,
        amount: loan.disbursementAmount,
        disbursementDate: input.disbursementDate,
        method: input.method,
        secondApprovalAbove: policy.disbursement.secondApprovalAboveKobo,
      },
    });
    // Each officer who may approve it is told: the overview counts it too (getOverview).
    const checkers = await repo.eligibleCheckers(loan.id, actor.user.id);
    const borrowerName = await repo.fullName(loan.userId);
    await sendMessages(
      tx,
      deps,
      actor,
      checkers.map((userId) => ({
        userId,
        template: 'disbursementToApprove' as const,
        facts: {
          requestId: request.id,
          loanId: loan.id,
          loanNumber: loan.loanNumber,
          borrowerName,
          makerName: `${actor.user.firstName} ${actor.user.lastName}`,
          amount: loan.disbursementAmount,
        },
      })),
    );
    return { outcome: 'awaiting_approval' as const, loan: await loanDetail(d, loan) };
  });
}

/**
 * How many disbursements wait for `checker`'s approval: none unless they hold the checker's
 * permission; else the pending requests someone else asked for, of loans they are independent of.
 */
export async function disbursementsAwaitingApprovalBy(
  db: Executor,
  checker: MemberActor,
): Promise<number> {
  if (!hasPermission(checker.user.roles, 'loans.approve_disbursement')) return 0;
  return loanBackOfficeRepository(db).countDisbursementsAwaiting(checker.user.id);
}

/**
 * Maker-checker binds people (docs/officers.md "Separation of duties"): whoever disburses a loan,
 * or approves its disbursement, is not its borrower, one of its guarantors or one of the reviewers
 * who certified it, whatever roles or flags they hold. Guarantor slots are locked after the loan,
 * in the order certification takes them.
 */
async function assertIndependentOfLoan(tx: Executor, loan: LoanRow, officerId: string) {
  const loans = loansRepository(tx);
  const slots = await loans.lockGuarantors(loan.id);
  const certifications = await loans.certificationsOf([loan.id]);
  if (
    loan.userId === officerId ||
    slots.some((slot) => slot.guarantorUserId === officerId) ||
    certifications.some((certification) => certification.reviewerId === officerId)
  ) {
    throw new DomainError({
      code: 'DISBURSEMENT_NOT_INDEPENDENT',
      message: ADMIN_LOAN_MESSAGES.notIndependent,
    });
  }
}

async function lockRequestForDecision(deps: Deps, id: string) {
  const loan = await loansRepository(deps.db).lockLoan(id);
  if (!loan) throw notFound('Loan');
  const request = await loanBackOfficeRepository(deps.db).lockPendingRequest(loan.id);
  if (!request) {
    throw new DomainError({
      code: 'DISBURSEMENT_NOT_PENDING',
      message: `Loan ${loan.loanNumber} has no disbursement waiting for approval`,
    });
  }
  return { loan, request };
}

/**
 * POST /admin/loans/{id}/disbursement/approve: the checker (never the maker) approves the pending
 * request, which disburses the loan with the maker's date and method. Two checkers at once: the
 * second finds no pending request (409).
 */
export async function approveDisbursement(
  deps: Deps,
  actor: MemberActor,
  { id }: IdParams,
): Promise<AdminLoanDetail> {
  requireTwoFactor(actor);
  return deps.db.transaction(async (tx) => {
    const d = { ...deps, db: tx };
    const { loan, request } = await lockRequestForDecision(d, id);
    if (request.requestedBy === actor.user.id) {
      throw new DomainError({
        code: 'DISBURSEMENT_SELF_APPROVAL',
        message: ADMIN_LOAN_MESSAGES.selfApproval,
      });
    }
    await assertIndependentOfLoan(tx, loan, actor.user.id);
    await loanBackOfficeRepository(tx).updateRequest(request.id, {
      status: 'approved',
      decidedBy: actor.user.id,
      decidedAt: deps.clock.now(),
    });
    await settleNotificationsForAll(tx, deps, { type: 'disbursement_request', id: request.id });
    const disbursed = await disburseLoan(d, actor, {
      loanId: loan.id,
      disbursementDate: request.disbursementDate,
      method: request.method,
    });
    return loanDetail(d, disbursed);
  });
}

/**
 * POST /admin/loans/{id}/disbursement/reject: an administrator rejects the pending request with
 * a reason; the loan stays approved, so a corrected disbursement can be made. The maker may
 * withdraw their own request this way too: rejecting moves no money.
 */
export async function rejectDisbursement(
  deps: Deps,
  actor: MemberActor,
  { id, reason }: IdParams & RejectDisbursementInput,
): Promise<AdminLoanDetail> {
  return deps.db.transaction(async (tx) => {
    const d = { ...deps, db: tx };
    const { loan, request } = await lockRequestForDecision(d, id);
    await loanBackOfficeRepository(tx).updateRequest(request.id, {
      status: 'rejected',
      decidedBy: actor.user.id,
      decidedAt: deps.clock.now(),
      rejectionReason: reason,
    });
    await settleNotificationsForAll(tx, deps, { type: 'disbursement_request', id: request.id });
    await writeAudit(tx, actor, {
      action: 'loan.disbursement_rejected',
      entityType: 'loan',
      entityId: loan.id,
      before: { requestId: request.id, status: 'pending' },
      after: { requestId: request.id, status: 'rejected', reason },
    });
    return loanDetail(d, loan);
  });
}

/** POST /admin/loans/{id}/repayments: a manual repayment through the servicing use case. */
export async function recordManualRepayment(
  deps: Deps,
  actor: MemberActor,
  { id, ...input }: IdParams & AdminRepaymentInput,
): Promise<AdminLoanDetail> {
  return deps.db.transaction(async (tx) => {
    const d = { ...deps, db: tx };
    const { loan } = await recordRepayment(d, actor, {
      loanId: id,
      amountKobo: nairaToKobo(input.amount),
      paymentDate: input.paymentDate,
      paymentMethod: input.method,
      reference: input.reference,
    });
    return loanDetail(d, loan);
  });
}

/** POST /admin/loans/{id}/default */
export async function markAdminLoanDefaulted(
  deps: Deps,
  actor: MemberActor,
  { id, reason }: IdParams & MarkDefaultedInput,
): Promise<AdminLoanDetail> {
  return deps.db.transaction(async (tx) => {
    const d = { ...deps, db: tx };
    const loan = await markLoanDefaulted(d, actor, { loanId: id, reason });
    return loanDetail(d, loan);
  });
}

export interface RunningLoan {
  id: string;
  loanNumber: string;
  outstandingBalance: number;
}

/**
 * For the payroll's repayment column: each member's running (disbursed or defaulted) loan, the
 * oldest first when there are several, and who already had a payroll repayment in `month`.
 */
export async function payrollRepaymentTargets(
  db: Executor,
  userIds: readonly string[],
  month: string,
): Promise<{ loans: Map<string, RunningLoan>; repaidInMonth: Set<string> }> {
  const repo = loanBackOfficeRepository(db);
  const running = new Map<string, RunningLoan>();
  for (const row of await repo.runningLoansOf(userIds)) {
    if (!running.has(row.userId)) {
      running.set(row.userId, {
        id: row.id,
        loanNumber: row.loanNumber,
        outstandingBalance: row.outstandingBalance,
      });
    }
  }
  return { loans: running, repaidInMonth: await repo.payrollRepaidIn(userIds, month) };
}
