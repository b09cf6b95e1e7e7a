/**
 * After approval (docs/business-rules.md "Certification and after approval"): the administrator
 * disburses a loan, records its repayments (manual or payroll) and may declare it in default; a
 * scheduled job marks unpaid instalments overdue. Admin use cases without routes yet: the back
 * office gives them screens, and the demo uses them now. Every money step is one balanced ledger
 * transaction.
 *
 * Ledger (decision 030): at disbursement the member owes the whole repayment (amount + interest,
 * plus fees when not deducted): debit `member_loans` by it; credit `coop_bank` with what is paid
 * out, `coop_interest_income` with the interest and `coop_fee_income` with the fees. A repayment
 * debits `coop_bank` and credits `member_loans`. So the member's loan balance in the projection is
 * always the sum of their loans' outstanding balances (docs/business-rules.md "Balances").
 */
import { randomUUID } from 'node:crypto';
import {
  addDays,
  addMonthsClamped,
  isIsoDate,
  toIsoDateInTimeZone,
  type IsoDate,
} from '@coop/shared/dates';
import { LOAN_TRANSITIONS } from '@coop/shared/loans';
import { koboToNaira, type Kobo } from '@coop/shared/money';
import type { SQL } from 'drizzle-orm';
import type { Executor, Tx } from '../../db/client.js';
import type { Deps } from '../../deps.js';
import type { Actor } from '../../lib/actor.js';
import { actorIdOf } from '../../lib/actor.js';
import { writeAudit } from '../../lib/audit-log.js';
import { DomainError, notFound } from '../../lib/domain-error.js';
import type { ScheduledJob } from '../../lib/jobs.js';
import { systemActor } from '../../lib/actor.js';
import { lockMemberBalances, postLedgerTransaction, resizeHold } from '../ledger/ledger.service.js';
import { assertTransition } from '../../lib/transitions.js';
import { sendMessages, type OutgoingMessage } from '../notifications/notifications.service.js';
import { personName, quoteOf } from './loan-shape.js';
import { releaseAllGuarantees } from './loans.service.js';
import {
  instalmentsDueSql,
  loanNumbersSql,
  loansRepository,
  type GuarantorRow,
  type LoanRow,
  type ScheduleItemRow,
} from './loans.repository.js';

const invalid = (message: string) => new DomainError({ code: 'VALIDATION_ERROR', message });

function dateOrToday(deps: Deps, date: IsoDate | undefined, label: string): IsoDate {
  const today = toIsoDateInTimeZone(deps.clock.now());
  if (date === undefined) return today;
  if (!isIsoDate(date)) throw invalid(`${label} must be a date as yyyy-MM-dd`);
  if (date > today) throw invalid(`${label} cannot be in the future`);
  return date;
}

/**
 * Disburses an approved loan: fixes the schedule from the disbursement date (instalments on the
 * same day of the following months), posts the ledger transaction, sets `disbursed` with the
 * whole repayment outstanding, and tells the borrower.
 */
