/**
 * Withdrawals (docs/member-portal.md §2 Withdrawals, §3, §5, §7; docs/business-rules.md
 * "Withdrawals"; docs/decisions/041-withdrawals.md). A member asks to withdraw savings or share
 * holding; the administrator approves (the ledger debit happens then) or rejects. Before a decision
 * the member may change the amount or reason of, or cancel, their own pending request.
 *
 * Every use case locks the member's balance row first (`lockMemberBalance`), then the request,
 * so concurrent requests of one member queue and see each other: a pending request holds its
 * amount (a ledger hold, released by its decision or its cancellation), and there is one pending
 * request per type (the database's partial unique index says so too). Use cases follow
 * docs/decisions/003-api-layering.md.
 */
import type { AdminRejectInput } from '@coop/shared/decision-reasons';
import type { AdminWithdrawal, AdminWithdrawalListQuery } from '@coop/shared/withdrawals';
import { toIsoDateInTimeZone } from '@coop/shared/dates';
import { formatKobo, koboToNaira, nairaToKobo, type Kobo } from '@coop/shared/money';
import type { IdParams } from '@coop/shared/http';
import {
  WITHDRAWAL_MESSAGES,
  WITHDRAWAL_RESTRICTIONS,
  WITHDRAWAL_TRANSITIONS,
  type ApproveWithdrawalInput,
  type RejectWithdrawalInput,
  type Withdrawal,
  type WithdrawalEligibility,
  type WithdrawalListQuery,
  type WithdrawalRequest,
  type WithdrawalType,
  type WithdrawalUpdate,
} from '@coop/shared/withdrawals';
import type { Executor } from '../../db/client.js';
import type { Deps } from '../../deps.js';
import type { Actor, MemberActor } from '../../lib/actor.js';
import { actorIdOf } from '../../lib/actor.js';
import type { ActivitySource } from '../../lib/dashboard-seam.js';
import { writeAudit } from '../../lib/audit-log.js';
import { DomainError, notFound, validationError } from '../../lib/domain-error.js';
import {
  availableOf,
  heldOf,
  lockMemberBalance,
  placeHold,
  postLedgerTransaction,
  readMemberBalance,
  releaseHold,
  resizeHold,
  type MemberBalance,
} from '../ledger/ledger.service.js';
import { listBody, type ListPage } from '../../lib/list-query.js';
import { assertTransition } from '../../lib/transitions.js';
import { sendMessages } from '../notifications/notifications.service.js';
import { currentPolicy } from '../policy/policy.service.js';
import { loanTiesOf } from '../loans/loans.service.js';
import {
  withdrawalActivitySql,
  withdrawalsRepository,
  type AdminWithdrawalRow,
  type WithdrawalListRow,
  type WithdrawalRow,
} from './withdrawals.repository.js';

export function toWithdrawal(row: WithdrawalListRow): Withdrawal {
  return {
    _id: row.id,
    id: row.id,
    withdrawalType: row.withdrawalType,
    requestedAmount: koboToNaira(row.requestedAmount),
    status: row.status,
    requestDate: row.requestDate.toISOString(),
    processedDate: row.processedDate?.toISOString() ?? null,
    reason: row.reason,
    rejectionReason: row.rejectionReason,
  };
}

const TYPE_WORDS: Record<WithdrawalType, string> = {
  savings: 'savings',
  share_holding: 'share holding',
};

/**
 * GET /users/withdrawals: the member's own, by status and type, one page, as the answer's JSON
 * text (decision 165: PostgreSQL writes the items).
 */
export async function listWithdrawals(
  deps: Deps,
  actor: MemberActor,
  query: WithdrawalListQuery,
): Promise<string> {
  return listBody(await withdrawalsRepository(deps.db).page(actor.user.id, query));
}

/**
 * Dashboard seam (lib/dashboard-seam.ts): the member's newest requests as (outgoing) activity.
 * Row: the withdrawal type in `label`.
 */
export const withdrawalActivity: ActivitySource = {
  key: 'withdrawals',
  fragment: withdrawalActivitySql,
  map: (row) => ({
    id: row.id,
    type: 'withdrawal',
    description: `${row.label === 'savings' ? 'Savings' : 'Share holding'} withdrawal`,
    amount: koboToNaira(row.amountKobo),
    date: row.occurredAt,
    status: row.status,
  }),
};

