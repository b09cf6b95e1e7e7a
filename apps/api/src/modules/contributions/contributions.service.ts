/**
 * Contributions (docs/member-portal.md §2, §4; docs/business-rules.md): a member's monthly payroll
 * deductions. The administrator's payroll posts them (`recordContributions`); the member lists
 * them, confirms pending ones and disputes confirmed ones.
 *
 * Every state-changing function here is a use case of the one shape of
 * docs/decisions/003-api-layering.md: `(deps, actor, input)`, one transaction, then in order:
 * lock what it checks, assertTransition, the business write, the ledger posting when money moves,
 * the audit rows, the member's notifications.
 */
import { canDisputeContribution, CONTRIBUTION_TRANSITIONS } from '@coop/shared/contribution-rules';
import type {
  ConfirmContributionsInput,
  Contribution,
  ContributionListQuery,
  DisputeContributionInput,
} from '@coop/shared/contributions';
import {
  formatMonth,
  isIsoDate,
  isIsoMonth,
  toIsoDateInTimeZone,
  type IsoDate,
  type IsoMonth,
} from '@coop/shared/dates';
import { idSchema, type IdParams } from '@coop/shared/http';
import {
  CONTRIBUTION_CONFIRM_WITHIN_DAYS,
  CONTRIBUTIONS_DEFAULT_QUERY,
} from '@coop/shared/constants';
import { addDays } from '@coop/shared/dates';
import { formatKobo, koboToNaira, nairaToKobo, type Kobo } from '@coop/shared/money';
import type { Executor } from '../../db/client.js';
import {
  type Dispute,
  type DisputeListQuery,
  type ResolveDisputeInput,
  resolveDisputeSchema,
} from '@coop/shared/contributions';
import type { Deps } from '../../deps.js';
import type { ActivitySource, PendingActionSource } from '../../lib/dashboard-seam.js';
import type { Actor, MemberActor } from '../../lib/actor.js';
import { actorIdOf } from '../../lib/actor.js';
import { writeAudit } from '../../lib/audit-log.js';
import { DomainError, notFound, validationError } from '../../lib/domain-error.js';
import { postLedgerTransactions, type LedgerEntryInput } from '../ledger/ledger.service.js';
import { listBody, type ListPage } from '../../lib/list-query.js';
import { keptFirstPage } from '../../lib/member-read-cache.js';
import { assertTransition } from '../../lib/transitions.js';
import { sendMessages, settleNotifications } from '../notifications/notifications.service.js';
import {
  contributionActivitySql,
  contributionPendingSql,
  pendingContributionIdsSql,
  contributionsRepository,
  type ContributionListRow,
  type ContributionRow,
  type DisputeListRow,
} from './contributions.repository.js';

/** docs/member-portal.md §3 Contribution: amounts in naira, the dispute's date and resolver. */
export function toContribution(row: ContributionListRow): Contribution {
  return {
    id: row.id,
    _id: row.id,
    contributionMonth: row.contributionMonth,
    contributionDate: row.contributionDate,
    savingsAmount: koboToNaira(row.savingsAmount),
    shareHoldingAmount: koboToNaira(row.shareHoldingAmount),
    totalAmount: koboToNaira(row.totalAmount),
    status: row.status,
    disputeDate: row.disputeDate?.toISOString() ?? null,
    disputeResolvedBy: row.disputeResolvedBy,
  };
}

/**
 * GET /users/contributions: the member's own, filtered, one page, as the answer's JSON text
 * (decision 165: PostgreSQL writes the items). The default first page (page 1 of 25, newest
 * deduction first, no filter: what the page opens on) is kept at write time (decision 185: it
 * reads the member's contributions only).
 */
