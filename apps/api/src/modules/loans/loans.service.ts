/**
 * Loans (docs/member-portal.md §2 Loans page, §3, §4, §5, §7; docs/business-rules.md "Loan
 * eligibility", "Loan pricing", "Guarantors", "Certification and after approval"): eligibility, the
 * calculator, the request with its guarantor requests, the member's loans, the reviewers'
 * certification, and what the dashboard shows of loans. Guarantor answers live in
 * guarantees.service.ts; disbursement, repayments, default and the overdue job in
 * loan-servicing.service.ts.
 *
 * Every state-changing function is a use case of docs/decisions/003-api-layering.md. Lock order,
 * everywhere in this module: the loan row, then its guarantor rows (id order), then member
 * balance rows (user-id order, as the ledger takes them).
 */
import { randomBytes } from 'node:crypto';
import { DEFAULT_PAGE_SIZE, DEFAULT_SORTS } from '@coop/shared/constants';
import { formatDisplayDate, toIsoDateInTimeZone } from '@coop/shared/dates';
import type { IdParams } from '@coop/shared/http';
import {
  calculateLoan,
  LoanAmountBelowFeesError,
  loanEligibility,
  splitGuarantee,
  toCalculationResponse,
  toEligibility,
  type LoanEligibilityResult,
} from '@coop/shared/loan-math';
import {
  LOAN_TRANSITIONS,
  maxEligibleAmountMessage,
  OPEN_LOAN_STATUSES,
  type CertificationInput,
  type CertificationResult,
  type Eligibility,
  type Loan,
  type LoanCalculation,
  type LoanCalculationRequest,
  type LoanGuarantor,
  type LoanListQuery,
  type LoanRequest,
  type UnderReviewLoan,
  type UnderReviewLoanListQuery,
} from '@coop/shared/loans';
import { LOAN_LINKS } from '@coop/shared/loan-rules';
import type { CurrentLoan, NextUp } from '@coop/shared/dashboard';
import { formatKobo, koboToNaira, nairaToKobo } from '@coop/shared/money';
import type { Deps } from '../../deps.js';
import type { Executor, Tx } from '../../db/client.js';
import type { MemberActor } from '../../lib/actor.js';
import type { ActivitySource, PendingActionSource } from '../../lib/dashboard-seam.js';
import { writeAudit } from '../../lib/audit-log.js';
import { DomainError, notFound } from '../../lib/domain-error.js';
import { listBody, type ListPage } from '../../lib/list-query.js';
import { keptFirstPage, type FirstPage } from '../../lib/member-read-cache.js';
import { assertTransition } from '../../lib/transitions.js';
import { lockMemberBalances, readMemberBalance, releaseHold } from '../ledger/ledger.service.js';
import { sendMessages, type OutgoingMessage } from '../notifications/notifications.service.js';
import { confirmedSavingsOf } from '../contributions/contributions.service.js';
import { currentPolicy } from '../policy/policy.service.js';
import { personName } from './loan-shape.js';
import { currentLoanJson } from './loan-json.js';
import { loanBackOfficeRepository } from './loan-back-office.repository.js';
import {
  loanActivitySql,
  loanNextUpSql,
  loanPendingSql,
  loansRepository,
  type GuarantorRow,
  type LoanRow,
  type LoansRepository,
  memberLoanRecordsRepository,
} from './loans.repository.js';

/** A guarantor's single-use acceptance token (docs/member-portal.md §3 `acceptanceToken`). */
export function newAcceptanceToken(): string {
  return randomBytes(24).toString('base64url');
}

async function eligibilityOf(
  deps: Deps,
  db: Executor,
  userId: string,
): Promise<LoanEligibilityResult> {
  const repo = loansRepository(db);
  const [person, statuses, confirmedSavings, balance, policy] = [
    await repo.person(userId),
    await repo.loanStatuses(userId),
    await confirmedSavingsOf(db, userId),
    await readMemberBalance(db, userId),
    await currentPolicy(db),
  ];
  if (!person) throw notFound('Member');
  // Confirmed contributions count, but never more than the savings still held (withdrawals).
  const savingsHeld = balance?.savings ?? 0;
  return loanEligibility({
    isActive: person.isActive,
    joinedOn: person.joinedOn,
    today: toIsoDateInTimeZone(deps.clock.now()),
    hasOpenLoan: statuses.some((status) =>
      (OPEN_LOAN_STATUSES as readonly string[]).includes(status),
    ),
    hasDefaultedLoan: statuses.includes('defaulted'),
    confirmedSavingsKobo: Math.min(confirmedSavings, savingsHeld),
    policy: policy.loan,
  });
}

