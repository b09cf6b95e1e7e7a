/**
 * Voluntary deposits (docs/decisions/042-deposit-notices.md; docs/business-rules.md).
 * Contributions arrive by payroll deduction; a member who also transfers money to the
 * cooperative's account notifies it here (the savings and share holding split, the transfer date,
 * the bank reference). The notice stays pending until an administrator finds the transfer on the
 * bank statement: verifying posts it through the ledger as a contribution (coop_bank debited,
 * the member's savings and shares credited); rejecting says why. Use cases follow decision 003.
 */
import type { AdminRejectInput } from '@coop/shared/decision-reasons';
import type { AdminDepositNotice, AdminDepositNoticeListQuery } from '@coop/shared/deposit-notices';
import type { IdParams } from '@coop/shared/http';
import { toIsoDateInTimeZone } from '@coop/shared/dates';
import {
  DEPOSIT_NOTICE_MESSAGES,
  DEPOSIT_NOTICE_TRANSITIONS,
  type DepositInstructions,
  type DepositNotice,
  type DepositNoticeListQuery,
  type DepositNoticeRequest,
  type RejectDepositNoticeInput,
  type VerifyDepositNoticeInput,
} from '@coop/shared/deposit-notices';
import { koboToNaira, nairaToKobo } from '@coop/shared/money';
import type { Executor } from '../../db/client.js';
import type { Deps } from '../../deps.js';
import type { Actor, MemberActor } from '../../lib/actor.js';
import { actorIdOf } from '../../lib/actor.js';
import type { ActivitySource } from '../../lib/dashboard-seam.js';
import { writeAudit } from '../../lib/audit-log.js';
import { DomainError, notFound, validationError } from '../../lib/domain-error.js';
import { postLedgerTransaction, type LedgerEntryInput } from '../ledger/ledger.service.js';
import type { ListPage } from '../../lib/list-query.js';
import { assertTransition } from '../../lib/transitions.js';
import { latestContribution } from '../contributions/contributions.service.js';
import { sendMessages, settleNotifications } from '../notifications/notifications.service.js';
import {
  depositNoticeActivitySql,
  depositNoticesRepository,
  type AdminDepositNoticeRow,
  type DepositNoticeRow,
} from './deposit-notices.repository.js';

export function toDepositNotice(row: DepositNoticeRow): DepositNotice {
  return {
    id: row.id,
    savingsAmount: koboToNaira(row.savingsAmount),
    shareHoldingAmount: koboToNaira(row.shareHoldingAmount),
    totalAmount: koboToNaira(row.savingsAmount + row.shareHoldingAmount),
    transferDate: row.transferDate,
    bankReference: row.bankReference,
    note: row.note,
    status: row.status,
    submittedAt: row.submittedAt.toISOString(),
    decidedAt: row.decidedAt?.toISOString() ?? null,
    rejectionReason: row.rejectionReason,
  };
}

/** GET /users/deposit-notices/instructions */
export async function getDepositInstructions(
  deps: Deps,
  actor: MemberActor,
): Promise<DepositInstructions> {
  const latest = await latestContribution(deps.db, actor.user.id);
  return {
    monthlyDeduction: latest
      ? {
          month: latest.contributionMonth,
          savingsAmount: koboToNaira(latest.savingsAmount),
          shareHoldingAmount: koboToNaira(latest.shareHoldingAmount),
          totalAmount: koboToNaira(latest.totalAmount),
        }
      : null,
    bankAccount: deps.config.cooperative.bankAccount,
  };
}

/** GET /users/deposit-notices: the member's own, newest first. */
export async function listDepositNotices(
  deps: Deps,
  actor: MemberActor,
  query: DepositNoticeListQuery,
): Promise<ListPage<DepositNotice>> {
  const page = await depositNoticesRepository(deps.db).page(actor.user.id, query);
  return { items: page.items.map(toDepositNotice), pagination: page.pagination };
}

/**
 * Dashboard seam (lib/dashboard-seam.ts): the member's notices as (incoming) contribution
 * activity. Row: the bank reference in `label`.
 */