export function listContributions(
  deps: Deps,
  actor: MemberActor,
  query: ContributionListQuery,
): Promise<string> {
  const userId = actor.user.id;
  const day = toIsoDateInTimeZone(deps.clock.now());
  return keptFirstPage(
    deps.db,
    { view: 'contributions', userId, day },
    query,
    CONTRIBUTIONS_DEFAULT_QUERY,
    async (kept) => {
      const page = await contributionsRepository(deps.db).page(userId, query, kept);
      return { body: listBody(page), version: page.also.version };
    },
  );
}

/** The member's savings of confirmed (or resolved) contributions: what a loan limit counts. */
export function confirmedSavingsOf(db: Executor, userId: string): Promise<number> {
  return contributionsRepository(db).confirmedSavings(userId);
}

/** The members among `userIds` who already have a contribution for `month` ('yyyy-MM'). */
export function membersWithContributionFor(
  db: Executor,
  userIds: readonly string[],
  month: string,
) {
  return contributionsRepository(db).membersWithMonth(userIds, month);
}

/**
 * For the payroll's pending actions: the ids of the member's contributions still waiting for
 * confirmation, as a subquery of its statement (docs/architecture.md "Table owners").
 */
export function pendingContributionIds(userId: string) {
  return pendingContributionIdsSql(userId);
}

/** The member's current monthly deduction: the latest payroll month's (Make Contribution). */
export function latestContribution(db: Executor, userId: string) {
  return contributionsRepository(db).latest(userId);
}

/** Dashboard seam (lib/dashboard-seam.ts): the member's newest contributions as activity. */
export const contributionActivity: ActivitySource = {
  key: 'contributions',
  fragment: contributionActivitySql,
  map: (row) => ({
    id: row.id,
    type: 'contribution',
    description: `Contribution for ${formatMonth(row.label ?? '')}`,
    amount: koboToNaira(row.amountKobo),
    date: row.occurredAt,
    status: row.status,
  }),
};

/**
 * Dashboard seam: each pending contribution asks to be confirmed (or disputed once confirmed)
 * within CONTRIBUTION_CONFIRM_WITHIN_DAYS of its deduction (decision 040). Row: the month in
 * `label`, the deduction date in `detail`.
 */
export const contributionPendingActions: PendingActionSource = {
  key: 'contributions',
  fragment: (member) => contributionPendingSql(member.id),
  map: (row) => ({
    id: row.id,
    type: 'contribution_confirm',
    description: `${formatMonth(row.label ?? '')} contribution of ${formatKobo(row.amountKobo ?? 0)}`,
    actionRequired: 'Confirm that this deduction is correct',
    deadline: addDays(row.detail ?? '', CONTRIBUTION_CONFIRM_WITHIN_DAYS),
    actionUrl: '/contributions?status=pending',
  }),
  group: (rows) => ({
    description: `${rows.length} contributions to confirm`,
    actionRequired: 'Confirm that these deductions are correct',
  }),
};

/** GET /users/contributions/{id}: one of the member's own; anyone else's answers 404. */
export async function getContribution(
  deps: Deps,
  actor: MemberActor,
  { id }: IdParams,
): Promise<Contribution> {
  const row = await contributionsRepository(deps.db).findOwned(actor.user.id, id);
  if (!row) throw notFound('Contribution');
  return toContribution(row);
}

/**
 * The member confirms some of their own pending contributions (docs/member-portal.md §4: pending →
 * confirmed). All or nothing: an id that is not the member's answers 404 (another member's row is
 * never revealed) and a row that is no longer pending answers 409 naming it; then nothing changes.
 * The rows are locked first, so concurrent confirmations of one row confirm it once. Their "please
 * confirm" notifications are read from then on.
 */