interface Eligibility {
  availableSavings: Kobo;
  availableShares: Kobo;
  canWithdrawSavings: boolean;
  canWithdrawShares: boolean;
  restrictions: string[];
  /** Why shares cannot go at all now (a running loan, an active guarantee). */
  sharesBoundBy: string[];
  pending: Map<WithdrawalType, WithdrawalRow>;
}

/** Which ledger account a request of each type draws on (and holds while pending). */
const HOLD_ACCOUNT = { savings: 'member_savings', share_holding: 'member_shares' } as const;

/**
 * docs/business-rules.md: what is available is the ledger's one figure (`availableOf`: each balance
 * less its open holds, a pending request's own hold among them); shares only with no running loan
 * and no active guarantee, as far as the admin-editable withdrawal policy asks for them. Each false
 * flag says why. `except` is a pending request being changed or decided: its own hold counts as
 * available to it.
 */
async function eligibilityOf(
  db: Executor,
  userId: string,
  balance: MemberBalance,
  except?: WithdrawalRow,
): Promise<Eligibility> {
  const repo = withdrawalsRepository(db);
  // One after another: `db` is often the request's transaction, one connection that runs one
  // statement at a time (pg deprecates queueing them in parallel on a client).
  const pendingRows = await repo.pending(userId);
  const ties = await loanTiesOf(db, userId);
  const policy = await currentPolicy(db);
  const rules = policy.withdrawal;
  const pending = new Map(
    pendingRows.filter((row) => row.id !== except?.id).map((row) => [row.withdrawalType, row]),
  );
  const own = (type: WithdrawalType) =>
    except?.status === 'pending' && except.withdrawalType === type ? except.requestedAmount : 0;
  const { savings: availableSavings, shares: availableShares } = availableOf({
    ...balance,
    frozen: balance.frozen - own('savings'),
    frozenShares: balance.frozenShares - own('share_holding'),
  });

  const restrictions: string[] = [];
  const savingsReasons = [
    ...(pending.has('savings') ? [WITHDRAWAL_RESTRICTIONS.pendingSavings] : []),
    ...(availableSavings <= 0 ? [WITHDRAWAL_RESTRICTIONS.noSavings] : []),
  ];
  const sharesBoundBy = [
    ...(ties.runningLoan && rules.shareWithdrawalRequiresNoRunningLoan
      ? [WITHDRAWAL_RESTRICTIONS.runningLoan]
      : []),
    ...(ties.activeGuarantee && rules.shareWithdrawalRequiresNoActiveGuarantee
      ? [WITHDRAWAL_RESTRICTIONS.activeGuarantee]
      : []),
  ];
  const sharesReasons = [
    ...(pending.has('share_holding') ? [WITHDRAWAL_RESTRICTIONS.pendingShares] : []),
    ...sharesBoundBy,
    ...(availableShares <= 0 ? [WITHDRAWAL_RESTRICTIONS.noShares] : []),
  ];
  restrictions.push(...savingsReasons, ...sharesReasons);
  return {
    availableSavings,
    availableShares: sharesBoundBy.length > 0 ? 0 : availableShares,
    canWithdrawSavings: savingsReasons.length === 0,
    canWithdrawShares: sharesReasons.length === 0,
    restrictions,
    sharesBoundBy,
    pending,
  };
}

/** GET /users/withdrawals/eligibility */
export async function getWithdrawalEligibility(
  deps: Deps,
  actor: MemberActor,
): Promise<WithdrawalEligibility> {
  const balance = await readMemberBalance(deps.db, actor.user.id);
  if (!balance) throw notFound('Member');
  const eligibility = await eligibilityOf(deps.db, actor.user.id, balance);
  return {
    availableSavings: koboToNaira(eligibility.availableSavings),
    availableShares: koboToNaira(eligibility.availableShares),
    canWithdrawSavings: eligibility.canWithdrawSavings,
    canWithdrawShares: eligibility.canWithdrawShares,
    restrictions: eligibility.restrictions,
    held: await heldOf(deps.db, actor.user.id),
  };
}

const exceedsBalance = () =>
  validationError([{ field: 'amount', message: WITHDRAWAL_MESSAGES.exceedsBalance }]);

