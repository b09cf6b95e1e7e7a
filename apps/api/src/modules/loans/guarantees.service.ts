/**
 * Guarantor requests (docs/member-portal.md §2 Guarantor Requests, Reassign Guarantor dialog, §4,
 * §5, §7; docs/business-rules.md "Guarantors"): the guarantor lists, accepts (freezing the
 * guarantee) or rejects; the borrower replaces a rejected guarantor once per place; members search
 * for candidates. Lock order as in loans.service.ts: loan, its guarantor rows, balance rows.
 */
import { timingSafeEqual } from 'node:crypto';
import {
  GUARANTOR_TRANSITIONS,
  type AcceptGuarantorInput,
  type GuarantorCandidate,
  type GuarantorCandidateQuery,
  type GuarantorRequest,
  type GuarantorRequestListQuery,
  type GuarantorRequestListResponse,
  type ReassignGuarantorInput,
  type RejectGuarantorInput,
} from '@coop/shared/guarantors';
import type { IdParams } from '@coop/shared/http';
import { formatKobo, koboToNaira } from '@coop/shared/money';
import type { Deps } from '../../deps.js';
import type { MemberActor } from '../../lib/actor.js';
import { writeAudit } from '../../lib/audit-log.js';
import { DomainError, notFound } from '../../lib/domain-error.js';
import { listBody, type ListPage } from '../../lib/list-query.js';
import { assertTransition } from '../../lib/transitions.js';
import {
  availableOf,
  lockMemberBalance,
  lockMemberBalances,
  placeHold,
} from '../ledger/ledger.service.js';
import { sendMessages, settleNotifications } from '../notifications/notifications.service.js';
import { currentPolicy } from '../policy/policy.service.js';
import { personName, toGuarantorRequest } from './loan-shape.js';
import {
  assertGuarantorsAvailable,
  moveToReviewIfAllAccepted,
  newAcceptanceToken,
} from './loans.service.js';
import { loansRepository, type GuarantorRow, type LoansRepository } from './loans.repository.js';
import type { LoanGuarantor } from '@coop/shared/loans';

/**
 * GET /users/guarantees (pending first by default): the page of requests addressed to the member and, as `summary`, what
 * accepting freezes from (available savings), as the JSON text of the list's envelope written by
 * PostgreSQL in one statement (decision 170); the route sends it as it is.
 */
export async function listGuarantorRequests(
  deps: Deps,
  actor: MemberActor,
  query: GuarantorRequestListQuery,
): Promise<string> {
  const page = await loansRepository(deps.db).guaranteePage(actor.user.id, query);
  return listBody(page, {
    summary: { availableSavings: koboToNaira(page.also.availableSavingsKobo) },
  });
}

/**
 * The member's pending guarantor requests (the newest 100), parsed: what the demo's seeding and the
 * tests answer requests from. Members read them through the route, which sends the text as it is.
 */
export async function pendingGuarantorRequests(
  deps: Deps,
  actor: MemberActor,
): Promise<GuarantorRequest[]> {
  const body = await listGuarantorRequests(deps, actor, {
    page: 1,
    limit: 100,
    sortBy: 'invitationDate',
    sortOrder: 'desc',
    status: 'pending',
  });
  return (JSON.parse(body) as GuarantorRequestListResponse).data;
}