export async function confirmContributions(
  deps: Deps,
  actor: MemberActor,
  input: ConfirmContributionsInput,
): Promise<Contribution[]> {
  const ids = [...new Set(input.contributionIds)];
  if (ids.length === 0) {
    throw new DomainError({
      code: 'VALIDATION_ERROR',
      message: 'Select at least one contribution to confirm',
    });
  }
  if (!ids.every((id) => idSchema.safeParse(id).success)) throw notFound('Contribution');
  const userId = actor.user.id;

  return deps.db.transaction(async (tx) => {
    const repo = contributionsRepository(tx);
    const locked = await repo.lockOwned(userId, ids);
    if (locked.length !== ids.length) throw notFound('Contribution');
    for (const row of locked) {
      assertTransition(CONTRIBUTION_TRANSITIONS, row.status, 'confirmed', {
        code: 'CONTRIBUTION_NOT_PENDING',
        message: `The ${formatMonth(row.contributionMonth)} contribution is ${row.status}: only pending contributions can be confirmed`,
      });
    }

    const now = deps.clock.now();
    const confirmed = await repo.update(ids, {
      status: 'confirmed',
      confirmedAt: now,
      updatedAt: now,
    });
    await writeAudit(
      tx,
      actor,
      confirmed.map((row) => ({
        action: 'contribution.confirmed' as const,
        entityType: 'contribution' as const,
        entityId: row.id,
        before: { status: 'pending' },
        after: { status: 'confirmed' },
      })),
    );
    await settleNotifications(tx, deps, { userId, type: 'contribution', ids });
    return confirmed
      .sort((a, b) => a.contributionMonth.localeCompare(b.contributionMonth))
      .map(toContribution);
  });
}

/**
 * The member disputes one of their own confirmed contributions (docs/member-portal.md §4: confirmed
 * → disputed), allowed once: never on a row disputed or resolved before. The administrator resolves
 * it in the back office; the money stays where the payroll put it until then.
 */
export async function disputeContribution(
  deps: Deps,
  actor: MemberActor,
  { id, reason }: IdParams & DisputeContributionInput,
): Promise<Contribution> {
  return deps.db.transaction(async (tx) => {
    const repo = contributionsRepository(tx);
    const [row] = await repo.lockOwned(actor.user.id, [id]);
    if (!row) throw notFound('Contribution');
    const month = formatMonth(row.contributionMonth);
    if (!canDisputeContribution({ ...row, disputeDate: row.disputeDate?.toISOString() ?? null })) {
      throw new DomainError({
        code: 'CONTRIBUTION_NOT_DISPUTABLE',
        message: `The ${month} contribution cannot be disputed: only a confirmed contribution that was never disputed can be`,
      });
    }
    assertTransition(CONTRIBUTION_TRANSITIONS, row.status, 'disputed');

    const now = deps.clock.now();
    const [disputed] = await repo.update([id], {
      status: 'disputed',
      disputeReason: reason,
      disputeDate: now,
      updatedAt: now,
    });
    if (!disputed) throw notFound('Contribution');
    await writeAudit(tx, actor, {
      action: 'contribution.disputed',
      entityType: 'contribution',
      entityId: id,
      before: { status: row.status },
      after: { status: 'disputed', reason },
    });
    return toContribution(disputed);
  });
}

export interface PayrollDeduction {
  userId: string;
  /** 'yyyy-MM': the payroll month the deduction belongs to. */
  month: IsoMonth;
  /** The day the money was deducted; within or after its month, never in the future. */
  contributionDate: IsoDate;
  savingsKobo: Kobo;
  sharesKobo: Kobo;
}

const invalid = (message: string) => new DomainError({ code: 'VALIDATION_ERROR', message });

const alreadyRecorded = (month: IsoMonth) =>
  new DomainError({
    code: 'CONTRIBUTION_EXISTS',
    message: `A contribution for ${formatMonth(month)} is already recorded for this member`,
  });

/**
 * The administrator posts payroll deductions (one member or a whole payroll month) in ONE
 * transaction: all are recorded or, if any breaks a rule, none is. Each row arrives `pending`
 * (it counts toward the member's balances at once; confirming is the member's acknowledgement),
 * its balanced posting debits `coop_bank` (or the payroll receivable) and credits the member's savings and shares, every row
 * is audited, and each member is asked to confirm. One row per member and month, under any
 * concurrency: the unique index decides. Set-based, so a payroll of thousands of rows takes a
 * handful of statements; rows come back in the order given.
 */