const available = (eligibility: Eligibility, type: WithdrawalType) =>
  type === 'savings' ? eligibility.availableSavings : eligibility.availableShares;

/**
 * POST /users/withdrawals/savings and /share-holding: a new pending request. Under the member's
 * lock: one pending request per type (409), shares only when allowed (409 with the reason), the
 * amount at most what is available (400 'Amount exceeds available balance').
 */
export async function requestWithdrawal(
  deps: Deps,
  actor: MemberActor,
  input: WithdrawalRequest & { withdrawalType: WithdrawalType },
): Promise<Withdrawal> {
  const userId = actor.user.id;
  const amount = nairaToKobo(input.amount);
  return deps.db.transaction(async (tx) => {
    const balance = await lockMemberBalance(tx, userId);
    if (!balance) throw notFound('Member');
    const eligibility = await eligibilityOf(tx, userId, balance);
    if (eligibility.pending.has(input.withdrawalType)) {
      throw new DomainError({
        code: 'WITHDRAWAL_PENDING_EXISTS',
        message:
          input.withdrawalType === 'savings'
            ? WITHDRAWAL_RESTRICTIONS.pendingSavings
            : WITHDRAWAL_RESTRICTIONS.pendingShares,
      });
    }
    if (input.withdrawalType === 'share_holding' && eligibility.sharesBoundBy.length > 0) {
      throw new DomainError({
        code: 'WITHDRAWAL_NOT_ALLOWED',
        message: eligibility.sharesBoundBy.join(' '),
      });
    }
    if (amount > available(eligibility, input.withdrawalType)) throw exceedsBalance();

    const now = deps.clock.now();
    const row = await withdrawalsRepository(tx).insert({
      userId,
      withdrawalType: input.withdrawalType,
      requestedAmount: amount,
      reason: input.reason || null,
      status: 'pending',
      requestDate: now,
      createdAt: now,
      updatedAt: now,
    });
    await placeHold(tx, {
      userId,
      account: HOLD_ACCOUNT[row.withdrawalType],
      amount,
      reason: 'withdrawal',
      referenceId: row.id,
    });
    await writeAudit(tx, actor, {
      action: 'withdrawal.requested',
      entityType: 'withdrawal',
      entityId: row.id,
      after: { withdrawalType: row.withdrawalType, requestedAmount: amount, reason: row.reason },
    });
    return toWithdrawal(row);
  });
}

/**
 * PUT /users/withdrawals/{id}: the member changes the amount or reason of, or cancels, their own
 * pending request. Another member's id answers 404; a decided request 409. A new amount follows
 * the rules of a new request (at most what is available, this request's own hold counted back;
 * no shares while bound) and moves the hold to it.
 */
export async function updateWithdrawal(
  deps: Deps,
  actor: MemberActor,
  input: IdParams & WithdrawalUpdate,
): Promise<Withdrawal> {
  const userId = actor.user.id;
  return deps.db.transaction(async (tx) => {
    const balance = await lockMemberBalance(tx, userId);
    if (!balance) throw notFound('Member');
    const repo = withdrawalsRepository(tx);
    const row = await repo.lock(input.id);
    if (!row || row.userId !== userId) throw notFound('Withdrawal request');
    const target = input.status === 'cancelled' ? 'cancelled' : 'pending';
    if (row.status !== 'pending') {
      throw new DomainError({
        code: 'WITHDRAWAL_NOT_PENDING',
        message: `This withdrawal request is ${row.status}: only a pending request can be changed or cancelled`,
      });
    }
    const now = deps.clock.now();
    if (target === 'cancelled') {
      assertTransition(WITHDRAWAL_TRANSITIONS, row.status, 'cancelled');
      const cancelled = await repo.update(row.id, {
        status: 'cancelled',
        processedDate: now,
        updatedAt: now,
      });
      await releaseHold(tx, 'withdrawal', row.id);
      await writeAudit(tx, actor, {
        action: 'withdrawal.cancelled',
        entityType: 'withdrawal',
        entityId: row.id,
        before: { status: row.status },
        after: { status: 'cancelled' },
      });
      return toWithdrawal(cancelled);
    }

    const values: { requestedAmount?: Kobo; reason?: string | null } = {};
    if (input.amount !== undefined) {
      const amount = nairaToKobo(input.amount);
      const eligibility = await eligibilityOf(tx, userId, balance, row);
      // The rules of a new request: shares stay while a loan or a guarantee binds them.
      if (row.withdrawalType === 'share_holding' && eligibility.sharesBoundBy.length > 0) {
        throw new DomainError({
          code: 'WITHDRAWAL_NOT_ALLOWED',
          message: eligibility.sharesBoundBy.join(' '),
        });
      }
      if (amount > available(eligibility, row.withdrawalType)) throw exceedsBalance();
      values.requestedAmount = amount;
      await resizeHold(tx, {
        userId,
        account: HOLD_ACCOUNT[row.withdrawalType],
        amount,
        reason: 'withdrawal',
        referenceId: row.id,
      });
    }
    if (input.reason !== undefined) values.reason = input.reason || null;
    const updated = await repo.update(row.id, { ...values, updatedAt: now });
    await writeAudit(tx, actor, {
      action: 'withdrawal.updated',
      entityType: 'withdrawal',
      entityId: row.id,
      before: { requestedAmount: row.requestedAmount, reason: row.reason },
      after: { requestedAmount: updated.requestedAmount, reason: updated.reason },
    });
    return toWithdrawal(updated);
  });
}

