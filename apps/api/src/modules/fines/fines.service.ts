/**
 * Fines (docs/member-portal.md §2 Fines, §3, §4; docs/business-rules.md "Dividends and fines"): the
 * administrator issues a fine to a member; it stays `pending` until the administrator records it
 * `paid` (from the member's savings or by a bank transfer, through the ledger) or `waived`. The
 * member lists them, and pending ones count in Total Fines and in Pending Actions. Use cases follow
 * docs/decisions/003-api-layering.md.
 */
import type {
  AdminFine,
  AdminFineListQuery,
  AdminIssueFinesInput,
  AdminMarkFinePaidInput,
  AdminWaiveFineInput,
} from '@coop/shared/fines';
import type { IdParams } from '@coop/shared/http';
import { addDays, formatDisplayDate, isIsoDate, toIsoDateInTimeZone } from '@coop/shared/dates';
import {
  type Fine,
  FINE_MESSAGES,
  FINE_TRANSITIONS,
  type FineListQuery,
  type IssueFineInput,
  type MarkFinePaidInput,
  type WaiveFineInput,
} from '@coop/shared/fines';
import { formatKobo, koboToNaira, nairaToKobo } from '@coop/shared/money';
import type { Executor } from '../../db/client.js';
import type { Deps } from '../../deps.js';
import type { Actor, MemberActor } from '../../lib/actor.js';
import { actorIdOf, systemActor } from '../../lib/actor.js';
import type {
  ActivitySource,
  PendingActionSource,
  SummaryTotal,
} from '../../lib/dashboard-seam.js';
import { writeAudit } from '../../lib/audit-log.js';
import { chunks } from '../../lib/chunks.js';
import { DomainError, notFound, validationError } from '../../lib/domain-error.js';
import type { ScheduledJob } from '../../lib/jobs.js';
import { availableOf, lockMemberBalance, postLedgerTransaction } from '../ledger/ledger.service.js';
import type { ListPage } from '../../lib/list-query.js';
import { assertTransition } from '../../lib/transitions.js';
import { sendMessages, settleNotifications } from '../notifications/notifications.service.js';
import { overdueInstalmentsDue } from '../loans/loan-servicing.service.js';
import { currentPolicy } from '../policy/policy.service.js';
import {
  fineActivitySql,
  finePendingSql,
  finesRepository,
  pendingFinesDueBySql,
  pendingFinesToPayRows,
  pendingFinesTotalSql,
  type AdminFineRow,
  type FineListRow,
  type FineRow,
} from './fines.repository.js';

/**
 * For the payroll schedule's one statement: per member, pending fines due by `dueBy` (columns
 * user_id, amount), a subquery payroll runs inside its own (docs/architecture.md "Table owners").
 */
export function pendingFinesDueBy(dueBy: string, userIds?: readonly string[]) {
  return pendingFinesDueBySql(dueBy, userIds);
}

/**
 * For the payroll import: each member's pending fines due by `dueBy`, oldest due first, which a
 * payroll deduction pays whole (docs/decisions/155-payroll-actuals.md).
 */
export async function pendingFinesToPay(
  db: Executor,
  userIds: readonly string[],
  dueBy: string,
): Promise<Map<string, Array<{ id: string; amount: number }>>> {
  const byUser = new Map<string, Array<{ id: string; amount: number }>>();
  for (const slice of chunks(userIds)) {
    for (const row of await pendingFinesToPayRows(db, slice, dueBy)) {
      const list = byUser.get(row.userId) ?? [];
      list.push({ id: row.id, amount: row.amount });
      byUser.set(row.userId, list);
    }
  }
  return byUser;
}

export function toFine(row: FineListRow): Fine {
  return {
    id: row.id,
    reason: row.reason,
    amount: koboToNaira(row.amount),
    fineDate: row.fineDate,
    dueDate: row.dueDate,
    status: row.status,
    waiverNote: row.waiverNote,
  };
}

/** GET /users/fines: the member's own, by status, one page. */
export async function listFines(
  deps: Deps,
  actor: MemberActor,
  query: FineListQuery,
): Promise<ListPage<Fine>> {
  const page = await finesRepository(deps.db).page(actor.user.id, query);
  return { items: page.items.map(toFine), pagination: page.pagination };
}

/**
 * Dashboard seam (lib/dashboard-seam.ts): the member's newest fines as (outgoing) activity. Row:
 * the reason in `label`.
 */
export const fineActivity: ActivitySource = {
  key: 'fines',
  fragment: fineActivitySql,
  map: (row) => ({
    id: row.id,
    type: 'fine',
    description: `Fine: ${row.label}`,
    amount: koboToNaira(row.amountKobo),
    date: row.occurredAt,
    status: row.status,
  }),
};