/** GET /users/loans/eligibility */
export async function getLoanEligibility(deps: Deps, actor: MemberActor): Promise<Eligibility> {
  return toEligibility(await eligibilityOf(deps, deps.db, actor.user.id));
}

function belowFees(error: LoanAmountBelowFeesError): DomainError {
  return new DomainError({
    code: 'LOAN_AMOUNT_BELOW_FEES',
    message: error.message,
    details: [{ field: 'requestedAmount', message: error.message }],
  });
}

/** POST /users/loans/calculate: the quote of docs/member-portal.md §3, dated from today. */
export async function calculateLoanQuote(
  deps: Deps,
  _actor: MemberActor,
  input: LoanCalculationRequest,
): Promise<LoanCalculation> {
  const policy = await currentPolicy(deps.db);
  try {
    return toCalculationResponse(
      calculateLoan({
        requestedAmountKobo: nairaToKobo(input.requestedAmount),
        repaymentTermMonths: input.repaymentTermMonths,
        deductProcessingFee: input.deductProcessingFee,
        startDate: toIsoDateInTimeZone(deps.clock.now()),
        policy: policy.loan,
      }),
    );
  } catch (error) {
    if (error instanceof LoanAmountBelowFeesError) throw belowFees(error);
    throw error;
  }
}

/** Whether the member has a loan not yet over, and guarantees one (the withdrawals' share rule). */
export function loanTiesOf(
  db: Executor,
  userId: string,
): Promise<{ runningLoan: boolean; activeGuarantee: boolean }> {
  return loansRepository(db).loanTies(userId);
}

/**
 * A member's own loan records for their data export (modules/account): loans, schedules,
 * repayments and the guarantees they take part in, read where the loan tables live.
 */
export async function memberLoanRecords(db: Executor, userId: string) {
  const repo = memberLoanRecordsRepository(db);
  const [loans, loanSchedules, loanRepayments, guarantees] = await Promise.all([
    repo.loans(userId),
    repo.loanScheduleItems(userId),
    repo.loanRepayments(userId),
    repo.guarantees(userId),
  ]);
  return { loans, loanSchedules, loanRepayments, guarantees };
}

/** One loan in the docs/member-portal.md §3 shape (any loan: callers check who may see it). */
export async function loanById(db: Executor, id: string): Promise<Loan> {
  const found = await loansRepository(db).loanShape(id);
  if (!found) throw notFound('Loan');
  return found.loan;
}

/** What My Loans asks for when it opens: page 1 of 10, newest request first, no filter. */
export const LOANS_FIRST_PAGE = {
  page: 1,
  limit: DEFAULT_PAGE_SIZE,
  ...DEFAULT_SORTS.loans,
} as const satisfies FirstPage;

/**
 * GET /users/loans: the member's page of loans as the JSON text of the list's envelope, written by
 * PostgreSQL (decision 170); the route sends it as it is. The default first page is kept at write
 * time (decision 185: every table a loan is written from is tracked, and no clock is read), and
 * answered with the session check in one small statement while nothing it shows has changed.
 */
export function listLoans(deps: Deps, actor: MemberActor, query: LoanListQuery): Promise<string> {
  const userId = actor.user.id;
  const day = toIsoDateInTimeZone(deps.clock.now());
  return keptFirstPage(
    deps.db,
    { view: 'loans', userId, day },
    query,
    LOANS_FIRST_PAGE,
    async (kept) => {
      const page = await loansRepository(deps.db).loanPage(userId, query, kept);
      return { body: listBody(page), version: page.also.version };
    },
  );
}