export const depositNoticeActivity: ActivitySource = {
  key: 'deposit-notices',
  fragment: depositNoticeActivitySql,
  map: (row) => ({
    id: row.id,
    type: 'contribution',
    description: `Voluntary deposit (ref. ${row.label})`,
    amount: koboToNaira(row.amountKobo),
    date: row.occurredAt,
    status: row.status === 'verified' ? 'completed' : row.status,
  }),
};

/**
 * POST /users/deposit-notices: the member notifies a transfer. No money moves yet. A bank
 * reference is notified once (a rejected notice may be sent again, corrected).
 */
export async function submitDepositNotice(
  deps: Deps,
  actor: MemberActor,
  input: DepositNoticeRequest,
): Promise<DepositNotice> {
  const today = toIsoDateInTimeZone(deps.clock.now());
  if (input.transferDate > today) {
    throw validationError([
      { field: 'transferDate', message: DEPOSIT_NOTICE_MESSAGES.transferDateFuture },
    ]);
  }
  const userId = actor.user.id;
  const bankReference = input.bankReference.trim();
  return deps.db.transaction(async (tx) => {
    const repo = depositNoticesRepository(tx);
    const duplicate = () =>
      new DomainError({
        code: 'DEPOSIT_NOTICE_DUPLICATE',
        message: DEPOSIT_NOTICE_MESSAGES.duplicate,
        details: [{ field: 'bankReference', message: DEPOSIT_NOTICE_MESSAGES.duplicate }],
      });
    if (await repo.findLive(userId, bankReference)) throw duplicate();
    const now = deps.clock.now();
    const row = await repo.insert({
      userId,
      savingsAmount: nairaToKobo(input.savingsAmount),
      shareHoldingAmount: nairaToKobo(input.shareHoldingAmount),
      transferDate: input.transferDate,
      bankReference,
      note: input.note || null,
      status: 'pending',
      submittedAt: now,
      createdAt: now,
      updatedAt: now,
    });
    // A concurrent notice of the same reference won the unique index.
    if (!row) throw duplicate();
    await writeAudit(tx, actor, {
      action: 'deposit_notice.submitted',
      entityType: 'deposit_notice',
      entityId: row.id,
      after: {
        savingsAmount: row.savingsAmount,
        shareHoldingAmount: row.shareHoldingAmount,
        transferDate: row.transferDate,
        bankReference,
      },
    });
    return toDepositNotice(row);
  });
}

async function lockPending(tx: Executor, id: string, to: 'verified' | 'rejected') {
  const row = await depositNoticesRepository(tx).lock(id);
  if (!row) throw notFound('Deposit notice');
  assertTransition(DEPOSIT_NOTICE_TRANSITIONS, row.status, to, {
    code: 'DEPOSIT_NOTICE_NOT_PENDING',
    message: `This deposit notice is ${row.status}: only a pending notice can be ${to}`,
  });
  return row;
}

/**
 * The administrator found the transfer on the bank statement: it becomes a contribution through
 * the ledger, dated on the transfer day, and the member is told.
 */
export async function verifyDepositNotice(
  deps: Deps,
  actor: Actor,
  input: VerifyDepositNoticeInput,
): Promise<DepositNoticeRow> {
  return deps.db.transaction(async (tx) => {
    const row = await lockPending(tx, input.id, 'verified');
    const total = row.savingsAmount + row.shareHoldingAmount;
    const memberLegs: LedgerEntryInput[] = [];
    if (row.savingsAmount > 0) {
      memberLegs.push({
        account: 'member_savings',
        userId: row.userId,
        amount: -row.savingsAmount,
      });
    }
    if (row.shareHoldingAmount > 0) {
      memberLegs.push({
        account: 'member_shares',
        userId: row.userId,
        amount: -row.shareHoldingAmount,
      });
    }
    const posted = await postLedgerTransaction(tx, {
      kind: 'contribution',
      description: `Voluntary deposit (ref. ${row.bankReference})`,
      effectiveDate: row.transferDate,
      reference: { type: 'deposit_notice', id: row.id },
      createdBy: actorIdOf(actor),
      entries: [{ account: 'coop_bank', amount: total }, ...memberLegs],
    });
    const now = deps.clock.now();
    const verified = await depositNoticesRepository(tx).update(row.id, {
      status: 'verified',
      decidedAt: now,
      decidedBy: actorIdOf(actor),
      ledgerTransactionId: posted.id,
      updatedAt: now,
    });
    await writeAudit(tx, actor, {
      action: 'deposit_notice.verified',
      entityType: 'deposit_notice',
      entityId: row.id,
      before: { status: row.status },
      after: { status: 'verified', ledgerTransactionId: posted.id },
    });
    await settleNotifications(tx, deps, {
      userId: row.userId,
      type: 'deposit_notice',
      ids: [row.id],
    });
    await sendMessages(tx, deps, actor, [
      {
        userId: row.userId,
        template: 'depositNoticeDecided',
        facts: {
          depositNoticeId: row.id,
          amount: total,
          bankReference: row.bankReference,
          outcome: 'verified',
        },
      },
    ]);
    return verified;
  });
}

