/**
 * The employers' remittances and the payroll reconciliation
 * (docs/decisions/157-payroll-remittances.md, docs/decisions/150-payroll-cycle.md).
 *
 * Money a payroll deducted is owed by the employer until it is paid over: posting a month debits
 * `coop_payroll_receivable`; recording a remittance moves the amount received from it to
 * `coop_bank`. Per posted month and group, deducted less remitted is what is still outstanding, and
 * the receivable's balance is the sum of it all (the reconciliation shows both, and they must
 * agree). A remittance moves no member's money, so one officer with the payroll permission records
 * it; it is audited, idempotent and never more than what is still outstanding.
 */
import { formatMonth, toIsoDateInTimeZone } from '@coop/shared/dates';
import { formatNaira, koboToNaira, nairaToKobo } from '@coop/shared/money';
import {
  REMITTANCE_MESSAGES,
  remittanceEarliestDate,
  remittanceRefusals,
  remittanceStateOf,
  type PayrollMonthReconciliation,
  type PayrollReconciliationQuery,
  type PayrollRemittance,
  type RecordRemittanceInput,
  type RemittanceListQuery,
} from '@coop/shared/payroll-remittances';
import type { Executor } from '../../db/client.js';
import type { Deps } from '../../deps.js';
import type { MemberActor } from '../../lib/actor.js';
import { advisoryLock } from '../../lib/advisory-lock.js';
import { writeAudit } from '../../lib/audit-log.js';
import { DomainError, notFound, validationError } from '../../lib/domain-error.js';
import type { ListPage } from '../../lib/list-query.js';
import { cooperativeAccountBalance, postLedgerTransaction } from '../ledger/ledger.service.js';
import { memberNames } from '../members/members.service.js';
import {
  remittancesRepository,
  type MonthGroupRow,
  type RemittanceRow,
} from './remittances.repository.js';

type Recorders = Map<string, { name: string; membershipId: string }>;

function toRemittance(row: RemittanceRow, recorders: Recorders): PayrollRemittance {
  const recorder = recorders.get(row.recordedBy);
  return {
    id: row.id,
    month: row.month,
    payrollGroup: { id: row.payrollGroupId, code: row.groupCode, name: row.groupName },
    amount: koboToNaira(row.amount),
    receivedOn: row.receivedOn,
    reference: row.reference,
    recordedBy: {
      id: row.recordedBy,
      name: recorder?.name ?? '',
      membershipId: recorder?.membershipId ?? '',
    },
    recordedAt: row.createdAt.toISOString(),
  };
}

/** The rows with the names of the officers who recorded them (the members' module knows them). */
async function toRemittances(db: Executor, rows: readonly RemittanceRow[]) {
  const recorders = await memberNames(
    db,
    rows.map((row) => row.recordedBy),
  );
  return rows.map((row) => toRemittance(row, recorders));
}

function toMonthReconciliation(row: MonthGroupRow): PayrollMonthReconciliation {
  const outstanding = Math.max(0, row.deducted - row.remitted);
  return {
    month: row.month,
    payrollGroup:
      row.groupId && row.groupCode !== null && row.groupName !== null
        ? { id: row.groupId, code: row.groupCode, name: row.groupName }
        : null,
    members: row.members,
    deducted: koboToNaira(row.deducted),
    remitted: koboToNaira(row.remitted),
    outstanding: koboToNaira(outstanding),
    state: remittanceStateOf(row.deducted, row.remitted),
    remittances: row.remittances,
    lastReceivedOn: row.lastReceivedOn,
  };
}

async function remittance(db: Executor, id: string): Promise<PayrollRemittance> {
  const row = await remittancesRepository(db).one(id);
  if (!row) throw notFound('Remittance');
  const [answer] = await toRemittances(db, [row]);
  if (!answer) throw notFound('Remittance');
  return answer;
}

/**
 * POST /admin/payroll/remittances: records money a group paid over for a posted month and posts
 * it from the receivable to the bank, in one transaction. Remittances of the same month and group
 * queue on a lock, so concurrent ones never add up to more than was deducted.
 */