/** GET /users/loans/{id}/guarantors: the borrower's own loan only (404 otherwise). */
export async function getLoanGuarantors(
  deps: Deps,
  actor: MemberActor,
  { id }: IdParams,
): Promise<LoanGuarantor[]> {
  const found = await loansRepository(deps.db).loanGuarantors(id);
  if (!found || found.userId !== actor.user.id) throw notFound('Loan');
  return found.guarantors;
}

/**
 * Checks that each member may guarantee a loan of `borrowerId` (docs/business-rules.md): an active
 * member, not the borrower, below the policy's limit of running guarantees. Callers hold the
 * members' balance rows locked, so two requests naming the same member cannot both pass the limit.
 */
export async function assertGuarantorsAvailable(
  repo: LoansRepository,
  borrowerId: string,
  guarantorIds: readonly string[],
  maxRunningGuarantees: number,
): Promise<void> {
  if (guarantorIds.includes(borrowerId)) {
    throw new DomainError({
      code: 'GUARANTOR_NOT_AVAILABLE',
      message: 'You cannot be your own guarantor',
      details: [{ field: 'guarantorUserIds', message: 'You cannot be your own guarantor' }],
    });
  }
  const people = await repo.people(guarantorIds);
  const byId = new Map(people.map((person) => [person.id, person]));
  for (const id of guarantorIds) {
    const person = byId.get(id);
    if (!person || !person.isActive || person.roles.length > 0) {
      throw new DomainError({
        code: 'GUARANTOR_NOT_AVAILABLE',
        message: 'A selected guarantor is not an active member',
        details: [
          { field: 'guarantorUserIds', message: 'A selected guarantor is not an active member' },
        ],
      });
    }
  }
  const running = await repo.runningGuarantees(guarantorIds);
  for (const id of guarantorIds) {
    if ((running.get(id) ?? 0) >= maxRunningGuarantees) {
      const person = byId.get(id);
      const message = `${person ? personName(person) : 'A selected guarantor'} already guarantees ${maxRunningGuarantees} running loans, the most a member may`;
      throw new DomainError({
        code: 'GUARANTOR_LIMIT_REACHED',
        message,
        details: [{ field: 'guarantorUserIds', message }],
      });
    }
  }
}

/**
 * POST /users/loans/request. Under the borrower's and the guarantors' balance locks: eligibility
 * and the maximum, 2–4 available guarantors; then the loan (human loan ID), one pending request
 * per guarantor with amount ÷ count (kobo remainder to the first) and a single-use token, each
 * guarantor notified and e-mailed. Nothing is frozen until a guarantor accepts.
 */