export async function disburseLoan(
  deps: Deps,
  actor: Actor,
  input: {
    loanId: string;
    disbursementDate?: IsoDate;
    /**
     * Always recorded now; a loan disbursed before the back office recorded methods keeps
     * `disbursement_method` null and shows "Method: —" (docs/decisions/085).
     */
    method: 'bank_transfer' | 'cash' | 'cheque';
  },
): Promise<LoanRow> {
  const date = dateOrToday(deps, input.disbursementDate, 'Disbursement date');
  return deps.db.transaction(async (tx) => {
    const repo = loansRepository(tx);
    const loan = await repo.lockLoan(input.loanId);
    if (!loan) throw notFound('Loan');
    assertTransition(LOAN_TRANSITIONS, loan.status, 'disbursed', {
      code: 'INVALID_TRANSITION',
      message: `Loan ${loan.loanNumber} is ${loan.status.replace('_', ' ')}: only an approved loan can be disbursed`,
    });
    const now = deps.clock.now();
    // The quote's schedule, dated from the disbursement instead of the request.
    const schedule = quoteOf(loan, date).schedule;
    await repo.insertSchedule(
      schedule.map((item) => ({
        loanId: loan.id,
        month: item.month,
        dueDate: item.dueDate,
        principalAmount: item.principalAmountKobo,
        interestAmount: item.interestAmountKobo,
        totalAmount: item.totalAmountKobo,
        remainingBalance: item.remainingBalanceKobo,
      })),
    );
    const fees = loan.insuranceFee + loan.formFee;
    const entries = [
      { account: 'member_loans' as const, userId: loan.userId, amount: loan.totalRepayment },
      { account: 'coop_bank' as const, amount: -loan.disbursementAmount },
      ...(loan.interestAmount > 0
        ? [{ account: 'coop_interest_income' as const, amount: -loan.interestAmount }]
        : []),
      ...(fees > 0 ? [{ account: 'coop_fee_income' as const, amount: -fees }] : []),
    ];
    await postLedgerTransaction(tx, {
      kind: 'loan_disbursement',
      description: `Disbursement of loan ${loan.loanNumber}`,
      effectiveDate: date,
      reference: { type: 'loan', id: loan.id },
      createdBy: actorIdOf(actor),
      entries,
    });
    const disbursed = await repo.updateLoan(loan.id, {
      status: 'disbursed',
      approvedAmount: loan.approvedAmount ?? loan.requestedAmount,
      outstandingBalance: loan.totalRepayment,
      disbursedAt: now,
      disbursedBy: actorIdOf(actor),
      disbursementMethod: input.method,
      updatedAt: now,
    });
    await writeAudit(tx, actor, {
      action: 'loan.disbursed',
      entityType: 'loan',
      entityId: loan.id,
      before: { status: loan.status },
      after: {
        status: 'disbursed',
        disbursementDate: date,
        method: input.method,
        disbursementAmount: loan.disbursementAmount,
        outstandingBalance: loan.totalRepayment,
      },
    });
    await sendMessages(tx, deps, actor, [
      {
        userId: loan.userId,
        template: 'loanDisbursed',
        facts: {
          loanId: loan.id,
          loanNumber: loan.loanNumber,
          amount: loan.disbursementAmount,
          firstDueDate: schedule[0]?.dueDate ?? addMonthsClamped(date, 1),
        },
      },
    ]);
    return disbursed;
  });
}

export interface RepaymentInput {
  loanId: string;
  amountKobo: Kobo;
  paymentDate?: IsoDate;
  paymentMethod: 'payroll' | 'bank_transfer' | 'cash';
  /**
   * Where the money is: the bank, or, for the payroll month's import, still with the employer
   * until remitted (docs/decisions/150-payroll-cycle.md).
   */
  receivedInto?: 'coop_bank' | 'coop_payroll_receivable';
  bankName?: string;
  /** The bank or receipt reference of a manual repayment. */
  reference?: string;
}

/** Principal repaid so far: within an instalment, interest and fees are paid before principal. */
function principalRepaid(
  items: readonly Pick<ScheduleItemRow, 'totalAmount' | 'principalAmount' | 'paidAmount'>[],
) {
  return items.reduce(
    (sum, item) =>
      sum +
      Math.min(
        item.principalAmount,
        Math.max(0, item.paidAmount - (item.totalAmount - item.principalAmount)),
      ),
    0,
  );
}

/**
 * What each guarantee should still hold: the guarantee less its share of the principal repaid
 * (rounded down, so releases never run ahead of repayment); nothing once the loan is repaid.
 */
export function frozenAfterRepayment(
  guarantee: Kobo,
  requestedAmount: Kobo,
  repaidPrincipal: Kobo,
  repaidInFull: boolean,
): Kobo {
  if (repaidInFull) return 0;
  const released = Math.floor(
    (guarantee * Math.min(repaidPrincipal, requestedAmount)) / requestedAmount,
  );
  return guarantee - released;
}

async function adjustGuarantees(
  tx: Tx,
  loan: LoanRow,
  slots: GuarantorRow[],
  repaidPrincipal: Kobo,
  repaidInFull: boolean,
  now: Date,
): Promise<void> {
  const accepted = slots.filter((slot) => slot.status === 'accepted');
  if (repaidInFull) {
    await releaseAllGuarantees(tx, accepted, now);
    return;
  }
  const changes = accepted
    .map((slot) => ({
      slot,
      next: frozenAfterRepayment(
        slot.guaranteeAmount,
        loan.requestedAmount,
        repaidPrincipal,
        false,
      ),
    }))
    .filter(({ slot, next }) => next < slot.frozenAmount);
  if (changes.length === 0) return;
  await lockMemberBalances(
    tx,
    changes.map(({ slot }) => slot.guarantorUserId),
  );
  const repo = loansRepository(tx);
  for (const { slot, next } of changes) {
    await resizeHold(tx, {
      userId: slot.guarantorUserId,
      account: 'member_savings',
      amount: next,
      reason: 'guarantee',
      referenceId: slot.id,
    });
    await repo.updateGuarantor(slot.id, { frozenAmount: next, updatedAt: now });
  }
}

