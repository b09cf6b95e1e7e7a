/**
 * A loan's path as steps with who and when (docs/business-rules.md "A loan's timeline"): its
 * guarantors, the reviewers' certifications, the approval, the payout and the instalments, the
 * party the loan waits for and what happens next. My Loans shows it under a loan's details and
 * the dashboard for the member's current loan. Free of zod, so the dashboard's first load carries
 * it without the validation library; the schema of the facts it reads is `loanProgressSchema`
 * (loans.ts).
 */
import { formatShortDate, toIsoDateInTimeZone, type IsoDate, type IsoDateTime } from './dates.js';
import type { LoanStatus } from './loan-statuses.js';
import { formatNaira, type Naira } from './money.js';
import { countOf } from './plurals.js';

/** The facts of a loan's path that the loan's own figures do not already carry. */
export interface LoanProgress {
  /** How many certifications approve the loan (the policy's at the request). */
  certificationsRequired: number;
  /** The reviewers' decisions, oldest first; reviewers are not named to the borrower. */
  certifications: readonly { decision: 'approve' | 'reject'; certifiedAt: IsoDateTime }[];
  /** When the last guarantor accepted and the loan went to the reviewers. */
  underReviewAt: IsoDateTime | null;
  /** When the loan was approved or rejected. */
  decidedAt: IsoDateTime | null;
  rejectionReason: string | null;
  /** A payout above the policy's limit that waits for a second officer (decision 062). */
  disbursementRequestedAt: IsoDateTime | null;
  disbursedAt: IsoDateTime | null;
  repaidAt: IsoDateTime | null;
  instalmentsPaid: number;
  instalmentsTotal: number;
  /** The first instalment not paid in full, with what is left of it. */
  nextInstalment: { month: number; dueDate: IsoDate; amount: Naira } | null;
}

/** A guarantor as the timeline names them. */
export interface TimelineGuarantor {
  firstName: string;
  lastName: string;
  status: 'pending' | 'accepted' | 'rejected';
  invitationDate: IsoDateTime;
  responseDate: IsoDateTime | null;
}

/** What the timeline reads of a loan: the member's loan shape and the dashboard's both carry it. */
export interface TimelineLoan {
  loanId: string;
  status: LoanStatus;
  requestedAmount: Naira;
  repaymentTermMonths: number;
  requestDate: IsoDateTime;
  guarantors: readonly TimelineGuarantor[];
  progress: LoanProgress;
}

export type TimelineStepState = 'done' | 'current' | 'upcoming' | 'failed';

export interface TimelineStep {
  key: 'request' | 'guarantors' | 'review' | 'approval' | 'disbursement' | 'repayment';
  title: string;
  state: TimelineStepState;
  /** What happened or what is awaited, in a member's words. */
  detail: string;
  /** When it happened ('Nov 23'), or null while it has not. */
  when: string | null;
  /** The guarantors, one line each: who, and their answer or that it is awaited. */
  items?: readonly { label: string; state: TimelineStepState }[];
}

export interface LoanTimeline {
  steps: TimelineStep[];
  /** Who the loan waits for now ('Ada Obi', 'You', 'The loan reviewers'), or null when none. */
  waitingFor: string | null;
  /** The expected next step, one sentence. */
  next: string;
}

/** The words a state reads as for screen readers beside its icon ('Done', 'In progress'…). */
export const TIMELINE_STATE_WORDS: Readonly<Record<TimelineStepState, string>> = {
  done: 'Done',
  current: 'In progress',
  upcoming: 'Not yet',
  failed: 'Stopped',
};

const nameOf = (g: TimelineGuarantor) => `${g.firstName} ${g.lastName}`;
const on = (instant: string | null) => (instant ? formatShortDate(instant) : null);

/** Names joined as people write them: 'Ada Obi', 'Ada Obi and Bayo Adeyemi', 'A, B and C'. */
function names(list: readonly string[]): string {
  if (list.length <= 1) return list.join('');
  return `${list.slice(0, -1).join(', ')} and ${list[list.length - 1]}`;
}

function guarantorLine(g: TimelineGuarantor): { label: string; state: TimelineStepState } {
  if (g.status === 'accepted')
    return { label: `${nameOf(g)}: accepted ${on(g.responseDate) ?? ''}`.trim(), state: 'done' };
  if (g.status === 'rejected')
    return { label: `${nameOf(g)}: declined ${on(g.responseDate) ?? ''}`.trim(), state: 'failed' };
  return {
    label: `${nameOf(g)}: not answered yet (asked ${on(g.invitationDate)})`,
    state: 'current',
  };
}

/**
 * The steps of a loan's path and who it waits for. A loan moves through them in order
 * (docs/business-rules.md "Guarantors", "Certification", "After approval"): every guarantor
 * accepts, then the reviewers certify, then an officer pays it out, then the instalments are paid.
 * A rejection stops the path at the step that rejected it.
 */
