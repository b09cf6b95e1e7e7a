/**
 * Demo part 4: loans in every status (docs/demo-cooperative.md "Loans"), built through the loan
 * use cases at their dates: requests, guarantor answers, certifications, disbursements,
 * repayments, a default and the overdue job. Everything happens after the members' confirmation
 * round, since only confirmed savings count toward a loan.
 *
 * - Ada: a loan repaid early; a disbursed loan with partial repayments and an overdue instalment.
 * - Bayo: a loan the reviewers rejected; a pending loan with mixed answers (Chidi accepted,
 *   Chukwuemeka declined and can be replaced, Ada has not answered yet).
 * - Chidi: a loan under review with one of two certifications, for Ada or Bayo to certify.
 * - Nneka (M0011): an approved loan waiting for disbursement, above the demo's two-signature
 *   limit (₦100,000), so a second administrator approves it. Fatima (M0012): a smaller approved loan one
 *   administrator disburses. Babatunde (M0014): a defaulted loan.
 * - Bayo guarantees three running loans, the most allowed; Chidi two.
 * - Funmilayo (M0006): a pending request, Effiong (M0009) accepted, Yetunde (M0018) to answer.
 */
import { addDays, daysBetween, parseIsoDate, type IsoDate } from '@coop/shared/dates';
import { addMonthsClamped } from '@coop/shared/dates';
import { nairaToKobo } from '@coop/shared/money';
import { and, eq, notInArray } from 'drizzle-orm';
import type { Deps } from '../deps.js';
import { emailOutbox } from '../db/schema/index.js';
import {
  acceptGuarantorRequest,
  pendingGuarantorRequests,
  rejectGuarantorRequest,
} from '../modules/loans/guarantees.service.js';
import {
  disburseLoan,
  markLoanDefaulted,
  markOverdueInstalments,
  recordRepayment,
} from '../modules/loans/loan-servicing.service.js';
import { certifyLoan, loanById, requestLoan } from '../modules/loans/loans.service.js';
import { DEFAULT_POLICY } from '@coop/shared/policy';
import { storePolicy } from '../modules/policy/policy.service.js';
import { DEMO_PAYROLL_DAY, DEMO_PENDING_MONTHS } from './demo-people.js';
import { demoAdmin, type SeededMember, type SeededMembers } from './members.js';
import type { DemoEvent, SeedContext } from './seed-context.js';

/** The day the members confirmed their contributions (contributions.ts): loans come after it. */
function confirmationDay(today: IsoDate): IsoDate {
  const lastConfirmedMonth = addMonthsClamped(today, -(DEMO_PENDING_MONTHS + 1)).slice(0, 7);
  return addDays(`${lastConfirmedMonth}-${DEMO_PAYROLL_DAY}`, 3);
}

export interface SeededLoans {
  loans: number;
}