export async function recordContributions(
  deps: Deps,
  actor: Actor,
  {
    deductions,
    receivedInto = 'coop_bank',
  }: {
    deductions: readonly PayrollDeduction[];
    /**
     * Where the money is: the bank, or, for the payroll month's import, still with the employer
     * until remitted (docs/decisions/150-payroll-cycle.md).
     */
    receivedInto?: 'coop_bank' | 'coop_payroll_receivable';
  },
): Promise<ContributionRow[]> {
  if (deductions.length === 0) return [];
  const today = toIsoDateInTimeZone(deps.clock.now());
  const seen = new Set<string>();
  for (const deduction of deductions) {
    validateDeduction(deduction, today);
    const key = `${deduction.userId}/${deduction.month}`;
    if (seen.has(key)) throw alreadyRecorded(deduction.month);
    seen.add(key);
  }
  const memberIds = [...new Set(deductions.map((deduction) => deduction.userId))];
  if (!memberIds.every((id) => idSchema.safeParse(id).success)) throw notFound('Member');

  return deps.db.transaction(async (tx) => {
    const repo = contributionsRepository(tx);
    const joinedOn = await repo.joiningDates(memberIds);
    for (const deduction of deductions) {
      const joined = joinedOn.get(deduction.userId);
      if (joined === undefined) throw notFound('Member');
      if (deduction.month < joined.slice(0, 7)) {
        throw new DomainError({
          code: 'CONTRIBUTION_BEFORE_JOINING',
          message: `The member joined on ${joined}; there is no contribution for ${formatMonth(deduction.month)}`,
        });
      }
    }

    // ON CONFLICT leaves an existing (member, month) alone, waiting for a concurrent insert of
    // the same key to commit first; a missing row means a repeat. Keys go in one fixed order, so
    // two overlapping payrolls cannot deadlock on them.
    const keyOf = (userId: string, month: string) => `${userId}/${month}`;
    const sorted = [...deductions].sort((a, b) =>
      keyOf(a.userId, a.month).localeCompare(keyOf(b.userId, b.month)),
    );
    const inserted = await repo.insertNew(
      sorted.map((deduction) => ({
        userId: deduction.userId,
        contributionMonth: deduction.month,
        contributionDate: deduction.contributionDate,
        savingsAmount: deduction.savingsKobo,
        shareHoldingAmount: deduction.sharesKobo,
        status: 'pending' as const,
      })),
    );
    const byKey = new Map(inserted.map((row) => [keyOf(row.userId, row.contributionMonth), row]));
    const rows = deductions.map((deduction) => {
      const row = byKey.get(keyOf(deduction.userId, deduction.month));
      if (!row) throw alreadyRecorded(deduction.month);
      return row;
    });

    const posted = await postLedgerTransactions(
      tx,
      rows.map((row) => ({
        kind: 'contribution' as const,
        description: `Contribution for ${formatMonth(row.contributionMonth)}`,
        effectiveDate: row.contributionDate,
        reference: { type: 'contribution', id: row.id },
        createdBy: actorIdOf(actor),
        entries: [{ account: receivedInto, amount: row.totalAmount }, ...memberLegs(row)],
      })),
    );
    const links = new Map(rows.map((row, i) => [row.id, posted[i]?.id ?? '']));
    await repo.linkLedgerTransactions(links);
    for (const row of rows) row.ledgerTransactionId = links.get(row.id) ?? null;

    await writeAudit(
      tx,
      actor,
      rows.map((row) => ({
        action: 'contribution.recorded' as const,
        entityType: 'contribution' as const,
        entityId: row.id,
        after: {
          userId: row.userId,
          contributionMonth: row.contributionMonth,
          contributionDate: row.contributionDate,
          savingsAmount: row.savingsAmount,
          shareHoldingAmount: row.shareHoldingAmount,
          status: row.status,
          ledgerTransactionId: row.ledgerTransactionId,
        },
      })),
    );
    await sendMessages(
      tx,
      deps,
      actor,
      rows.map((row) => ({
        userId: row.userId,
        template: 'contributionToConfirm' as const,
        facts: {
          contributionId: row.id,
          month: row.contributionMonth,
          savings: row.savingsAmount,
          shares: row.shareHoldingAmount,
        },
      })),
    );
    return rows;
  });
}