/** Dashboard seam: each pending fine is to be paid by its due date (reason, due date). */
export const finePendingActions: PendingActionSource = {
  key: 'fines',
  fragment: (member) => finePendingSql(member.id),
  map: (row) => {
    const amount = formatKobo(row.amountKobo ?? 0);
    const dueDate = row.detail ?? '';
    return {
      id: row.id,
      type: 'fine_payment',
      description: `Fine: ${row.label} (${amount})`,
      actionRequired: `Pay ${amount} by ${formatDisplayDate(dueDate)}`,
      deadline: dueDate,
      actionUrl: '/fines?status=pending',
    };
  },
  group: (rows) => ({
    description: `${rows.length} fines to pay`,
    actionRequired: `Pay ${formatKobo(rows.reduce((sum, row) => sum + (row.amountKobo ?? 0), 0))} in all, each by its due date`,
  }),
};

/** Total Fines on the dashboard: the member's pending fines, in kobo (docs/business-rules.md). */
export const pendingFinesTotal: SummaryTotal = pendingFinesTotalSql;

const invalid = (message: string) => new DomainError({ code: 'VALIDATION_ERROR', message });

/**
 * The administrator fines a member. The fine date defaults to today and the due date to the
 * policy's `fine.paymentDueDays` later (decision 040); no money moves until it is paid. The
 * member is told.
 */
export async function issueFine(deps: Deps, actor: Actor, input: IssueFineInput): Promise<FineRow> {
  const today = toIsoDateInTimeZone(deps.clock.now());
  const fineDate = input.fineDate ?? today;
  const dueDate =
    input.dueDate ?? addDays(fineDate, (await currentPolicy(deps.db)).fine.paymentDueDays);
  const reason = input.reason.trim();
  if (reason.length < 3) throw invalid('Reason must be at least 3 characters');
  if (!isIsoDate(fineDate) || !isIsoDate(dueDate)) throw invalid('Dates must be yyyy-MM-dd');
  if (fineDate > today) throw invalid('The fine date cannot be in the future');
  if (dueDate < fineDate) throw invalid('The due date cannot come before the fine date');
  const amount = nairaToKobo(input.amount);
  if (amount <= 0) throw invalid('Enter a valid amount greater than 0');

  return deps.db.transaction(async (tx) => {
    const fine = await finesRepository(tx).insert({
      userId: input.userId,
      reason,
      amount,
      fineDate,
      dueDate,
      status: 'pending',
      issuedBy: actorIdOf(actor),
      createdAt: deps.clock.now(),
      updatedAt: deps.clock.now(),
    });
    await writeAudit(tx, actor, {
      action: 'fine.issued',
      entityType: 'fine',
      entityId: fine.id,
      after: { userId: fine.userId, reason, amount, fineDate, dueDate },
    });
    await sendMessages(tx, deps, actor, [
      {
        userId: fine.userId,
        template: 'fineIssued',
        facts: { fineId: fine.id, reason, amount, dueDate },
      },
    ]);
    return fine;
  });
}

async function lockPendingFine(tx: Executor, id: string, to: 'paid' | 'waived') {
  const fine = await finesRepository(tx).lock(id);
  if (!fine) throw notFound('Fine');
  assertTransition(FINE_TRANSITIONS, fine.status, to, {
    code: 'FINE_NOT_PENDING',
    message: `This fine is ${fine.status}: only a pending fine can be ${to === 'paid' ? 'paid' : 'waived'}`,
  });
  return fine;
}

/** The administrator waives a pending fine with a note; nothing is owed, no money moves. */
export async function waiveFine(deps: Deps, actor: Actor, input: WaiveFineInput): Promise<FineRow> {
  const note = input.note.trim();
  if (note.length < 3) throw invalid('Say why the fine is waived');
  return deps.db.transaction(async (tx) => {
    const fine = await lockPendingFine(tx, input.id, 'waived');
    const waived = await finesRepository(tx).update(fine.id, {
      status: 'waived',
      waivedBy: actorIdOf(actor),
      waiverNote: note,
      updatedAt: deps.clock.now(),
    });
    await writeAudit(tx, actor, {
      action: 'fine.waived',
      entityType: 'fine',
      entityId: fine.id,
      before: { status: fine.status },
      after: { status: 'waived', note },
    });
    await settleNotifications(tx, deps, { userId: fine.userId, type: 'fine', ids: [fine.id] });
    await sendMessages(tx, deps, actor, [
      {
        userId: fine.userId,
        template: 'fineSettled',
        facts: { fineId: fine.id, reason: fine.reason, amount: fine.amount, outcome: 'waived' },
      },
    ]);
    return waived;
  });
}