/**
 * Records a repayment on a disbursed (or defaulted) loan: allocates it to the instalments in
 * order (paid / partial; an overdue one stays overdue until paid in full), lowers the outstanding
 * balance, marks it early when it pays an instalment due after the payment's month, releases the
 * guarantees in proportion to principal repaid, posts the ledger, and at zero sets `repaid` and
 * releases every guarantee. A payment above the outstanding balance is refused.
 */
export async function recordRepayment(
  deps: Deps,
  actor: Actor,
  input: RepaymentInput,
): Promise<{ loan: LoanRow; repaymentId: string }> {
  if (!Number.isSafeInteger(input.amountKobo) || input.amountKobo <= 0) {
    throw invalid('Repayment amount must be a whole number of kobo above zero');
  }
  const paymentDate = dateOrToday(deps, input.paymentDate, 'Payment date');
  return deps.db.transaction(async (tx) => {
    const repo = loansRepository(tx);
    const loan = await repo.lockLoan(input.loanId);
    if (!loan) throw notFound('Loan');
    if (loan.status !== 'disbursed' && loan.status !== 'defaulted') {
      throw new DomainError({
        code: 'INVALID_TRANSITION',
        message: `Loan ${loan.loanNumber} is ${loan.status.replace('_', ' ')}: repayments are recorded on disbursed loans`,
      });
    }
    if (input.amountKobo > loan.outstandingBalance) {
      throw new DomainError({
        code: 'REPAYMENT_EXCEEDS_BALANCE',
        message: `The repayment of ${koboToNaira(input.amountKobo).toLocaleString('en-NG')} naira is more than the outstanding balance of ${koboToNaira(loan.outstandingBalance).toLocaleString('en-NG')} naira`,
      });
    }
    const slots = await repo.lockGuarantors(loan.id);
    const items = await repo.lockSchedule(loan.id);
    let left = input.amountKobo;
    let early = false;
    let firstTouched: ScheduleItemRow | undefined;
    const paymentMonth = paymentDate.slice(0, 7);
    for (const item of items) {
      if (left === 0) break;
      const owed = item.totalAmount - item.paidAmount;
      if (owed <= 0) continue;
      const paid = Math.min(owed, left);
      left -= paid;
      item.paidAmount += paid;
      firstTouched ??= item;
      if (item.dueDate.slice(0, 7) > paymentMonth) early = true;
      const status =
        item.paidAmount >= item.totalAmount
          ? 'paid'
          : item.status === 'overdue'
            ? 'overdue'
            : 'partial';
      item.status = status;
      await repo.updateScheduleItem(item.id, { paidAmount: item.paidAmount, status });
    }
    const newBalance = loan.outstandingBalance - input.amountKobo;
    const repaidInFull = newBalance === 0;
    const now = deps.clock.now();
    // The posting names the repayment row that causes it (chosen here, inserted just below), so
    // the database refuses a second posting of the same repayment.
    const repaymentId = randomUUID();
    const posted = await postLedgerTransaction(tx, {
      kind: 'loan_repayment',
      description: `Repayment on loan ${loan.loanNumber}`,
      effectiveDate: paymentDate,
      reference: { type: 'loan_repayment', id: repaymentId },
      createdBy: actorIdOf(actor),
      entries: [
        { account: input.receivedInto ?? 'coop_bank', amount: input.amountKobo },
        { account: 'member_loans', userId: loan.userId, amount: -input.amountKobo },
      ],
    });
    const firstOwed = firstTouched ? firstTouched.totalAmount : 0;
    const repayment = await repo.insertRepayment({
      id: repaymentId,
      loanId: loan.id,
      amount: input.amountKobo,
      paymentDate,
      paymentMethod: input.paymentMethod,
      bankName: input.bankName ?? null,
      reference: input.reference ?? null,
      repaymentType: repaidInFull ? 'full' : input.amountKobo === firstOwed ? 'regular' : 'partial',
      isEarlyPayment: early,
      status: 'confirmed',
      newBalance,
      recordedBy: actorIdOf(actor),
      ledgerTransactionId: posted.id,
      createdAt: now,
    });
    if (repaidInFull) assertTransition(LOAN_TRANSITIONS, loan.status, 'repaid');
    const updated = await repo.updateLoan(loan.id, {
      outstandingBalance: newBalance,
      ...(repaidInFull ? { status: 'repaid' as const, repaidAt: now } : {}),
      updatedAt: now,
    });
    await adjustGuarantees(tx, loan, slots, principalRepaid(items), repaidInFull, now);
    await writeAudit(tx, actor, [
      {
        action: 'loan.repayment_recorded',
        entityType: 'loan',
        entityId: loan.id,
        before: { outstandingBalance: loan.outstandingBalance },
        after: {
          repaymentId: repayment.id,
          amount: input.amountKobo,
          paymentDate,
          paymentMethod: input.paymentMethod,
          ...(input.reference ? { reference: input.reference } : {}),
          isEarlyPayment: early,
          outstandingBalance: newBalance,
        },
      },
      ...(repaidInFull
        ? [
            {
              action: 'loan.repaid' as const,
              entityType: 'loan' as const,
              entityId: loan.id,
              before: { status: loan.status },
              after: { status: 'repaid' },
            },
          ]
        : []),
    ]);
    const messages: OutgoingMessage[] = [
      {
        userId: loan.userId,
        template: 'loanRepaymentRecorded',
        facts: {
          loanId: loan.id,
          loanNumber: loan.loanNumber,
          amount: input.amountKobo,
          balance: newBalance,
        },
      },
    ];
    if (repaidInFull) {
      const borrower = await repo.person(loan.userId);
      for (const slot of slots.filter((candidate) => candidate.status === 'accepted')) {
        messages.push({
          userId: slot.guarantorUserId,
          template: 'guaranteeReleased',
          facts: {
            loanId: loan.id,
            loanNumber: loan.loanNumber,
            borrowerName: borrower ? personName(borrower) : 'The borrower',
          },
        });
      }
    }
    await sendMessages(tx, deps, actor, messages);
    return { loan: updated, repaymentId: repayment.id };
  });
}