/** The member's side of a contribution's posting: savings and shares, zero legs left out. */
function memberLegs(row: ContributionRow): LedgerEntryInput[] {
  const legs: LedgerEntryInput[] = [];
  if (row.savingsAmount > 0) {
    legs.push({ account: 'member_savings', userId: row.userId, amount: -row.savingsAmount });
  }
  if (row.shareHoldingAmount > 0) {
    legs.push({ account: 'member_shares', userId: row.userId, amount: -row.shareHoldingAmount });
  }
  return legs;
}

function validateDeduction(deduction: PayrollDeduction, today: IsoDate): void {
  for (const [label, amount] of [
    ['Savings amount', deduction.savingsKobo],
    ['Share holding amount', deduction.sharesKobo],
  ] as const) {
    if (!Number.isSafeInteger(amount) || amount < 0) {
      throw invalid(`${label} must be a whole number of kobo, zero or more`);
    }
  }
  if (deduction.savingsKobo + deduction.sharesKobo <= 0) {
    throw invalid('A contribution needs a savings or share holding amount above zero');
  }
  if (!Number.isSafeInteger(deduction.savingsKobo + deduction.sharesKobo)) {
    throw invalid('The contribution amount is too large');
  }
  if (!isIsoMonth(deduction.month)) {
    throw invalid('Contribution month must be a month as yyyy-MM');
  }
  if (!isIsoDate(deduction.contributionDate)) {
    throw invalid('Contribution date must be a date as yyyy-MM-dd');
  }
  if (deduction.month > today.slice(0, 7)) {
    throw invalid(
      `Cannot record a contribution for ${formatMonth(deduction.month)}, which has not begun`,
    );
  }
  if (deduction.contributionDate < `${deduction.month}-01`) {
    throw invalid(`The contribution date falls before ${formatMonth(deduction.month)}`);
  }
  if (deduction.contributionDate > today) {
    throw invalid('The contribution date cannot be in the future');
  }
}

/* ------------------------------------------------------------ the dispute queue (docs/decisions/070-back-office.md) */

function toDispute(row: DisputeListRow): Dispute {
  return {
    id: row.id,
    member: {
      id: row.userId,
      firstName: row.memberFirstName,
      lastName: row.memberLastName,
      membershipId: row.memberMembershipId,
    },
    contributionMonth: row.contributionMonth,
    savingsAmount: koboToNaira(row.savingsAmount),
    shareHoldingAmount: koboToNaira(row.shareHoldingAmount),
    totalAmount: koboToNaira(row.totalAmount),
    status: row.status,
    disputeReason: row.disputeReason,
    disputeDate: row.disputeDate?.toISOString() ?? null,
    resolutionNote: row.disputeResolutionNote,
    resolvedAt: row.resolvedAt?.toISOString() ?? null,
  };
}

/** GET /admin/contributions/disputes: the queue (oldest dispute first), or the resolved ones. */
export async function listDisputes(
  deps: Deps,
  _actor: MemberActor,
  query: DisputeListQuery,
): Promise<ListPage<Dispute>> {
  const page = await contributionsRepository(deps.db).disputePage(query);
  return { items: page.items.map(toDispute), pagination: page.pagination };
}

/**
 * The administrator resolves a disputed contribution (docs/member-portal.md §4: disputed →
 * resolved) with a note. When the member was right, the row takes the amounts really deducted and
 * the difference is posted as one balanced `adjustment` transaction between the member's accounts
 * and
 * `coop_adjustments` (docs/decisions/071-dispute-adjustments.md); the ledger refuses it (409)
 * if it would take a balance below zero. The member is notified either way. The back office
 * and the demo seed both resolve through here.
 */