/** Locks the member's balance, then the request: the order every withdrawal use case takes. */
async function lockForDecision(tx: Executor, id: string) {
  const peek = await withdrawalsRepository(tx).find(id);
  if (!peek) throw notFound('Withdrawal request');
  const balance = await lockMemberBalance(tx, peek.userId);
  if (!balance) throw notFound('Member');
  const row = await withdrawalsRepository(tx).lock(id);
  if (!row) throw notFound('Withdrawal request');
  return { balance, row };
}

const notPending = (row: WithdrawalRow) => ({
  code: 'WITHDRAWAL_NOT_PENDING' as const,
  message: `This withdrawal request is ${row.status}: only a pending request can be decided`,
});

/**
 * The administrator approves a pending request: the member's savings (or shares) are debited and
 * the cooperative's bank credited through the ledger, after checking again, under the member's
 * lock, that the money is there (the request's own hold counts, other holds do not) and, for
 * shares, that no loan or guarantee binds them. The hold is released as the money goes.
 */
export async function approveWithdrawal(
  deps: Deps,
  actor: Actor,
  input: ApproveWithdrawalInput,
): Promise<WithdrawalRow> {
  return deps.db.transaction(async (tx) => {
    const { balance, row } = await lockForDecision(tx, input.id);
    assertTransition(WITHDRAWAL_TRANSITIONS, row.status, 'approved', notPending(row));
    const eligibility = await eligibilityOf(tx, row.userId, balance, row);
    if (row.withdrawalType === 'share_holding' && eligibility.sharesBoundBy.length > 0) {
      throw new DomainError({
        code: 'WITHDRAWAL_NOT_ALLOWED',
        message: eligibility.sharesBoundBy.join(' '),
      });
    }
    if (row.requestedAmount > available(eligibility, row.withdrawalType)) {
      throw new DomainError({
        code: 'WITHDRAWAL_INSUFFICIENT_BALANCE',
        message: `The member's available ${TYPE_WORDS[row.withdrawalType]} (${formatKobo(available(eligibility, row.withdrawalType))}) no longer cover this request`,
      });
    }
    const now = deps.clock.now();
    await releaseHold(tx, 'withdrawal', row.id);
    const posted = await postLedgerTransaction(tx, {
      kind: 'withdrawal',
      description: `${row.withdrawalType === 'savings' ? 'Savings' : 'Share holding'} withdrawal`,
      effectiveDate: toIsoDateInTimeZone(now),
      reference: { type: 'withdrawal', id: row.id },
      createdBy: actorIdOf(actor),
      entries: [
        {
          account: row.withdrawalType === 'savings' ? 'member_savings' : 'member_shares',
          userId: row.userId,
          amount: row.requestedAmount,
        },
        { account: 'coop_bank', amount: -row.requestedAmount },
      ],
    });
    const approved = await withdrawalsRepository(tx).update(row.id, {
      status: 'approved',
      processedDate: now,
      processedBy: actorIdOf(actor),
      ledgerTransactionId: posted.id,
      updatedAt: now,
    });
    await writeAudit(tx, actor, {
      action: 'withdrawal.approved',
      entityType: 'withdrawal',
      entityId: row.id,
      before: { status: row.status },
      after: { status: 'approved', ledgerTransactionId: posted.id },
    });
    await sendMessages(tx, deps, actor, [
      {
        userId: row.userId,
        template: 'withdrawalDecided',
        facts: {
          withdrawalId: row.id,
          withdrawalType: row.withdrawalType,
          amount: row.requestedAmount,
          outcome: 'approved',
        },
      },
    ]);
    return approved;
  });
}