export async function recordRemittance(
  deps: Deps,
  actor: MemberActor,
  input: RecordRemittanceInput,
): Promise<PayrollRemittance> {
  const today = toIsoDateInTimeZone(deps.clock.now());
  if (input.receivedOn > today) {
    throw validationError([{ field: 'receivedOn', message: REMITTANCE_MESSAGES.receivedOnFuture }]);
  }
  if (input.receivedOn < remittanceEarliestDate(input.month)) {
    throw validationError([
      { field: 'receivedOn', message: remittanceRefusals.beforeMonth(input.month) },
    ]);
  }
  const amount = nairaToKobo(input.amount);
  const reference = input.reference.trim();
  const id = await deps.db.transaction(async (tx) => {
    const repo = remittancesRepository(tx);
    const group = await repo.group(input.payrollGroupId);
    if (!group) throw notFound('Payroll group');
    await advisoryLock(tx, `coop.payroll.remittance.${input.month}.${group.id}`);
    const month = await repo.monthOfGroup(input.month, group.id);
    if (!month) {
      throw new DomainError({
        code: 'PAYROLL_MONTH_NOT_POSTED',
        message: remittanceRefusals.notPosted(input.month, group.code),
        details: [
          { field: 'month', message: remittanceRefusals.notPosted(input.month, group.code) },
        ],
      });
    }
    const outstanding = Math.max(0, month.deducted - month.remitted);
    if (amount > outstanding) {
      const message = remittanceRefusals.aboveOutstanding(
        { deducted: month.deducted, outstanding },
        input.month,
        group.code,
      );
      throw new DomainError({
        code: 'REMITTANCE_ABOVE_OUTSTANDING',
        message,
        details: [{ field: 'amount', message }],
      });
    }
    const row = await repo.insert({
      month: input.month,
      payrollGroupId: group.id,
      amount,
      receivedOn: input.receivedOn,
      reference,
      recordedBy: actor.user.id,
      createdAt: deps.clock.now(),
    });
    if (!row) {
      const message = remittanceRefusals.duplicateReference(group.code);
      throw new DomainError({
        code: 'REMITTANCE_DUPLICATE',
        message,
        details: [{ field: 'reference', message }],
      });
    }
    const posted = await postLedgerTransaction(tx, {
      kind: 'payroll_remittance',
      description: `Remittance from ${group.code} for ${formatMonth(input.month)} (ref. ${reference})`,
      effectiveDate: input.receivedOn,
      reference: { type: 'payroll_remittance', id: row.id },
      createdBy: actor.user.id,
      entries: [
        { account: 'coop_bank', amount },
        { account: 'coop_payroll_receivable', amount: -amount },
      ],
    });
    await repo.setLedgerTransaction(row.id, posted.id);
    await writeAudit(tx, actor, {
      action: 'payroll.remittance_recorded',
      entityType: 'payroll_remittance',
      entityId: row.id,
      before: { deducted: month.deducted, remitted: month.remitted },
      after: {
        month: input.month,
        payrollGroup: group.code,
        amount,
        receivedOn: input.receivedOn,
        reference,
        outstanding: outstanding - amount,
        ledgerTransactionId: posted.id,
      },
    });
    return row.id;
  });
  return remittance(deps.db, id);
}

/** 'Remittance recorded: ₦X from MOF-HQ for November 2026; ₦Y is still outstanding.' */
export function remittanceRecordedMessage(
  row: PayrollRemittance,
  month: PayrollMonthReconciliation | undefined,
): string {
  const left =
    month && month.outstanding > 0
      ? `${formatNaira(month.outstanding)} is still outstanding`
      : `${formatMonth(row.month)} is remitted in full`;
  return `${REMITTANCE_MESSAGES.recorded}: ${formatNaira(row.amount)} from ${row.payrollGroup.code} for ${formatMonth(row.month)}; ${left}.`;
}

/** The reconciliation row of one month and group, after a change to it. */
export async function monthReconciliation(
  deps: Deps,
  month: string,
  groupCode: string,
): Promise<PayrollMonthReconciliation | undefined> {
  const page = await remittancesRepository(deps.db).reconciliationPage({
    page: 1,
    limit: 1,
    sortBy: 'month',
    sortOrder: 'desc',
    month,
    group: groupCode,
  });
  const [row] = page.items;
  return row ? toMonthReconciliation(row) : undefined;
}

/** GET /admin/payroll/remittances */
export async function listRemittances(
  deps: Deps,
  _actor: MemberActor,
  query: RemittanceListQuery,
): Promise<ListPage<PayrollRemittance>> {
  const page = await remittancesRepository(deps.db).page(query);
  return { items: await toRemittances(deps.db, page.items), pagination: page.pagination };
}

/** GET /admin/payroll/reconciliation */
export async function listPayrollReconciliation(
  deps: Deps,
  _actor: MemberActor,
  query: PayrollReconciliationQuery,
): Promise<ListPage<PayrollMonthReconciliation>> {
  const page = await remittancesRepository(deps.db).reconciliationPage(query);
  return { items: page.items.map(toMonthReconciliation), pagination: page.pagination };
}

/** How many months the overview names; the rest are counted and one link away. */
export const OVERVIEW_OUTSTANDING_MONTHS = 5;

/** The overview's months not yet remitted in full, oldest first, and how many there are. */
export async function monthsNotRemitted(db: Executor) {
  const { rows, count } = await remittancesRepository(db).outstanding(OVERVIEW_OUTSTANDING_MONTHS);
  return { count, months: rows.map(toMonthReconciliation) };
}

/**
 * The receivable against the months: what `coop_payroll_receivable` holds and what the posted
 * months still owe (kobo). They are equal while every payroll posting and every remittance went
 * through the ledger with its row; the reconciliation says so, or that they differ.
 */
export async function payrollReceivable(db: Executor) {
  const receivable = await cooperativeAccountBalance(db, 'coop_payroll_receivable');
  const outstanding = await remittancesRepository(db).totalOutstanding();
  return { receivable, outstanding, matches: receivable === outstanding };
}