export async function resolveContributionDispute(
  deps: Deps,
  actor: MemberActor,
  { id, ...request }: IdParams & ResolveDisputeInput,
): Promise<Dispute> {
  const parsed = resolveDisputeSchema.safeParse(request);
  if (!parsed.success) {
    throw validationError(
      parsed.error.issues.map((issue) => ({ field: issue.path.join('.'), message: issue.message })),
    );
  }
  const input = parsed.data;
  if (!idSchema.safeParse(id).success) throw notFound('Contribution');
  return deps.db.transaction(async (tx) => {
    const repo = contributionsRepository(tx);
    const row = await repo.lock(id);
    if (!row) throw notFound('Contribution');
    const month = formatMonth(row.contributionMonth);
    assertTransition(CONTRIBUTION_TRANSITIONS, row.status, 'resolved', {
      code: 'CONTRIBUTION_NOT_DISPUTED',
      message: `The ${month} contribution is ${row.status}: only a disputed contribution can be resolved`,
    });

    const savings = input.memberWasRight
      ? nairaToKobo(input.correctedSavings ?? 0)
      : row.savingsAmount;
    const shares = input.memberWasRight
      ? nairaToKobo(input.correctedShares ?? 0)
      : row.shareHoldingAmount;
    const savingsDelta = savings - row.savingsAmount;
    const sharesDelta = shares - row.shareHoldingAmount;
    const now = deps.clock.now();
    const [resolved] = await repo.update([id], {
      status: 'resolved',
      savingsAmount: savings,
      shareHoldingAmount: shares,
      disputeResolvedBy: actor.user.id,
      disputeResolutionNote: input.note,
      resolvedAt: now,
      updatedAt: now,
    });
    if (!resolved) throw notFound('Contribution');

    let adjustmentId: string | null = null;
    if (savingsDelta !== 0 || sharesDelta !== 0) {
      const entries: LedgerEntryInput[] = [];
      // A member credit is negative (decision 030): more savings means a more negative entry.
      if (savingsDelta !== 0) {
        entries.push({ account: 'member_savings', userId: row.userId, amount: -savingsDelta });
      }
      if (sharesDelta !== 0) {
        entries.push({ account: 'member_shares', userId: row.userId, amount: -sharesDelta });
      }
      entries.push({ account: 'coop_adjustments', amount: savingsDelta + sharesDelta });
      const nonZero = entries.filter((entry) => entry.amount !== 0);
      const [posted] = await postLedgerTransactions(tx, [
        {
          kind: 'adjustment',
          description: `Dispute resolved: ${month} contribution corrected`,
          effectiveDate: toIsoDateInTimeZone(now),
          reference: { type: 'contribution', id },
          createdBy: actor.user.id,
          entries: nonZero,
        },
      ]);
      adjustmentId = posted?.id ?? null;
    }

    await writeAudit(tx, actor, {
      action: 'contribution.dispute_resolved',
      entityType: 'contribution',
      entityId: id,
      before: {
        status: row.status,
        savingsAmount: row.savingsAmount,
        shareHoldingAmount: row.shareHoldingAmount,
      },
      after: {
        status: 'resolved',
        savingsAmount: savings,
        shareHoldingAmount: shares,
        note: input.note,
        adjustmentTransactionId: adjustmentId,
      },
    });
    await sendMessages(tx, deps, actor, [
      {
        userId: row.userId,
        template: 'contributionDisputeResolved',
        facts: {
          contributionId: id,
          month: row.contributionMonth,
          note: input.note,
          corrected: adjustmentId !== null,
          total: savings + shares,
        },
      },
    ]);
    const member = await repo.memberOf(row.userId);
    if (!member) throw notFound('Member');
    return toDispute({ ...resolved, ...member });
  });
}
