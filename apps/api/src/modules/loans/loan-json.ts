/**
 * A loan in the shared `loanSchema` shape (docs/member-portal.md §3 Loan), written by PostgreSQL
 * as JSON (decision 170): the one way the API writes a loan, for the member's list (one JSON value
 * a page, decision 165), a loan by id, a loan's guarantors and the dashboard's current loan; and
 * a guarantor request, for the guarantor's list. Each object has the schema's keys
 * in the schema's order, written as `JSON.stringify` writes them (`jsonValues`), so the text is
 * what zod writes for the route's schema; under test every answer is held to that
 * (`sendJsonText`), and `loan-json.test.ts` holds the quoted schedule to the shared loan maths.
 *
 * Every subquery reads from the `loans` row of the statement the JSON is selected in.
 */
import { sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { COOPERATIVE_TIME_ZONE } from '@coop/shared/constants';
import {
  loanCertifications,
  loanDisbursementRequests,
  loanGuarantors,
  loanRepayments,
  loans,
  loanScheduleItems,
  users,
} from '../../db/schema/index.js';
import { jsonValues } from '../../lib/list-query.js';

const object: typeof jsonValues.object = (fields, from) => jsonValues.object(fields, from);
const array: typeof jsonValues.array = (item, orderBy) => jsonValues.array(item, orderBy);
const naira: typeof jsonValues.naira = (kobo) => jsonValues.naira(kobo);
const instant: typeof jsonValues.instant = (column) => jsonValues.instant(column);

/**
 * The loan's live guarantor slots, each as `fields` writes it, in the borrower's order: a
 * replacement in the place of the guarantor it replaced. `fields` reads the slot and its guarantor.
 */
function liveSlotsJson(
  fields: (slot: typeof loanGuarantors, guarantor: typeof users) => Record<string, AnyColumn | SQL>,
): SQL {
  const g = loanGuarantors;
  const u = users;
  const place = sql`coalesce((select replaced.created_at from loan_guarantors replaced
      where replaced.id = ${g.replacesId}), ${g.createdAt})`;
  return sql`(select ${array(object(fields(g, u)), [place, g.id])}
    from ${g} join ${u} on ${u.id} = ${g.guarantorUserId}
    where ${g.loanId} = ${loans.id} and ${g.replacedById} is null)`;
}

/** The loan's live guarantors (`loanGuarantorSchema`), with their name, e-mail and number. */
export function loanGuarantorsJson(): SQL {
  return liveSlotsJson((g, u) => {
    const person = {
      firstName: u.firstName,
      lastName: u.lastName,
      email: u.email,
      membershipId: u.membershipId,
    };
    return {
      ...person,
      id: g.id,
      _id: g.id,
      guarantorUserId: object({ ...person, _id: u.id, id: u.id }),
      guaranteeAmount: naira(g.guaranteeAmount),
      status: g.status,
      responseDate: instant(g.responseDate),
      invitationDate: instant(g.invitationDate),
      isReplacement: sql`${g.replacesId} is not null`,
    };
  });
}

/**
 * The schedule of a loan not yet disbursed (`calculateLoan` of @coop/shared/loan-math, as
 * loan-shape.ts `quoteOf` calls it): recomputed from what the loan stored (its rate, its fees in
 * one sum), dated from the request's day in Lagos, every instalment 'pending'. An estimate until
 * disbursement fixes the schedule (loan_schedule_items). The same arithmetic in integers:
 * - interest = amount × rate ÷ 10,000, half up (`applyRateBps`);
 * - the fees go with the first instalment unless deducted;
 * - principal and interest each split in `term` whole-naira parts, the last taking the rest
 *   (`splitInWholeNaira`: regular = (x − x mod (term × 100)) ÷ term);
 * - what is still owed after instalment m is the total less the m instalments paid;
 * - instalment m falls due m months after the start, clamped to a shorter month's end
 *   (`addMonthsClamped`: PostgreSQL's `date + interval` clamps the same way).
 * Property-tested against `calculateLoan` (loan-json.test.ts), on PGlite and PostgreSQL.
 */
export function quotedScheduleJson(): SQL {
  const l = loans;
  const terms = sql`select ${l.requestedAmount} as a,
      (${l.requestedAmount} * ${l.interestRateBps} + 5000) / 10000 as i,
      case when ${l.deductProcessingFee} then 0 else ${l.insuranceFee} + ${l.formFee} end as fee,
      ${l.repaymentTermMonths} as t,
      (${l.requestDate} at time zone ${sql.raw(`'${COOPERATIVE_TIME_ZONE}'`)})::date as start`;
  const split = sql`select a, i, fee, t, start, a + i + fee as total,
      (a - a % (t * 100)) / t as rp, (i - i % (t * 100)) / t as ri
    from (${terms}) terms`;
  const months = sql`select m, c.start, c.total, c.fee, c.rp, c.ri,
      case when m = c.t then c.a - c.rp * (c.t - 1) else c.rp end as p,
      case when m = c.t then c.i - c.ri * (c.t - 1) else c.ri end as i,
      case when m = 1 then c.fee else 0 end as f
    from (${split}) c, generate_series(1, c.t) m`;
  const instalment = object({
    month: sql`x.m`,
    totalAmount: naira(sql`x.p + x.i + x.f`),
    principalAmount: naira(sql`x.p`),
    interestAmount: naira(sql`x.i`),
    remainingBalance: naira(sql`x.total - x.fee - (x.m - 1) * (x.rp + x.ri) - x.p - x.i`),
    dueDate: sql`(x.start + make_interval(months => x.m))::date`,
    status: sql`'pending'::text`,
  });
  return sql`(select ${array(instalment, [sql`x.m`])} from (${months}) x)`;
}

/**
 * The fixed schedule read once for everything a loan shows of it: its items (`scheduleItemSchema`,
 * by month; null before disbursement), how many are paid and how many there are, and the first
 * not paid in full with what is left of it. Selected as `sched`, the FROM of the loan's object.
 */
function scheduleOnce(): SQL {
  const s = loanScheduleItems;
  const item = object({
    month: s.month,
    totalAmount: naira(s.totalAmount),
    principalAmount: naira(s.principalAmount),
    interestAmount: naira(s.interestAmount),
    remainingBalance: naira(s.remainingBalance),
    dueDate: s.dueDate,
    status: s.status,
  });
  const next = object({
    month: s.month,
    dueDate: s.dueDate,
    amount: naira(sql`${s.totalAmount} - ${s.paidAmount}`),
  });
  return sql`(select array_to_json(array_agg(${item} order by ${s.month})) as items,
      count(*) filter (where ${s.status} = 'paid') as paid, count(*) as total,
      (array_agg(${next} order by ${s.month}) filter (where ${s.status} <> 'paid'))[1] as next
    from ${s} where ${s.loanId} = ${loans.id}) sched`;
}

/** The loan's repayments (`repaymentRecordSchema`), newest first. */
function repaymentsJson(): SQL {
  const r = loanRepayments;
  const record = object({
    id: r.id,
    amount: naira(r.amount),
    paymentDate: r.paymentDate,
    paymentMethod: r.paymentMethod,
    bankDetails: sql`case when ${r.bankName} <> '' then ${object({ bankName: r.bankName })} end`,
    repaymentType: r.repaymentType,
    isEarlyPayment: r.isEarlyPayment,
    status: r.status,
    newBalance: naira(r.newBalance),
  });
  return sql`(select ${array(record, [sql`${r.paymentDate} desc`, sql`${r.createdAt} desc`])}
    from ${r} where ${r.loanId} = ${loans.id})`;
}

/**
 * The facts of the loan's path (`loanProgressSchema`, docs/business-rules.md "A loan's
 * timeline"): the reviewers' decisions without the reviewers, when a payout waiting for a second
 * officer was asked, and the instalments counted from the fixed schedule (none before
 * disbursement: the quote's are estimates); the next one is none once the loan is repaid.
 */
function progressJson(): SQL {
  const l = loans;
  const c = loanCertifications;
  const d = loanDisbursementRequests;
  const decision = object({ decision: c.decision, certifiedAt: instant(c.certifiedAt) });
  return object({
    certificationsRequired: l.requiredCertifications,
    certifications: sql`(select ${array(decision, [c.certifiedAt, c.id])}
      from ${c} where ${c.loanId} = ${l.id})`,
    underReviewAt: instant(l.underReviewAt),
    decidedAt: instant(l.decidedAt),
    rejectionReason: l.rejectionReason,
    disbursementRequestedAt: instant(sql`(select max(${d.requestedAt}) from ${d}
      where ${d.loanId} = ${l.id} and ${d.status} = 'pending')`),
    disbursedAt: instant(l.disbursedAt),
    repaidAt: instant(l.repaidAt),
    instalmentsPaid: sql`sched.paid`,
    instalmentsTotal: sql`sched.total`,
    nextInstalment: sql`case when ${l.repaidAt} is null then sched.next end`,
  });
}

/**
 * The loan (`loanSchema`): its columns in naira and ISO text, its guarantors, its schedule (the
 * fixed one once disbursed, the quote before), repayments and progress. `interestRate` is the
 * stored basis points as a percent (1250 → 12.5), as `bps / 100` writes it.
 */
export function loanJson(): SQL {
  const l = loans;
  return object(
    {
      id: l.id,
      loanId: l.loanNumber,
      purpose: l.purpose,
      requestedAmount: naira(l.requestedAmount),
      approvedAmount: naira(l.approvedAmount),
      repaymentTermMonths: l.repaymentTermMonths,
      interestRate: sql`trim_scale(${l.interestRateBps}::numeric / 100)`,
      monthlyPayment: naira(l.monthlyPayment),
      totalRepayment: naira(l.totalRepayment),
      outstandingBalance: naira(l.outstandingBalance),
      status: l.status,
      requestDate: instant(l.requestDate),
      guarantors: loanGuarantorsJson(),
      repaymentSchedule: object({
        scheduleItems: sql`coalesce(sched.items, ${quotedScheduleJson()})`,
        totalRepaymentAmount: naira(l.totalRepayment),
        monthlyPaymentAmount: naira(l.monthlyPayment),
      }),
      repaymentRecords: repaymentsJson(),
      progress: progressJson(),
    },
    scheduleOnce(),
  );
}

/**
 * The member's current loan for the dashboard's timeline (`currentLoanSchema`), null when none:
 * the newest loan not yet repaid nor rejected, with its guarantors' names and answers and its
 * progress, as the loan writes them.
 */
export function currentLoanJson(userId: string): SQL {
  const l = loans;
  const loan = object(
    {
      id: l.id,
      loanId: l.loanNumber,
      purpose: l.purpose,
      requestedAmount: naira(l.requestedAmount),
      repaymentTermMonths: l.repaymentTermMonths,
      status: l.status,
      requestDate: instant(l.requestDate),
      guarantors: liveSlotsJson((g, u) => ({
        firstName: u.firstName,
        lastName: u.lastName,
        status: g.status,
        invitationDate: instant(g.invitationDate),
        responseDate: instant(g.responseDate),
      })),
      progress: progressJson(),
    },
    scheduleOnce(),
  );
  return sql`(select ${loan} from ${l}
    where ${l.userId} = ${userId}
      and ${l.status} in ('pending', 'under_review', 'approved', 'disbursed', 'defaulted')
    order by ${l.requestDate} desc limit 1)`;
}

/**
 * A guarantor request addressed to the member (`guarantorRequestSchema`), on the statement's
 * `loan_guarantors` row, its loan and the loan's `borrower` (an alias of users).
 */
export function guarantorRequestJson(borrower: {
  firstName: AnyColumn;
  lastName: AnyColumn;
  email: AnyColumn;
  membershipId: AnyColumn;
}): SQL {
  const g = loanGuarantors;
  const l = loans;
  return object({
    _id: g.id,
    id: g.id,
    status: g.status,
    invitationDate: instant(g.invitationDate),
    responseDate: instant(g.responseDate),
    guaranteeAmount: naira(g.guaranteeAmount),
    acceptanceToken: g.acceptanceToken,
    loanId: object({
      _id: l.id,
      id: l.id,
      loanId: l.loanNumber,
      requestedAmount: naira(l.requestedAmount),
      purpose: l.purpose,
      status: l.status,
      repaymentTermMonths: l.repaymentTermMonths,
      userId: object({
        firstName: borrower.firstName,
        lastName: borrower.lastName,
        email: borrower.email,
        membershipId: borrower.membershipId,
      }),
    }),
  });
}