export function loanTimeline(
  loan: TimelineLoan,
  today: IsoDate = toIsoDateInTimeZone(new Date()),
): LoanTimeline {
  const p = loan.progress;
  const { status } = loan;
  const accepted = loan.guarantors.filter((g) => g.status === 'accepted');
  const waiting = loan.guarantors.filter((g) => g.status === 'pending');
  const declined = loan.guarantors.filter((g) => g.status === 'rejected');
  const approvals = p.certifications.filter((c) => c.decision === 'approve');
  const refusal = p.certifications.find((c) => c.decision === 'reject');
  const rejectedInReview = status === 'rejected' && refusal !== undefined;
  const paidOut = p.disbursedAt !== null;
  const after = (done: boolean, current: boolean): TimelineStepState =>
    done ? 'done' : current ? 'current' : 'upcoming';

  const steps: TimelineStep[] = [
    {
      key: 'request',
      title: 'Requested',
      state: 'done',
      detail: `You asked for ${formatNaira(loan.requestedAmount)} over ${countOf(loan.repaymentTermMonths, 'month')}`,
      when: on(loan.requestDate),
    },
    {
      key: 'guarantors',
      title: 'Guarantors',
      // Every guarantor accepted once the loan went to the reviewers.
      state:
        p.underReviewAt !== null
          ? 'done'
          : status === 'pending'
            ? 'current'
            : status === 'rejected'
              ? 'failed'
              : 'done',
      detail: `${accepted.length} of ${loan.guarantors.length} accepted`,
      when: on(p.underReviewAt),
      items: loan.guarantors.map(guarantorLine),
    },
    {
      key: 'review',
      title: 'Review',
      state: rejectedInReview
        ? 'failed'
        : after(p.decidedAt !== null && status !== 'rejected', status === 'under_review'),
      detail: rejectedInReview
        ? 'A reviewer rejected the loan'
        : `${Math.min(approvals.length, p.certificationsRequired)} of ${p.certificationsRequired} certifications`,
      when: on(refusal?.certifiedAt ?? approvals[approvals.length - 1]?.certifiedAt ?? null),
    },
    {
      key: 'approval',
      title: 'Approval',
      state: status === 'rejected' ? 'failed' : after(p.decidedAt !== null, false),
      detail:
        status === 'rejected'
          ? `Rejected${p.rejectionReason ? `: ${p.rejectionReason}` : ''}`
          : p.decidedAt
            ? 'Approved'
            : 'Once every certification is in',
      when: on(p.decidedAt),
    },
    {
      key: 'disbursement',
      title: 'Disbursement',
      state: after(paidOut, status === 'approved'),
      detail: paidOut
        ? 'Paid out to you'
        : p.disbursementRequestedAt
          ? 'A second officer confirms the payout'
          : 'The treasurer pays the loan out',
      when: on(p.disbursedAt),
    },
    {
      key: 'repayment',
      title: 'Repayment',
      state: status === 'defaulted' ? 'failed' : after(status === 'repaid', status === 'disbursed'),
      detail: `${p.instalmentsPaid} of ${p.instalmentsTotal || loan.repaymentTermMonths} instalments paid`,
      when: on(p.repaidAt),
    },
  ];

  return {
    steps,
    ...waitingAndNext(loan, today, { waiting, declined, approvals: approvals.length }),
  };
}

function waitingAndNext(
  loan: TimelineLoan,
  today: IsoDate,
  counts: { waiting: TimelineGuarantor[]; declined: TimelineGuarantor[]; approvals: number },
): Pick<LoanTimeline, 'waitingFor' | 'next'> {
  const p = loan.progress;
  switch (loan.status) {
    case 'pending':
      if (counts.declined.length > 0 && counts.waiting.length === 0)
        return {
          waitingFor: 'You',
          next: `Choose another guarantor in place of ${names(counts.declined.map(nameOf))}`,
        };
      return {
        waitingFor: names(counts.waiting.map(nameOf)),
        next: `${names(counts.waiting.map(nameOf))} to accept or decline; then the loan reviewers certify it`,
      };
    case 'under_review': {
      const left = Math.max(p.certificationsRequired - counts.approvals, 0);
      return {
        waitingFor: 'The loan reviewers',
        next: `${countOf(left, 'more certification')} to approve the loan; then the treasurer pays it out`,
      };
    }
    case 'approved':
      return p.disbursementRequestedAt
        ? {
            waitingFor: 'A second officer',
            next: 'A second officer confirms the payout; then the money reaches you',
          }
        : { waitingFor: 'The treasurer', next: 'The treasurer pays the loan out to you' };
    case 'disbursed': {
      const due = p.nextInstalment;
      if (!due) return { waitingFor: null, next: 'Every instalment is paid' };
      // The first instalment not paid in full may be late already: say so, not "due".
      const when =
        due.dueDate < today
          ? `overdue since ${formatShortDate(due.dueDate)}`
          : `due ${formatShortDate(due.dueDate)}`;
      return {
        waitingFor: 'You',
        next: `${formatNaira(due.amount)} ${when} (instalment ${due.month} of ${p.instalmentsTotal})`,
      };
    }
    case 'defaulted':
      return {
        waitingFor: 'You',
        next: 'The loan is in default: speak to the treasurer about paying what is left',
      };
    case 'rejected':
      return {
        waitingFor: null,
        next: 'You may request a new loan once you are eligible',
      };
    case 'repaid':
      return { waitingFor: null, next: 'Repaid in full: nothing more to pay' };
  }
}