/** The administrator could not find the transfer: the notice is rejected with a reason. */
export async function rejectDepositNotice(
  deps: Deps,
  actor: Actor,
  input: RejectDepositNoticeInput,
): Promise<DepositNoticeRow> {
  const reason = input.reason.trim();
  if (reason.length < 3) {
    throw new DomainError({ code: 'VALIDATION_ERROR', message: 'Say why the notice is rejected' });
  }
  return deps.db.transaction(async (tx) => {
    const row = await lockPending(tx, input.id, 'rejected');
    const now = deps.clock.now();
    const rejected = await depositNoticesRepository(tx).update(row.id, {
      status: 'rejected',
      decidedAt: now,
      decidedBy: actorIdOf(actor),
      rejectionReason: reason,
      updatedAt: now,
    });
    await writeAudit(tx, actor, {
      action: 'deposit_notice.rejected',
      entityType: 'deposit_notice',
      entityId: row.id,
      before: { status: row.status },
      after: { status: 'rejected', reason },
    });
    await sendMessages(tx, deps, actor, [
      {
        userId: row.userId,
        template: 'depositNoticeDecided',
        facts: {
          depositNoticeId: row.id,
          amount: row.savingsAmount + row.shareHoldingAmount,
          bankReference: row.bankReference,
          outcome: 'rejected',
          reason,
        },
      },
    ]);
    return rejected;
  });
}

/* ------------------------------------------------------------------ back office */

function toAdminDepositNotice(row: AdminDepositNoticeRow): AdminDepositNotice {
  const { id: _id, ...notice } = toDepositNotice(row);
  return {
    id: row.id,
    member: {
      id: row.userId,
      firstName: row.memberFirstName,
      lastName: row.memberLastName,
      membershipId: row.memberMembershipId,
    },
    ...notice,
  };
}

async function adminDepositNotice(db: Executor, id: string): Promise<AdminDepositNotice> {
  const row = await depositNoticesRepository(db).adminOne(id);
  if (!row) throw notFound('Deposit notice');
  return toAdminDepositNotice(row);
}

/** GET /admin/deposit-notices: every member's notices, oldest first. */
export async function listAdminDepositNotices(
  deps: Deps,
  _actor: Actor,
  query: AdminDepositNoticeListQuery,
): Promise<ListPage<AdminDepositNotice>> {
  const page = await depositNoticesRepository(deps.db).adminPage(query);
  return { items: page.items.map(toAdminDepositNotice), pagination: page.pagination };
}

/** POST /admin/deposit-notices/{id}/verify: `verifyDepositNotice`, answered as the list shows it. */
export async function verifyDepositNoticeRequest(
  deps: Deps,
  actor: Actor,
  input: IdParams,
): Promise<AdminDepositNotice> {
  const verified = await verifyDepositNotice(deps, actor, { id: input.id });
  return adminDepositNotice(deps.db, verified.id);
}

/** POST /admin/deposit-notices/{id}/reject: `rejectDepositNotice`, answered as the list shows it. */
export async function rejectDepositNoticeRequest(
  deps: Deps,
  actor: Actor,
  input: IdParams & AdminRejectInput,
): Promise<AdminDepositNotice> {
  const rejected = await rejectDepositNotice(deps, actor, input);
  return adminDepositNotice(deps.db, rejected.id);
}