function sameToken(expected: string, given: string): boolean {
  const a = Buffer.from(expected);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * Locks the request's loan and live slots and returns the member's own slot among them; 404 for
 * a request that is not the member's or was replaced, 400 for a wrong token, 409 when it was
 * already answered or the loan no longer waits for guarantors.
 */
async function lockOwnPendingRequest(
  repo: LoansRepository,
  actor: MemberActor,
  id: string,
  token: string,
  action: 'accepted' | 'rejected',
) {
  const found = await repo.guarantorRequest(id);
  if (!found || found.guarantorUserId !== actor.user.id) throw notFound('Guarantor request');
  const loan = await repo.lockLoan(found.loanId);
  if (!loan) throw notFound('Guarantor request');
  const slots = await repo.lockGuarantors(loan.id);
  const slot = slots.find((candidate) => candidate.id === id);
  if (!slot) throw notFound('Guarantor request');
  if (!sameToken(slot.acceptanceToken, token)) {
    throw new DomainError({
      code: 'INVALID_ACCEPTANCE_TOKEN',
      message: 'This guarantor request link is not valid',
      details: [{ field: 'token', message: 'Invalid token' }],
    });
  }
  assertTransition(GUARANTOR_TRANSITIONS, slot.status, action, {
    code: 'GUARANTOR_REQUEST_NOT_PENDING',
    message: `You already ${slot.status} this guarantor request`,
  });
  if (loan.status !== 'pending') {
    throw new DomainError({
      code: 'GUARANTOR_REQUEST_NOT_PENDING',
      message: `Loan ${loan.loanNumber} is ${loan.status.replace('_', ' ')} and no longer waits for guarantors`,
    });
  }
  return { loan, slots, slot };
}

/**
 * POST /users/guarantees/{id}/accept. Under the guarantor's balance lock, the available savings
 * (`availableOf`) must cover the guarantee (409 otherwise); then the ledger holds it. When every live
 * place has accepted, the loan goes under review. Ten parallel accepts freeze it once.
 */
export async function acceptGuarantorRequest(
  deps: Deps,
  actor: MemberActor,
  input: IdParams & AcceptGuarantorInput,
): Promise<GuarantorRequest> {
  return deps.db.transaction(async (tx) => {
    const repo = loansRepository(tx);
    const { loan, slots, slot } = await lockOwnPendingRequest(
      repo,
      actor,
      input.id,
      input.token,
      'accepted',
    );
    const balance = await lockMemberBalance(tx, actor.user.id);
    const available = balance ? availableOf(balance).savings : 0;
    if (available < slot.guaranteeAmount) {
      throw new DomainError({
        code: 'GUARANTOR_INSUFFICIENT_BALANCE',
        message: `Your available balance of ${formatKobo(Math.max(0, available))} is below the guarantee amount of ${formatKobo(slot.guaranteeAmount)}`,
      });
    }
    const now = deps.clock.now();
    const accepted = await repo.updateGuarantor(slot.id, {
      status: 'accepted',
      frozenAmount: slot.guaranteeAmount,
      responseDate: now,
      updatedAt: now,
    });
    await placeHold(tx, {
      userId: actor.user.id,
      account: 'member_savings',
      amount: slot.guaranteeAmount,
      reason: 'guarantee',
      referenceId: slot.id,
    });
    await writeAudit(tx, actor, {
      action: 'loan.guarantor_accepted',
      entityType: 'loan_guarantor',
      entityId: slot.id,
      before: { status: 'pending' },
      after: { status: 'accepted', loanId: loan.id, frozenAmount: slot.guaranteeAmount },
    });
    await settleNotifications(tx, deps, {
      userId: actor.user.id,
      type: 'loan_guarantor',
      ids: [slot.id],
    });
    await sendMessages(tx, deps, actor, [
      {
        userId: loan.userId,
        template: 'loanGuarantorAnswered',
        facts: {
          loanId: loan.id,
          loanNumber: loan.loanNumber,
          guarantorName: personName(actor.user),
          accepted: true,
        },
      },
    ]);
    const updatedSlots = slots.map((candidate) =>
      candidate.id === slot.id ? accepted : candidate,
    );
    const nextLoan = await moveToReviewIfAllAccepted(tx, deps, actor, loan, updatedSlots);
    const borrower = await repo.person(loan.userId);
    if (!borrower) throw notFound('Guarantor request');
    return toGuarantorRequest({ slot: accepted, loan: nextLoan, borrower });
  });
}

/** POST /users/guarantees/{id}/reject, with an optional reason; the borrower may replace them. */
export async function rejectGuarantorRequest(
  deps: Deps,
  actor: MemberActor,
  input: IdParams & RejectGuarantorInput,
): Promise<GuarantorRequest> {
  return deps.db.transaction(async (tx) => {
    const repo = loansRepository(tx);
    const { loan, slot } = await lockOwnPendingRequest(
      repo,
      actor,
      input.id,
      input.token,
      'rejected',
    );
    const now = deps.clock.now();
    const rejected = await repo.updateGuarantor(slot.id, {
      status: 'rejected',
      rejectionReason: input.reason || null,
      responseDate: now,
      updatedAt: now,
    });
    await writeAudit(tx, actor, {
      action: 'loan.guarantor_rejected',
      entityType: 'loan_guarantor',
      entityId: slot.id,
      before: { status: 'pending' },
      after: { status: 'rejected', loanId: loan.id, reason: input.reason || null },
    });
    await settleNotifications(tx, deps, {
      userId: actor.user.id,
      type: 'loan_guarantor',
      ids: [slot.id],
    });
    await sendMessages(tx, deps, actor, [
      {
        userId: loan.userId,
        template: 'loanGuarantorAnswered',
        facts: {
          loanId: loan.id,
          loanNumber: loan.loanNumber,
          guarantorName: personName(actor.user),
          accepted: false,
        },
      },
    ]);
    const borrower = await repo.person(loan.userId);
    if (!borrower) throw notFound('Guarantor request');
    return toGuarantorRequest({ slot: rejected, loan, borrower });
  });
}

const notReassignable = (message: string) =>
  new DomainError({ code: 'GUARANTOR_NOT_REASSIGNABLE', message });

/**
 * POST /users/guarantees/{id}/reassign: the borrower replaces a guarantor who rejected, once per
 * place, while the loan waits for guarantors. The new member passes the candidate rules (active,
 * not the borrower, not already on the loan, below the limit); the old request leaves every list
 * and the new guarantor is asked, with the same guarantee amount.
 */
export async function reassignGuarantor(
  deps: Deps,
  actor: MemberActor,
  input: IdParams & ReassignGuarantorInput,
): Promise<LoanGuarantor> {
  if (input.guarantorId !== undefined && input.guarantorId !== input.id) {
    throw new DomainError({
      code: 'VALIDATION_ERROR',
      message: 'guarantorId must name the guarantor request being reassigned',
      details: [
        {
          field: 'guarantorId',
          message: 'guarantorId must name the guarantor request being reassigned',
        },
      ],
    });
  }
  const borrowerId = actor.user.id;
  const newId = input.newGuarantorUserId;
  return deps.db.transaction(async (tx) => {
    const repo = loansRepository(tx);
    const found = await repo.guarantorRequest(input.id);
    const ownLoan = found ? await repo.loan(found.loanId) : undefined;
    if (!found || !ownLoan || ownLoan.userId !== borrowerId) throw notFound('Guarantor');
    const loan = await repo.lockLoan(ownLoan.id);
    if (!loan) throw notFound('Guarantor');
    const slots = await repo.lockGuarantors(loan.id);
    const slot = slots.find((candidate) => candidate.id === input.id);
    if (!slot) throw notReassignable('This guarantor was already replaced');
    if (slot.status !== 'rejected') {
      throw notReassignable('Only a guarantor who rejected the request can be reassigned');
    }
    if (slot.replacesId !== null) {
      throw notReassignable('This guarantor place was already reassigned once and cannot be again');
    }
    if (loan.status !== 'pending') {
      throw notReassignable(
        `Loan ${loan.loanNumber} is ${loan.status.replace('_', ' ')} and no longer waits for guarantors`,
      );
    }
    if (slots.some((candidate: GuarantorRow) => candidate.guarantorUserId === newId)) {
      throw new DomainError({
        code: 'GUARANTOR_NOT_AVAILABLE',
        message: 'This member is already a guarantor on this loan',
        details: [
          {
            field: 'newGuarantorUserId',
            message: 'This member is already a guarantor on this loan',
          },
        ],
      });
    }
    await lockMemberBalances(tx, [borrowerId, newId]);
    const policy = await currentPolicy(tx);
    await assertGuarantorsAvailable(repo, borrowerId, [newId], policy.loan.maxRunningGuarantees);

    const now = deps.clock.now();
    const [created] = await repo.insertGuarantors([
      {
        loanId: loan.id,
        guarantorUserId: newId,
        guaranteeAmount: slot.guaranteeAmount,
        acceptanceToken: newAcceptanceToken(),
        invitationDate: now,
        replacesId: slot.id,
        createdAt: now,
        updatedAt: now,
      },
    ]);
    if (!created) throw new Error('guarantor insert returned nothing');
    await repo.updateGuarantor(slot.id, { replacedById: created.id, updatedAt: now });
    await writeAudit(tx, actor, {
      action: 'loan.guarantor_reassigned',
      entityType: 'loan_guarantor',
      entityId: slot.id,
      before: { guarantorUserId: slot.guarantorUserId, status: 'rejected' },
      after: { replacedById: created.id, guarantorUserId: newId },
    });
    await sendMessages(tx, deps, actor, [
      {
        userId: newId,
        template: 'loanGuarantorRequest',
        facts: {
          guarantorRequestId: created.id,
          borrowerName: personName(actor.user),
          loanNumber: loan.loanNumber,
          amount: loan.requestedAmount,
          guarantee: created.guaranteeAmount,
        },
      },
    ]);
    // The new slot as the loan writes its guarantors (decision 170).
    const written = (await repo.loanGuarantors(loan.id))?.guarantors.find(
      (guarantor) => guarantor.id === created.id,
    );
    if (!written) throw notFound('Guarantor');
    return written;
  });
}

/**
 * GET /users/guarantor-candidates: active members the member may pick (never themselves), by
 * name, e-mail, membership ID, or phone for those who allow it; only what the picker shows.
 */
export async function searchGuarantorCandidates(
  deps: Deps,
  actor: MemberActor,
  query: GuarantorCandidateQuery,
): Promise<ListPage<GuarantorCandidate>> {
  const { items, pagination } = await loansRepository(deps.db).candidates(
    query.search,
    [actor.user.id],
    { page: query.page, limit: query.limit },
  );
  return {
    items: items.map((person) => ({
      _id: person.id,
      id: person.id,
      firstName: person.firstName,
      lastName: person.lastName,
      email: person.email,
      membershipId: person.membershipId,
      isExco: person.isExco,
    })),
    pagination,
  };
}