export async function requestLoan(
  deps: Deps,
  actor: MemberActor,
  input: LoanRequest,
): Promise<Loan> {
  const borrowerId = actor.user.id;
  const guarantorIds = [...new Set(input.guarantorUserIds)];
  return deps.db.transaction(async (tx) => {
    const repo = loansRepository(tx);
    // Serializes this member's requests (and guarantees counted for these guarantors).
    await lockMemberBalances(tx, [borrowerId, ...guarantorIds]);
    const eligibility = await eligibilityOf(deps, tx, borrowerId);
    if (!eligibility.isEligible) {
      throw new DomainError({
        code: 'LOAN_NOT_ELIGIBLE',
        message: eligibility.reason ?? 'You are not eligible for a loan',
        details: eligibility.reasons,
      });
    }
    const amount = nairaToKobo(input.requestedAmount);
    if (amount > eligibility.maxLoanAmountKobo) {
      const message = maxEligibleAmountMessage(koboToNaira(eligibility.maxLoanAmountKobo));
      throw new DomainError({
        code: 'LOAN_AMOUNT_ABOVE_MAXIMUM',
        message,
        details: [{ field: 'requestedAmount', message }],
      });
    }
    const policy = await currentPolicy(tx);
    await assertGuarantorsAvailable(
      repo,
      borrowerId,
      guarantorIds,
      policy.loan.maxRunningGuarantees,
    );

    const now = deps.clock.now();
    let quote;
    try {
      quote = calculateLoan({
        requestedAmountKobo: amount,
        repaymentTermMonths: input.repaymentTermMonths,
        deductProcessingFee: input.deductProcessingFee,
        startDate: toIsoDateInTimeZone(now),
        policy: policy.loan,
      });
    } catch (error) {
      if (error instanceof LoanAmountBelowFeesError) throw belowFees(error);
      throw error;
    }
    const loan = await repo.insertLoan({
      loanNumber: await repo.nextLoanNumber(),
      userId: borrowerId,
      purpose: input.purpose,
      requestedAmount: amount,
      repaymentTermMonths: input.repaymentTermMonths,
      interestRateBps: quote.interestRateBps,
      interestAmount: quote.interestAmountKobo,
      insuranceFee: quote.insuranceFeeKobo,
      formFee: quote.formFeeKobo,
      deductProcessingFee: input.deductProcessingFee,
      disbursementAmount: quote.disbursementAmountKobo,
      monthlyPayment: quote.monthlyRepaymentKobo,
      totalRepayment: quote.totalRepaymentAmountKobo,
      outstandingBalance: 0,
      status: 'pending',
      requiredCertifications: policy.loan.requiredCertifications,
      remainingCertifications: policy.loan.requiredCertifications,
      requestDate: now,
      createdAt: now,
      updatedAt: now,
    });
    const shares = splitGuarantee(amount, guarantorIds.length);
    const slots = await repo.insertGuarantors(
      guarantorIds.map((guarantorUserId, index) => ({
        loanId: loan.id,
        guarantorUserId,
        guaranteeAmount: shares[index] ?? 0,
        acceptanceToken: newAcceptanceToken(),
        invitationDate: now,
        // A millisecond apart, so the guarantors list in the order the borrower chose them.
        createdAt: new Date(now.getTime() + index),
        updatedAt: now,
      })),
    );
    await writeAudit(tx, actor, {
      action: 'loan.requested',
      entityType: 'loan',
      entityId: loan.id,
      after: {
        loanNumber: loan.loanNumber,
        requestedAmount: amount,
        repaymentTermMonths: loan.repaymentTermMonths,
        guarantors: slots.map((slot) => ({
          userId: slot.guarantorUserId,
          amount: slot.guaranteeAmount,
        })),
      },
    });
    const borrowerName = personName(actor.user);
    await sendMessages(
      tx,
      deps,
      actor,
      slots.map((slot) => ({
        userId: slot.guarantorUserId,
        template: 'loanGuarantorRequest' as const,
        facts: {
          guarantorRequestId: slot.id,
          borrowerName,
          loanNumber: loan.loanNumber,
          amount,
          guarantee: slot.guaranteeAmount,
        },
      })),
    );
    return loanById(tx, loan.id);
  });
}

/**
 * Every live slot accepted: the loan goes under review and the reviewers (never the borrower
 * nor a guarantor) are told. Runs inside the accepting use case's transaction, loan locked.
 */
export async function moveToReviewIfAllAccepted(
  tx: Executor,
  deps: Deps,
  actor: MemberActor,
  loan: LoanRow,
  slots: GuarantorRow[],
): Promise<LoanRow> {
  if (loan.status !== 'pending' || slots.length === 0) return loan;
  if (!slots.every((slot) => slot.status === 'accepted')) return loan;
  const repo = loansRepository(tx);
  assertTransition(LOAN_TRANSITIONS, loan.status, 'under_review');
  const now = deps.clock.now();
  const updated = await repo.updateLoan(loan.id, {
    status: 'under_review',
    underReviewAt: now,
    updatedAt: now,
  });
  await writeAudit(tx, actor, {
    action: 'loan.under_review',
    entityType: 'loan',
    entityId: loan.id,
    before: { status: 'pending' },
    after: { status: 'under_review' },
  });
  const borrower = await repo.person(loan.userId);
  const reviewers = await repo.reviewersFor(loan.id, loan.userId);
  const messages: OutgoingMessage[] = [
    {
      userId: loan.userId,
      template: 'loanUnderReview',
      facts: { loanId: loan.id, loanNumber: loan.loanNumber },
    },
    ...reviewers.map((userId): OutgoingMessage => ({
      userId,
      template: 'loanToReview',
      facts: {
        loanId: loan.id,
        loanNumber: loan.loanNumber,
        borrowerName: borrower ? personName(borrower) : 'A member',
        amount: loan.requestedAmount,
      },
    })),
  ];
  await sendMessages(tx, deps, actor, messages);
  return updated;
}