export function loanEvents(
  ctx: SeedContext,
  members: SeededMembers,
  counts: SeededLoans,
): DemoEvent[] {
  const admin = demoAdmin(members);
  const who = (key: string): SeededMember => {
    const member = members.get(key);
    if (!member) throw new Error(`demo member '${key}' is missing`);
    return member;
  };
  const [ada, bayo, chidi] = [who('ada'), who('bayo'), who('chidi')];
  const [funmilayo, aminu, chukwuemeka, oluwaseun] = [
    who('m0006'),
    who('m0007'),
    who('m0008'),
    who('m0010'),
  ];
  const [nneka, osagie, babatunde, ifeanyi] = [
    who('m0011'),
    who('m0013'),
    who('m0014'),
    who('m0015'),
  ];

  const start = confirmationDay(ctx.today);
  const span = daysBetween(start, ctx.today);
  if (span < 45) throw new Error(`the demo's loans need 45 days after confirmation, got ${span}`);
  /** 10:00 Lagos `days` after the confirmation day, plus `minutes`. */
  const after = (days: number, minutes = 0) =>
    new Date(parseIsoDate(addDays(start, days)).getTime() - 2 * 3_600_000 + minutes * 60_000);
  /** 10:00 Lagos `days` before today, plus `minutes`. */
  const ago = (days: number, minutes = 0) => after(span - days, minutes);

  const ids = new Map<string, string>();
  const idOf = (name: string) => {
    const id = ids.get(name);
    if (!id) throw new Error(`demo loan '${name}' was not created`);
    return id;
  };
  const events: DemoEvent[] = [];
  const at = (instant: Date, run: (deps: Deps) => Promise<unknown>) =>
    events.push({ at: instant, run: async (deps) => void (await run(deps)) });

  const request = (
    name: string,
    instant: Date,
    borrower: SeededMember,
    loan: { amount: number; term: 6 | 12 | 18; purpose: string; guarantors: SeededMember[] },
  ) =>
    at(instant, async (deps) => {
      const created = await requestLoan(deps, borrower.actor, {
        requestedAmount: loan.amount,
        purpose: loan.purpose,
        repaymentTermMonths: loan.term,
        deductProcessingFee: true,
        guarantorUserIds: loan.guarantors.map((g) => g.user.id),
      });
      ids.set(name, created.id);
      counts.loans += 1;
    });
  const answer = (
    name: string,
    instant: Date,
    guarantor: SeededMember,
    decision: 'accept' | 'reject',
    reason?: string,
  ) =>
    at(instant, async (deps) => {
      const requests = await pendingGuarantorRequests(deps, guarantor.actor);
      const mine = requests.find((item) => item.loanId.id === idOf(name));
      if (!mine) throw new Error(`no guarantor request of ${name} for ${guarantor.person.key}`);
      if (decision === 'accept') {
        await acceptGuarantorRequest(deps, guarantor.actor, {
          id: mine.id,
          token: mine.acceptanceToken,
        });
      } else {
        await rejectGuarantorRequest(deps, guarantor.actor, {
          id: mine.id,
          token: mine.acceptanceToken,
          ...(reason ? { reason } : {}),
        });
      }
    });
  const certify = (
    name: string,
    instant: Date,
    reviewer: SeededMember,
    decision: 'approve' | 'reject',
    note?: string,
  ) =>
    at(instant, (deps) =>
      certifyLoan(deps, reviewer.actor, { id: idOf(name), decision, ...(note ? { note } : {}) }),
    );
  const disburse = (name: string, instant: Date) =>
    at(instant, (deps) =>
      disburseLoan(deps, admin, { loanId: idOf(name), method: 'bank_transfer' }),
    );
  /** Pays `share` of the instalment `month` (1 = all of it), or the whole balance. */
  const repay = (
    name: string,
    instant: Date,
    what: { month: number; share: number } | 'balance',
    method: 'payroll' | 'bank_transfer' = 'payroll',
  ) =>
    at(instant, async (deps) => {
      const loan = await loanById(deps.db, idOf(name));
      const amount =
        what === 'balance'
          ? nairaToKobo(loan.outstandingBalance)
          : Math.round(
              nairaToKobo(loan.repaymentSchedule.scheduleItems[what.month - 1]?.totalAmount ?? 0) *
                what.share,
            );
      await recordRepayment(deps, admin, {
        loanId: idOf(name),
        amountKobo: amount,
        paymentMethod: method,
        ...(method === 'bank_transfer' ? { bankName: 'First Bank of Nigeria' } : {}),
      });
    });

  // Ada's first loan, repaid early in one transfer.
  request('ada-repaid', after(1), ada, {
    amount: 200_000,
    term: 6,
    purpose: 'School fees for the new term for my two children',
    guarantors: [bayo, chidi],
  });
  answer('ada-repaid', after(1, 60), bayo, 'accept');
  answer('ada-repaid', after(1, 90), chidi, 'accept');
  certify('ada-repaid', after(1, 180), funmilayo, 'approve', 'Steady saver for five years');
  certify('ada-repaid', after(1, 200), aminu, 'approve');
  disburse('ada-repaid', after(2));
  repay('ada-repaid', after(4), 'balance', 'bank_transfer');

  // Babatunde's loan: disbursed, one instalment paid, then in default.
  request('babatunde-defaulted', after(2, 30), babatunde, {
    amount: 120_000,
    term: 6,
    purpose: 'Motorcycle repairs for my delivery business',
    guarantors: [bayo, ifeanyi],
  });
  answer('babatunde-defaulted', after(2, 90), bayo, 'accept');
  answer('babatunde-defaulted', after(2, 120), ifeanyi, 'accept');
  certify('babatunde-defaulted', after(2, 240), ada, 'approve');
  certify('babatunde-defaulted', after(2, 260), funmilayo, 'approve');
  disburse('babatunde-defaulted', after(3));
  repay('babatunde-defaulted', after(33), { month: 1, share: 1 });

  // Ada's running loan: disbursed, two partial payments on the first instalment, now overdue.
  request('ada-disbursed', after(5), ada, {
    amount: 300_000,
    term: 12,
    purpose: 'Restocking my provisions shop before the festive season',
    guarantors: [bayo, chidi],
  });
  answer('ada-disbursed', after(5, 60), bayo, 'accept');
  answer('ada-disbursed', after(5, 120), chidi, 'accept');
  certify('ada-disbursed', after(5, 240), funmilayo, 'approve');
  certify('ada-disbursed', after(5, 300), aminu, 'approve', 'Previous loan repaid early');
  disburse('ada-disbursed', after(6));
  repay('ada-disbursed', after(30), { month: 1, share: 0.4 });
  repay('ada-disbursed', after(40), { month: 1, share: 0.3 });

  // Bayo's first request: Aminu rejected it.
  request('bayo-rejected', after(10), bayo, {
    amount: 400_000,
    term: 18,
    purpose: 'Buying a second-hand car to run as a taxi',
    guarantors: [ada, chidi],
  });
  answer('bayo-rejected', after(10, 60), ada, 'accept');
  answer('bayo-rejected', after(10, 120), chidi, 'accept');
  certify('bayo-rejected', after(11), funmilayo, 'approve');
  certify(
    'bayo-rejected',
    after(12),
    aminu,
    'reject',
    'A taxi business needs a driver’s licence and a business plan; apply again with them',
  );

  // Nneka's approved loan, waiting for the administrator to disburse it.
  request('nneka-approved', ago(20), nneka, {
    amount: 150_000,
    term: 6,
    purpose: 'Sewing machine and fabric for my tailoring work',
    guarantors: [bayo, osagie],
  });
  answer('nneka-approved', ago(20, 60), bayo, 'accept');
  answer('nneka-approved', ago(20, 120), osagie, 'accept');
  certify('nneka-approved', ago(19), ada, 'approve', 'Small loan, good guarantors');
  certify('nneka-approved', ago(19, 60), aminu, 'approve');

  // Maker-checker (docs/decisions/062-loan-back-office.md): the demo cooperative's two-signature
  // limit is ₦100,000, so Nneka's loan needs a second administrator and Fatima's (M0012) smaller
  // one is disbursed by one.
  at(ago(19, 90), (deps) =>
    storePolicy(deps.db, {
      settings: { ...DEFAULT_POLICY, disbursement: { secondApprovalAboveKobo: 10_000_000 } },
      updatedBy: admin.user.id,
      now: deps.clock.now(),
    }),
  );
  request('m0012-approved', ago(18), who('m0012'), {
    amount: 80_000,
    term: 6,
    purpose: 'School fees for the new term',
    guarantors: [who('m0016'), who('m0017')],
  });
  answer('m0012-approved', ago(18, 60), who('m0016'), 'accept');
  answer('m0012-approved', ago(18, 120), who('m0017'), 'accept');
  certify('m0012-approved', ago(17), ada, 'approve');
  certify('m0012-approved', ago(17, 60), aminu, 'approve');

  // The default, after months of reminders.
  at(ago(15), (deps) =>
    markLoanDefaulted(deps, admin, {
      loanId: idOf('babatunde-defaulted'),
      reason: 'No repayment since the first instalment despite three reminders',
    }),
  );

  // Chidi's loan under review: Funmilayo approved; Ada or Bayo can give the second approval.
  request('chidi-under-review', ago(8), chidi, {
    amount: 200_000,
    term: 12,
    purpose: 'Roofing sheets to finish my house before the rains',
    guarantors: [chukwuemeka, oluwaseun],
  });
  answer('chidi-under-review', ago(8, 60), chukwuemeka, 'accept');
  answer('chidi-under-review', ago(7), oluwaseun, 'accept');
  certify('chidi-under-review', ago(6), funmilayo, 'approve', 'Guarantors confirmed by phone');

  // Bayo's pending request: Chidi accepted, Chukwuemeka declined, Ada has not answered.
  request('bayo-pending', ago(4), bayo, {
    amount: 300_000,
    term: 6,
    purpose: 'Freezer and generator for my cold room',
    guarantors: [chidi, chukwuemeka, ada],
  });
  answer('bayo-pending', ago(3), chidi, 'accept');
  answer(
    'bayo-pending',
    ago(2),
    chukwuemeka,
    'reject',
    'I already guarantee a loan for my brother this year',
  );

  // Funmilayo's open request, for her dashboard's timeline: Effiong accepted, Yetunde has not
  // answered yet.
  request('funmilayo-pending', ago(2), funmilayo, {
    amount: 150_000,
    term: 12,
    purpose: 'Solar panels and an inverter for my home office',
    guarantors: [who('m0009'), who('m0018')],
  });
  answer('funmilayo-pending', ago(1, 30), who('m0009'), 'accept');

  // The hourly overdue check, as it last ran yesterday.
  at(ago(1), (deps) => markOverdueInstalments(deps, deps.clock.now()));
  // The e-mails of these past events went out when they happened: nothing is left to send
  // but what was pending before them (Emeka's activation link).
  let pendingBefore: string[] = [];
  at(after(0), async (deps) => {
    const rows = await deps.db
      .select({ id: emailOutbox.id })
      .from(emailOutbox)
      .where(eq(emailOutbox.status, 'pending'));
    pendingBefore = rows.map((row) => row.id);
  });
  at(ago(1, 1), (deps) =>
    deps.db
      .update(emailOutbox)
      .set({ status: 'sent', sentAt: deps.clock.now() })
      .where(
        and(
          eq(emailOutbox.status, 'pending'),
          pendingBefore.length > 0 ? notInArray(emailOutbox.id, pendingBefore) : undefined,
        ),
      ),
  );
  return events;
}