/**
 * The administrator declares a disbursed loan in default. No money moves: the member still owes
 * the balance, the guarantees stay frozen, and the member cannot borrow until it is repaid.
 */
export async function markLoanDefaulted(
  deps: Deps,
  actor: Actor,
  input: { loanId: string; reason: string },
): Promise<LoanRow> {
  const reason = input.reason.trim();
  if (reason.length < 10) throw invalid('Give the reason for the default (at least 10 characters)');
  return deps.db.transaction(async (tx) => {
    const repo = loansRepository(tx);
    const loan = await repo.lockLoan(input.loanId);
    if (!loan) throw notFound('Loan');
    assertTransition(LOAN_TRANSITIONS, loan.status, 'defaulted', {
      code: 'INVALID_TRANSITION',
      message: `Loan ${loan.loanNumber} is ${loan.status.replace('_', ' ')}: only a disbursed loan can go into default`,
    });
    const slots = await repo.lockGuarantors(loan.id);
    const now = deps.clock.now();
    const updated = await repo.updateLoan(loan.id, { status: 'defaulted', updatedAt: now });
    await writeAudit(tx, actor, {
      action: 'loan.defaulted',
      entityType: 'loan',
      entityId: loan.id,
      before: { status: loan.status },
      after: { status: 'defaulted', reason, outstandingBalance: loan.outstandingBalance },
    });
    const borrower = await repo.person(loan.userId);
    const borrowerName = borrower ? personName(borrower) : 'A member';
    await sendMessages(tx, deps, actor, [
      {
        userId: loan.userId,
        template: 'loanDefaulted',
        facts: { loanId: loan.id, loanNumber: loan.loanNumber, forBorrower: true, borrowerName },
      },
      ...slots
        .filter((slot) => slot.status === 'accepted')
        .map((slot): OutgoingMessage => ({
          userId: slot.guarantorUserId,
          template: 'loanDefaulted',
          facts: { loanId: loan.id, loanNumber: loan.loanNumber, forBorrower: false, borrowerName },
        })),
    ]);
    return updated;
  });
}

const OVERDUE_BATCH = 500;

/**
 * For the payroll schedule's one statement: per member, the unpaid part of the running loans'
 * instalments due from `first` to `last` and the oldest such loan (columns user_id, amount,
 * loan_id), a subquery payroll runs inside its own (docs/architecture.md "Table owners").
 */
export function instalmentsDueBetween(first: string, last: string, userIds?: readonly string[]) {
  return instalmentsDueSql(first, last, userIds);
}

/** Every loan's number (columns loan_id, loan_number), a subquery for a statement naming loans. */
export function loanNumbers() {
  return loanNumbersSql();
}

/**
 * Up to `limit` overdue instalments of disbursed loans due on or before `dueOnOrBefore`, oldest
 * first, with the loan's number and borrower, except those `except` selects (the late-fine job
 * passes the instalments it already fined, decision 043).
 */