/** GET /users/loans/under-review: loans the reviewer may certify, newest first. */
export async function listLoansUnderReview(
  deps: Deps,
  actor: MemberActor,
  query: UnderReviewLoanListQuery,
): Promise<ListPage<UnderReviewLoan>> {
  const repo = loansRepository(deps.db);
  const page = await repo.underReviewPage(actor.user.id, query);
  const certifications = await repo.certificationsOf(page.items.map((item) => item.loan.id));
  return {
    items: page.items.map(({ loan, applicant }) => ({
      id: loan.id,
      loanId: loan.loanNumber,
      applicant,
      requestedAmount: koboToNaira(loan.requestedAmount),
      purpose: loan.purpose,
      repaymentTermMonths: loan.repaymentTermMonths,
      createdAt: loan.createdAt.toISOString(),
      requiredCertifications: loan.requiredCertifications,
      remainingCertifications: loan.remainingCertifications,
      certifications: certifications
        .filter((certification) => certification.loanId === loan.id)
        .map((certification) => ({
          reviewerId: certification.reviewerId,
          certifiedAt: certification.certifiedAt.toISOString(),
          note: certification.note,
        })),
    })),
    pagination: page.pagination,
  };
}

/**
 * Releases every held guarantee of a loan (rejected, or repaid): each slot's frozen amount back
 * to 0 and its hold released by the ledger. Loan and slots already locked.
 */
export async function releaseAllGuarantees(
  tx: Tx,
  slots: GuarantorRow[],
  now: Date,
): Promise<void> {
  const frozen = slots.filter((slot) => slot.frozenAmount > 0);
  if (frozen.length === 0) return;
  const repo = loansRepository(tx);
  await lockMemberBalances(
    tx,
    frozen.map((slot) => slot.guarantorUserId),
  );
  for (const slot of frozen) {
    await releaseHold(tx, 'guarantee', slot.id);
    await repo.updateGuarantor(slot.id, { frozenAmount: 0, updatedAt: now });
  }
}

/**
 * POST /users/loans/{id}/certify. Only reviewers (the route group), never the borrower or a
 * guarantor (403), once each (409). Approve lowers the remaining count; at 0 the loan is
 * approved. Reject (a reason required by the schema) rejects it and releases every frozen
 * guarantee. The loan row is locked, so parallel certifications never count more than required.
 */