/**
 * The administrator records a pending fine as paid: from the member's savings (checked against
 * the available balance under the member's lock) or by a transfer into the cooperative's bank.
 * Either way the cooperative's fine income is credited through the ledger.
 */
export async function markFinePaid(
  deps: Deps,
  actor: Actor,
  // 'payroll': deducted by the payroll month's import, owed by the employer until remitted
  // (docs/decisions/150-payroll-cycle.md); never an officer's choice, so not in the shared schema.
  input: Omit<MarkFinePaidInput, 'paidFrom'> & {
    paidFrom: MarkFinePaidInput['paidFrom'] | 'payroll';
  },
): Promise<FineRow> {
  const paidDate = input.paidDate ?? toIsoDateInTimeZone(deps.clock.now());
  if (!isIsoDate(paidDate)) throw invalid('The paid date must be yyyy-MM-dd');
  return deps.db.transaction(async (tx) => {
    const peek = await finesRepository(tx).find(input.id);
    if (!peek) throw notFound('Fine');
    // The member's balance first, then the fine: the order every money use case takes.
    const balance = await lockMemberBalance(tx, peek.userId);
    if (!balance) throw notFound('Member');
    const fine = await lockPendingFine(tx, input.id, 'paid');
    const available = availableOf(balance).savings;
    if (input.paidFrom === 'savings' && available < fine.amount) {
      throw new DomainError({
        code: 'LEDGER_NEGATIVE_BALANCE',
        message: `The member's available savings (${formatKobo(available)}) cannot cover this fine`,
      });
    }
    const posted = await postLedgerTransaction(tx, {
      kind: 'fine_payment',
      description: `Fine paid: ${fine.reason}`,
      effectiveDate: paidDate,
      reference: { type: 'fine', id: fine.id },
      createdBy: actorIdOf(actor),
      entries: [
        input.paidFrom === 'savings'
          ? { account: 'member_savings', userId: fine.userId, amount: fine.amount }
          : {
              account: input.paidFrom === 'payroll' ? 'coop_payroll_receivable' : 'coop_bank',
              amount: fine.amount,
            },
        { account: 'coop_fine_income', amount: -fine.amount },
      ],
    });
    const paid = await finesRepository(tx).update(fine.id, {
      status: 'paid',
      paidDate,
      ledgerTransactionId: posted.id,
      updatedAt: deps.clock.now(),
    });
    await writeAudit(tx, actor, {
      action: 'fine.paid',
      entityType: 'fine',
      entityId: fine.id,
      before: { status: fine.status },
      after: { status: 'paid', paidDate, paidFrom: input.paidFrom, ledgerTransactionId: posted.id },
    });
    await settleNotifications(tx, deps, { userId: fine.userId, type: 'fine', ids: [fine.id] });
    await sendMessages(tx, deps, actor, [
      {
        userId: fine.userId,
        template: 'fineSettled',
        facts: { fineId: fine.id, reason: fine.reason, amount: fine.amount, outcome: 'paid' },
      },
    ]);
    return paid;
  });
}

/* ------------------------------------------------------------------ back office */

function toAdminFine(row: AdminFineRow): AdminFine {
  return {
    id: row.id,
    member: {
      id: row.userId,
      firstName: row.memberFirstName,
      lastName: row.memberLastName,
      membershipId: row.memberMembershipId,
    },
    reason: row.reason,
    amount: koboToNaira(row.amount),
    fineDate: row.fineDate,
    dueDate: row.dueDate,
    status: row.status,
    paidDate: row.paidDate,
    waiverNote: row.waiverNote,
    automatic: row.loanScheduleItemId !== null,
  };
}

async function adminFines(db: Executor, ids: readonly string[]): Promise<AdminFine[]> {
  return (await finesRepository(db).adminMany(ids)).map(toAdminFine);
}

async function adminFine(db: Executor, id: string): Promise<AdminFine> {
  const [fine] = await adminFines(db, [id]);
  if (!fine) throw notFound('Fine');
  return fine;
}

/** GET /admin/fines: every member's fines, newest fine date first. */
export async function listAdminFines(
  deps: Deps,
  _actor: Actor,
  query: AdminFineListQuery,
): Promise<ListPage<AdminFine>> {
  const page = await finesRepository(deps.db).adminPage(query);
  return { items: page.items.map(toAdminFine), pagination: page.pagination };
}

/**
 * POST /admin/fines: the same fine to one member or many, in ONE transaction: every member must
 * exist, and a refusal for any of them (a bad date, say) issues none. Each fine is `issueFine`
 * (its audit row and the member's message).
 */