/** The administrator rejects a pending request with a reason; no money moves, its hold goes. */
export async function rejectWithdrawal(
  deps: Deps,
  actor: Actor,
  input: RejectWithdrawalInput,
): Promise<WithdrawalRow> {
  const reason = input.reason.trim();
  if (reason.length < 3) {
    throw new DomainError({ code: 'VALIDATION_ERROR', message: 'Say why the request is rejected' });
  }
  return deps.db.transaction(async (tx) => {
    const { row } = await lockForDecision(tx, input.id);
    assertTransition(WITHDRAWAL_TRANSITIONS, row.status, 'rejected', notPending(row));
    const now = deps.clock.now();
    const rejected = await withdrawalsRepository(tx).update(row.id, {
      status: 'rejected',
      processedDate: now,
      processedBy: actorIdOf(actor),
      rejectionReason: reason,
      updatedAt: now,
    });
    await releaseHold(tx, 'withdrawal', row.id);
    await writeAudit(tx, actor, {
      action: 'withdrawal.rejected',
      entityType: 'withdrawal',
      entityId: row.id,
      before: { status: row.status },
      after: { status: 'rejected', reason },
    });
    await sendMessages(tx, deps, actor, [
      {
        userId: row.userId,
        template: 'withdrawalDecided',
        facts: {
          withdrawalId: row.id,
          withdrawalType: row.withdrawalType,
          amount: row.requestedAmount,
          outcome: 'rejected',
          reason,
        },
      },
    ]);
    return rejected;
  });
}

/* ------------------------------------------------------------------ back office */

function toAdminWithdrawal(row: AdminWithdrawalRow): AdminWithdrawal {
  return {
    id: row.id,
    member: {
      id: row.userId,
      firstName: row.memberFirstName,
      lastName: row.memberLastName,
      membershipId: row.memberMembershipId,
    },
    withdrawalType: row.withdrawalType,
    requestedAmount: koboToNaira(row.requestedAmount),
    status: row.status,
    requestDate: row.requestDate.toISOString(),
    processedDate: row.processedDate?.toISOString() ?? null,
    reason: row.reason,
    rejectionReason: row.rejectionReason,
    memberBalance: koboToNaira(Math.max(0, row.memberBalance)),
  };
}

async function adminWithdrawal(db: Executor, id: string): Promise<AdminWithdrawal> {
  const row = await withdrawalsRepository(db).adminOne(id);
  if (!row) throw notFound('Withdrawal request');
  return toAdminWithdrawal(row);
}

/** GET /admin/withdrawals: every member's requests, oldest first, with the member's balance. */
export async function listAdminWithdrawals(
  deps: Deps,
  _actor: Actor,
  query: AdminWithdrawalListQuery,
): Promise<ListPage<AdminWithdrawal>> {
  const page = await withdrawalsRepository(deps.db).adminPage(query);
  return { items: page.items.map(toAdminWithdrawal), pagination: page.pagination };
}

/** POST /admin/withdrawals/{id}/approve: `approveWithdrawal`, answered as the list shows it. */
export async function approveWithdrawalRequest(
  deps: Deps,
  actor: Actor,
  input: IdParams,
): Promise<AdminWithdrawal> {
  const approved = await approveWithdrawal(deps, actor, { id: input.id });
  return adminWithdrawal(deps.db, approved.id);
}

/** POST /admin/withdrawals/{id}/reject: `rejectWithdrawal`, answered as the list shows it. */
export async function rejectWithdrawalRequest(
  deps: Deps,
  actor: Actor,
  input: IdParams & AdminRejectInput,
): Promise<AdminWithdrawal> {
  const rejected = await rejectWithdrawal(deps, actor, input);
  return adminWithdrawal(deps.db, rejected.id);
}