export async function certifyLoan(
  deps: Deps,
  actor: MemberActor,
  input: IdParams & CertificationInput,
): Promise<CertificationResult> {
  const reviewerId = actor.user.id;
  const loanOutcome = await deps.db.transaction(async (tx) => {
    const repo = loansRepository(tx);
    const loan = await repo.lockLoan(input.id);
    if (!loan) throw notFound('Loan');
    const slots = await repo.lockGuarantors(loan.id);
    if (loan.userId === reviewerId || slots.some((slot) => slot.guarantorUserId === reviewerId)) {
      throw new DomainError({
        code: 'LOAN_CERTIFICATION_NOT_ALLOWED',
        message: 'You cannot certify a loan you requested or guarantee',
      });
    }
    // Whoever disbursed the loan, or asked for its disbursement, never certifies it too
    // (docs/officers.md "Separation of duties").
    const disbursers = await loanBackOfficeRepository(tx).requestsOf(loan.id);
    if (
      loan.disbursedBy === reviewerId ||
      disbursers.some(({ request }) => request.requestedBy === reviewerId)
    ) {
      throw new DomainError({
        code: 'LOAN_CERTIFICATION_NOT_ALLOWED',
        message: 'You cannot certify a loan whose disbursement you made or requested',
      });
    }
    if (loan.status !== 'under_review') {
      throw new DomainError({
        code: 'LOAN_NOT_UNDER_REVIEW',
        message: `Loan ${loan.loanNumber} is ${loan.status.replace('_', ' ')}: only loans under review can be certified`,
      });
    }
    const now = deps.clock.now();
    const certification = await repo.insertCertification({
      loanId: loan.id,
      reviewerId,
      decision: input.decision,
      note: input.note ?? null,
      certifiedAt: now,
    });
    if (!certification) {
      throw new DomainError({
        code: 'LOAN_ALREADY_CERTIFIED',
        message: `You have already certified loan ${loan.loanNumber}`,
      });
    }
    let next: LoanRow;
    if (input.decision === 'approve') {
      const remaining = Math.max(0, loan.remainingCertifications - 1);
      if (remaining === 0) assertTransition(LOAN_TRANSITIONS, loan.status, 'approved');
      next = await repo.updateLoan(loan.id, {
        remainingCertifications: remaining,
        ...(remaining === 0
          ? { status: 'approved' as const, approvedAmount: loan.requestedAmount, decidedAt: now }
          : {}),
        updatedAt: now,
      });
    } else {
      assertTransition(LOAN_TRANSITIONS, loan.status, 'rejected');
      next = await repo.updateLoan(loan.id, {
        status: 'rejected',
        rejectionReason: input.note ?? null,
        decidedAt: now,
        updatedAt: now,
      });
      await releaseAllGuarantees(tx, slots, now);
    }
    await writeAudit(tx, actor, [
      {
        action: 'loan.certified',
        entityType: 'loan',
        entityId: loan.id,
        after: { decision: input.decision, note: input.note ?? null },
      },
      ...(next.status !== loan.status
        ? [
            {
              action:
                next.status === 'approved'
                  ? ('loan.approved' as const)
                  : ('loan.rejected' as const),
              entityType: 'loan' as const,
              entityId: loan.id,
              before: { status: loan.status },
              after: { status: next.status },
            },
          ]
        : []),
    ]);
    if (next.status !== loan.status) {
      const borrower = await repo.person(loan.userId);
      const borrowerName = borrower ? personName(borrower) : 'A member';
      const approved = next.status === 'approved';
      await sendMessages(tx, deps, actor, [
        {
          userId: loan.userId,
          template: 'loanDecided',
          facts: {
            loanId: loan.id,
            loanNumber: loan.loanNumber,
            approved,
            forBorrower: true,
            borrowerName,
            ...(input.note && !approved ? { reason: input.note } : {}),
          },
        },
        ...slots
          .filter((slot) => slot.status === 'accepted')
          .map((slot): OutgoingMessage => ({
            userId: slot.guarantorUserId,
            template: 'loanDecided',
            facts: {
              loanId: loan.id,
              loanNumber: loan.loanNumber,
              approved,
              forBorrower: false,
              borrowerName,
            },
          })),
      ]);
    }
    return next;
  });
  return {
    id: loanOutcome.id,
    loanId: loanOutcome.loanNumber,
    status: loanOutcome.status,
    requiredCertifications: loanOutcome.requiredCertifications,
    remainingCertifications: loanOutcome.remainingCertifications,
  };
}

/* What the dashboard shows of loans (GET /users/dashboard, through lib/dashboard-seam.ts). */

/** At most this many loan asks on the dashboard. */
const LOAN_PENDING_ACTIONS_LIMIT = 10;

/**
 * The member's loan-related pending actions: guarantor requests to answer, a rejected guarantor
 * to replace on their own loan, and (for reviewers) loans to certify. Each opens the loans page
 * where it is done.
 */