export async function issueFines(
  deps: Deps,
  actor: Actor,
  input: AdminIssueFinesInput,
): Promise<{ issued: number; fines: AdminFine[] }> {
  const userIds = [...new Set(input.userIds)];
  return deps.db.transaction(async (tx) => {
    const known = await finesRepository(tx).existingUsers(userIds);
    if (userIds.some((id) => !known.has(id))) {
      throw validationError([{ field: 'userIds', message: FINE_MESSAGES.unknownMembers }]);
    }
    const d: Deps = { ...deps, db: tx };
    const ids: string[] = [];
    for (const userId of userIds) {
      const fine = await issueFine(d, actor, {
        userId,
        reason: input.reason,
        amount: input.amount,
        fineDate: input.fineDate,
        dueDate: input.dueDate,
      });
      ids.push(fine.id);
    }
    return { issued: ids.length, fines: await adminFines(tx, ids) };
  });
}

/** POST /admin/fines/{id}/waive: `waiveFine`, answered as the list shows it. */
export async function waiveFineRequest(
  deps: Deps,
  actor: Actor,
  input: IdParams & AdminWaiveFineInput,
): Promise<AdminFine> {
  const waived = await waiveFine(deps, actor, input);
  return adminFine(deps.db, waived.id);
}

/** POST /admin/fines/{id}/pay: `markFinePaid`, answered as the list shows it. */
export async function markFinePaidRequest(
  deps: Deps,
  actor: Actor,
  input: IdParams & AdminMarkFinePaidInput,
): Promise<AdminFine> {
  const paid = await markFinePaid(deps, actor, input);
  return adminFine(deps.db, paid.id);
}

/* ------------------------------------------------------------------ late-repayment fines */

const LATE_FINE_BATCH = 200;

/**
 * The policy's late-repayment fine (decision 043): when `fine.lateRepaymentFine.enabled`, each
 * overdue instalment of a disbursed loan whose due date is more than `graceDays` days ago gets
 * ONE fine of `amountKobo` (a unique key per schedule item: a second run, or two at once, fine
 * nothing more), due `fine.paymentDueDays` later; the borrower is told. Batches of 200, one
 * transaction each.
 */
export async function issueLateRepaymentFines(
  deps: Deps,
  now: Date,
  signal?: AbortSignal,
): Promise<{ fined: number }> {
  const policy = (await currentPolicy(deps.db)).fine;
  const rule = policy.lateRepaymentFine;
  if (!rule.enabled) return { fined: 0 };
  const today = toIsoDateInTimeZone(now);
  const dueOnOrBefore = addDays(today, -(rule.graceDays + 1));
  const dueDate = addDays(today, policy.paymentDueDays);
  let fined = 0;
  for (;;) {
    if (signal?.aborted) break;
    const { candidates, inserted } = await deps.db.transaction(async (tx) => {
      const repo = finesRepository(tx);
      const items = await overdueInstalmentsDue(
        tx,
        dueOnOrBefore,
        LATE_FINE_BATCH,
        repo.finedInstalments(),
      );
      const byItem = new Map(items.map((item) => [item.itemId, item]));
      const rows = await repo.insertIfNew(
        items.map((item) => ({
          userId: item.userId,
          reason: `Late repayment: loan ${item.loanNumber}, instalment ${item.month} due ${formatDisplayDate(item.dueDate)}`,
          amount: rule.amountKobo,
          fineDate: today,
          dueDate,
          status: 'pending' as const,
          loanScheduleItemId: item.itemId,
          createdAt: now,
          updatedAt: now,
        })),
      );
      if (rows.length > 0) {
        await writeAudit(
          tx,
          systemActor,
          rows.map((fine) => ({
            action: 'fine.issued' as const,
            entityType: 'fine',
            entityId: fine.id,
            after: {
              userId: fine.userId,
              reason: fine.reason,
              amount: fine.amount,
              fineDate: fine.fineDate,
              dueDate: fine.dueDate,
              loanId: fine.loanScheduleItemId ? byItem.get(fine.loanScheduleItemId)?.loanId : null,
              loanScheduleItemId: fine.loanScheduleItemId,
              rule: 'fine.lateRepaymentFine',
            },
          })),
        );
        await sendMessages(
          tx,
          deps,
          systemActor,
          rows.map((fine) => ({
            userId: fine.userId,
            template: 'fineIssued' as const,
            facts: { fineId: fine.id, reason: fine.reason, amount: fine.amount, dueDate },
          })),
        );
      }
      return { candidates: items.length, inserted: rows.length };
    });
    fined += inserted;
    if (candidates < LATE_FINE_BATCH) break;
  }
  return { fined };
}

/** The late-repayment fine, hourly on the scheduled-job mechanism (decisions 043, 060). */
export const lateRepaymentFinesJob: ScheduledJob = {
  name: 'late-repayment-fines',
  schedule: { everyMs: 60 * 60_000 },
  handler: (deps, now, signal) => issueLateRepaymentFines(deps, now, signal),
};