export function overdueInstalmentsDue(
  db: Executor,
  dueOnOrBefore: string,
  limit: number,
  except: SQL,
) {
  return loansRepository(db).overdueInstalmentsDue(dueOnOrBefore, limit, except);
}

/**
 * Marks every unpaid instalment whose due date has passed (Lagos days) overdue, in batches of
 * 500, one transaction each, telling each borrower once per instalment. Idempotent: an overdue
 * instalment is not marked again. Returns how many were marked.
 */
export async function markOverdueInstalments(
  deps: Deps,
  now: Date,
  signal?: AbortSignal,
): Promise<{ marked: number }> {
  const today = toIsoDateInTimeZone(now);
  let marked = 0;
  for (;;) {
    if (signal?.aborted) break;
    const batch = await deps.db.transaction(async (tx) => {
      const rows = await loansRepository(tx).markOverdue(today, OVERDUE_BATCH);
      if (rows.length === 0) return 0;
      await writeAudit(tx, systemActor, {
        action: 'loan.instalments_overdue',
        entityType: 'loan',
        after: { today, items: rows.map(({ item }) => item.id) },
      });
      await sendMessages(
        tx,
        deps,
        systemActor,
        rows
          .filter(({ loan }) => loan !== undefined)
          .map(({ item, loan }) => ({
            userId: loan?.userId ?? '',
            template: 'loanInstalmentOverdue' as const,
            facts: {
              loanId: item.loanId,
              loanNumber: loan?.loanNumber ?? '',
              dueDate: item.dueDate,
              amount: item.totalAmount - item.paidAmount,
            },
          })),
      );
      return rows.length;
    });
    marked += batch;
    if (batch < OVERDUE_BATCH) break;
  }
  return { marked };
}

/** The overdue check, hourly on the scheduled-job mechanism (decision 060). */
export const overdueInstalmentsJob: ScheduledJob = {
  name: 'loan-overdue-instalments',
  schedule: { everyMs: 60 * 60_000 },
  handler: (deps, now, signal) => markOverdueInstalments(deps, now, signal),
};

/** How many days before its due date an instalment is reminded of by text. */
export const INSTALMENT_REMINDER_DAYS = 3;
/** Reminders go out in Lagos daytime only (08:00 to 19:59): never a text at night. */
const REMINDER_HOURS = { from: 8, to: 19 };

/**
 * Texts each borrower whose instalment falls due within the next three days (decision 164):
 * one text per instalment, whatever the job's reruns, as its key makes a second one a no-op.
 * Instalments due tomorrow or the day after are included so a day the job missed is caught up.
 * Runs in Lagos daytime only; pages of 500, one transaction each. Returns how many were seen.
 */
export async function remindInstalmentsDueSoon(
  deps: Deps,
  now: Date,
  signal?: AbortSignal,
): Promise<{ seen: number }> {
  const hour = Number(
    new Intl.DateTimeFormat('en-GB', {
      timeZone: 'Africa/Lagos',
      hour: '2-digit',
      hourCycle: 'h23',
    }).format(now),
  );
  if (hour < REMINDER_HOURS.from || hour > REMINDER_HOURS.to) return { seen: 0 };
  const today = toIsoDateInTimeZone(now);
  const from = addDays(today, 1);
  const to = addDays(today, INSTALMENT_REMINDER_DAYS);
  let seen = 0;
  let afterId: string | null = null;
  for (;;) {
    if (signal?.aborted) break;
    const after: string | null = afterId;
    const rows = await deps.db.transaction(async (tx) => {
      const due = await loansRepository(tx).instalmentsDueBetween(from, to, after, OVERDUE_BATCH);
      await sendMessages(
        tx,
        deps,
        systemActor,
        due.map((row) => ({
          userId: row.userId,
          template: 'loanInstalmentDueSoon' as const,
          facts: {
            itemId: row.itemId,
            loanNumber: row.loanNumber,
            dueDate: row.dueDate,
            amount: row.amount,
          },
        })),
      );
      return due;
    });
    seen += rows.length;
    afterId = rows.at(-1)?.itemId ?? null;
    if (rows.length < OVERDUE_BATCH) break;
  }
  return { seen };
}

/** The due-soon reminder, hourly on the scheduled-job mechanism (decision 060). */
export const instalmentsDueSoonJob: ScheduledJob = {
  name: 'loan-instalments-due-soon',
  schedule: { everyMs: 60 * 60_000 },
  handler: (deps, now, signal) => remindInstalmentsDueSoon(deps, now, signal),
};