export const memberLoanPendingActions: PendingActionSource = {
  key: 'loans',
  fragment: (member) =>
    loanPendingSql(member.id, member.isLoanReviewer, LOAN_PENDING_ACTIONS_LIMIT),
  map: (row) => {
    switch (row.kind) {
      case 'overdue':
        return {
          id: row.id,
          type: 'loan_repayment',
          description: `Instalment ${row.extra} of loan ${row.label} is overdue (${formatKobo(row.amountKobo ?? 0)})`,
          actionRequired: `Pay ${formatKobo(row.amountKobo ?? 0)}, due on ${formatDisplayDate(row.detail ?? '')}`,
          deadline: row.detail,
          actionUrl: LOAN_LINKS.mine(row.label ?? ''),
        };
      case 'guarantee':
        return {
          id: row.id,
          type: 'guarantor_request',
          description: `${row.detail} asked you to guarantee loan ${row.label}`,
          actionRequired: `Accept or reject the guarantee of ${formatKobo(row.amountKobo ?? 0)}`,
          deadline: row.extra,
          actionUrl: '/loans?tab=guarantor-requests',
        };
      case 'replace':
        return {
          id: row.id,
          type: 'guarantor_request',
          description: `${row.detail} declined to guarantee your loan ${row.label}`,
          actionRequired: 'Choose another guarantor',
          deadline: null,
          actionUrl: '/guarantees/invite',
        };
      default:
        return {
          id: row.id,
          type: 'loan_review',
          description: `Loan ${row.label} from ${row.detail} (${formatKobo(row.amountKobo ?? 0)}) is under review`,
          actionRequired: 'Approve or reject the loan',
          deadline: null,
          actionUrl: '/loans?tab=loan-review',
        };
    }
  },
  // Rows group by kind (and overdue instalments by loan): the type and URL tell them apart.
  group: (rows) => {
    const [first] = rows;
    const total = formatKobo(rows.reduce((sum, row) => sum + (row.amountKobo ?? 0), 0));
    switch (first?.kind) {
      case 'overdue':
        return {
          description: `${rows.length} instalments of loan ${first.label} are overdue (${total})`,
          actionRequired: `Pay ${total}, due since ${formatDisplayDate(first.detail ?? '')}`,
        };
      case 'guarantee':
        return {
          description: `${rows.length} members asked you to guarantee their loans`,
          actionRequired: 'Accept or reject each guarantee',
        };
      case 'replace': {
        const loansNamed = new Set(rows.map((row) => row.label));
        const whose = loansNamed.size === 1 ? `your loan ${first.label}` : 'your loans';
        const names = rows.map((row) => row.detail ?? '');
        const who =
          names.length <= 3
            ? `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`
            : `${names.length} guarantors`;
        return {
          description: `${who} declined to guarantee ${whose}`,
          actionRequired: 'Choose other guarantors',
        };
      }
      default:
        return {
          description: `${rows.length} loans are under review`,
          actionRequired: 'Approve or reject each loan',
        };
    }
  },
};

/** The member's latest loan events for Recent Activity: requests and repayments. */
export const memberLoanActivity: ActivitySource = {
  key: 'loans',
  fragment: loanActivitySql,
  map: (row) => ({
    id: row.id,
    type: 'loan',
    description:
      row.kind === 'request'
        ? `Loan ${row.label} requested: ${row.detail}`
        : `Repayment on loan ${row.label}`,
    amount: koboToNaira(row.amountKobo),
    date: row.occurredAt,
    status: row.status,
  }),
};

/**
 * What the dashboard's "What's next" reads of loans (docs/business-rules.md "What's next"): its
 * SQL for the dashboard's one statement (`today` bound per call, decision 107) and the mapper of
 * the value it reads.
 */
export const loanNextUp = {
  fragment: (userId: string, today: string) => loanNextUpSql(userId, today),
  map(value: unknown): NextUp {
    const json = (typeof value === 'string' ? JSON.parse(value) : value) as {
      overdue: (Omit<NonNullable<NextUp['overdue']>, 'amount'> & { amountKobo: number }) | null;
      nextInstalment:
        (Omit<NonNullable<NextUp['nextInstalment']>, 'amount'> & { amountKobo: number }) | null;
      guarantorRequest:
        (Omit<NonNullable<NextUp['guarantorRequest']>, 'amount'> & { amountKobo: number }) | null;
    };
    const naira = <T extends { amountKobo: number }>(part: T | null) => {
      if (!part) return null;
      const { amountKobo, ...rest } = part;
      return { ...rest, amount: koboToNaira(amountKobo) };
    };
    return {
      overdue: naira(json.overdue),
      nextInstalment: naira(json.nextInstalment),
      guarantorRequest: naira(json.guarantorRequest),
    };
  },
};

/**
 * The member's current loan for the dashboard's timeline: its SQL, written by PostgreSQL as the
 * loan is (decision 170), and its value read as the driver gives JSON (text or parsed).
 */
export const currentLoan = {
  fragment: currentLoanJson,
  map(value: unknown): CurrentLoan | null {
    return (typeof value === 'string' ? JSON.parse(value) : value) as CurrentLoan | null;
  },
};
