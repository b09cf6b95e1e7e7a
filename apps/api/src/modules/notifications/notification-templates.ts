/**
 * Every message the portal sends a member: the in-app notification and the e-mail, worded in ONE
 * place. Use cases (and the demo seed, which only calls use cases and these templates) name a
 * template and its facts; `sendMessages` in notifications.service.ts writes the result inside the
 * use case's transaction. Texts never appear anywhere else.
 *
 * A template returns a notification, an e-mail, or both. E-mails marked `essential` (links that
 * sign a member in, security warnings) go whatever the member's e-mail setting says; the others
 * only when the member keeps e-mail notifications on.
 */
import { formatDisplayDate, formatMonth, type IsoDate, type IsoMonth } from '@coop/shared/dates';
import { LOAN_LINKS } from '@coop/shared/loan-rules';
import { payrollVarianceSentence, type PayrollVarianceKind } from '@coop/shared/payroll-rules';
import { formatKobo, formatNaira, type Kobo, type Naira } from '@coop/shared/money';
import {
  notificationPriorityForType,
  type NotificationPriority,
  type NotificationType,
} from '@coop/shared/notifications';
import {
  PROPOSAL_KIND_LABELS,
  formatProposalValue,
  proposalFieldLabel,
  type ProposalKind,
} from '@coop/shared/proposals';
import type { Config } from '../../config/env.js';

export interface NotificationContent {
  type: NotificationType;
  priority: NotificationPriority;
  title: string;
  message: string;
  actionText?: string;
  actionUrl?: string;
  /** The record it is about, so settling the record can settle the notification. */
  subject?: { type: NotificationSubjectType; id: string };
}

/** The kinds of record a notification can be about (settled with the record). */
export type NotificationSubjectType =
  | 'contribution'
  | 'fine'
  | 'withdrawal'
  | 'dividend'
  | 'deposit_notice'
  | 'loan'
  | 'loan_guarantor'
  | 'disbursement_request'
  | 'deduction_change_request';

export interface EmailContent {
  subject: string;
  text: string;
  /** Sent even when the member turned e-mail notifications off (sign-in links, security). */
  essential: boolean;
}

export interface Message {
  notification?: NotificationContent;
  email?: EmailContent;
}

/** What every template knows of its recipient. */
export interface Recipient {
  firstName: string;
  email: string;
  membershipId: string;
}

export function lagosTime(date: Date): string {
  return date.toLocaleString('en-NG', {
    timeZone: 'Africa/Lagos',
    dateStyle: 'medium',
    timeStyle: 'short',
  });
}

const lines = (...text: string[]) => text.join('\n');
const { mine: myLoan, guaranteed, toReview } = LOAN_LINKS;

/**
 * A notification of `type` with the type's usual priority (docs/member-portal.md §4), unless told
 * otherwise.
 */
function notice(
  type: NotificationType,
  content: Omit<NotificationContent, 'type' | 'priority'> & { priority?: NotificationPriority },
): NotificationContent {
  return { type, priority: content.priority ?? notificationPriorityForType(type), ...content };
}

export const templates = {
  /** The link with which a new member sets a first password (7 days, single use). */
  activationLink(config: Config, to: Recipient, facts: { link: string }): Message {
    return {
      email: {
        essential: true,
        subject: `Activate your ${config.cooperative.name} account`,
        text: lines(
          `Hello ${to.firstName},`,
          '',
          `An account has been created for you on the ${config.cooperative.name} member portal.`,
          '',
          `Membership ID: ${to.membershipId}`,
          `Email: ${to.email}`,
          '',
          'Set your password to activate your account (this link works once and expires in 7 days):',
          facts.link,
          '',
          `If you did not expect this e-mail, contact ${config.cooperative.contactEmail}.`,
        ),
      },
    };
  },

  /** A password reset link (1 hour, single use). */
  passwordResetLink(config: Config, to: Recipient, facts: { link: string }): Message {
    return {
      email: {
        essential: true,
        subject: `Reset your ${config.cooperative.name} password`,
        text: lines(
          `Hello ${to.firstName},`,
          '',
          'Someone (hopefully you) asked to reset the password of your member portal account.',
          'Use this link within 1 hour to choose a new password; it works once:',
          facts.link,
          '',
          'If you did not ask for this, ignore this e-mail: your password stays as it is.',
        ),
      },
    };
  },

  /** After a password change or reset: every other device was signed out. */
  passwordChanged(config: Config, to: Recipient, facts: { at: Date }): Message {
    return {
      email: {
        essential: true,
        subject: `Your ${config.cooperative.name} password was changed`,
        text: lines(
          `Hello ${to.firstName},`,
          '',
          `The password of your ${config.cooperative.name} member portal account was changed on ${lagosTime(facts.at)} (Lagos time).`,
          'Every device that was signed in has been signed out.',
          '',
          `If you did not do this, reset your password at ${config.publicUrl}/auth/forgot-password and contact ${config.cooperative.contactEmail} at once.`,
        ),
      },
    };
  },

  /**
   * A sign-in from a browser the account has not signed in on before (no known-device mark,
   * decision 093): a text only (docs/business-rules.md "Text messages"); the login history
   * lists every sign-in.
   */
  newDeviceSignIn(
    _config: Config,
    _to: Recipient,
    _facts: { at: Date; device: string | null },
  ): Message {
    return {};
  },

  /** Two-factor sign-in was turned on or off, by the member or reset by an officer. */
  twoFactorChanged(
    config: Config,
    to: Recipient,
    facts: { at: Date; enabled: boolean; byOfficer: boolean },
  ): Message {
    const what = facts.enabled
      ? 'turned on'
      : facts.byOfficer
        ? 'reset by an officer'
        : 'turned off';
    return {
      email: {
        essential: true,
        subject: `Two-factor sign-in was ${what}`,
        text: lines(
          `Hello ${to.firstName},`,
          '',
          `Two-factor sign-in of your ${config.cooperative.name} member portal account was ${what} on ${lagosTime(facts.at)} (Lagos time).`,
          '',
          `If you did not do this, change your password at ${config.publicUrl}/settings and contact ${config.cooperative.contactEmail} at once.`,
        ),
      },
    };
  },

  /** An administrator ended every sign-in of the member (decision 082). */
  sessionsEnded(config: Config, to: Recipient, facts: { at: Date }): Message {
    return {
      email: {
        essential: true,
        subject: `You were signed out of ${config.cooperative.name}`,
        text: lines(
          `Hello ${to.firstName},`,
          '',
          `An administrator signed you out of the ${config.cooperative.name} member portal on every device on ${lagosTime(facts.at)} (Lagos time).`,
          'Your password has not changed: sign in again with it.',
          '',
          `If you think someone else knows your password, reset it at ${config.publicUrl}/auth/forgot-password and contact ${config.cooperative.contactEmail}.`,
        ),
      },
    };
  },

  /** A payroll deduction was posted: the member confirms it, or disputes it once confirmed. */
  contributionToConfirm(
    _config: Config,
    _to: Recipient,
    facts: { contributionId: string; month: IsoMonth; savings: Kobo; shares: Kobo },
  ): Message {
    const month = formatMonth(facts.month);
    return {
      notification: notice('contribution_confirm', {
        title: `Confirm your ${month} contribution`,
        message: `${formatKobo(facts.savings + facts.shares)} was deducted from your ${month} salary: ${formatKobo(facts.savings)} to savings and ${formatKobo(facts.shares)} to share holding. Please confirm it.`,
        actionText: 'Review contributions',
        actionUrl: '/contributions?status=pending',
        subject: { type: 'contribution', id: facts.contributionId },
      }),
    };
  },

  /**
   * The payroll month's deduction differed from what was expected (docs/decisions/155-payroll-actuals.md):
   * the explanation in naira, to the contributions page where the confirm/dispute flow answers it.
   */
  payrollVariance(
    _config: Config,
    _to: Recipient,
    facts: {
      month: IsoMonth;
      kind: Exclude<PayrollVarianceKind, 'matched'>;
      expected: Kobo;
      deducted: Kobo;
    },
  ): Message {
    const month = formatMonth(facts.month);
    const titles = {
      short: `Less was deducted in ${month}`,
      over: `More was deducted in ${month}`,
      missing: `Nothing was deducted in ${month}`,
      unexpected: `An unexpected deduction in ${month}`,
    };
    const next =
      facts.kind === 'missing'
        ? 'Your savings and shares were not credited for the month. If your payslip shows the deduction, tell the cooperative.'
        : 'Check the contribution on your contributions page, then confirm it or dispute it.';
    return {
      notification: notice('payroll_variance', {
        title: titles[facts.kind],
        message: `${payrollVarianceSentence(facts.kind, month, facts.expected, facts.deducted)}. ${next}`,
        actionText: 'Review contributions',
        actionUrl: '/contributions',
      }),
    };
  },

  /**
   * The administrator resolved the member's dispute (docs/decisions/070-back-office.md), with the
   * note and any correction.
   */
  contributionDisputeResolved(
    _config: Config,
    _to: Recipient,
    facts: {
      contributionId: string;
      month: IsoMonth;
      note: string;
      corrected: boolean;
      total: Kobo;
    },
  ): Message {
    const month = formatMonth(facts.month);
    return {
      notification: notice('dispute_resolved', {
        priority: 'high',
        title: `Your ${month} dispute was resolved`,
        message: facts.corrected
          ? `Your ${month} contribution was corrected to ${formatKobo(facts.total)} and your balance adjusted. ${facts.note}`
          : `Your ${month} contribution stays at ${formatKobo(facts.total)}. ${facts.note}`,
        actionText: 'View contributions',
        actionUrl: '/contributions?status=resolved',
        subject: { type: 'contribution', id: facts.contributionId },
      }),
      email: {
        essential: false,
        subject: `Your ${month} contribution dispute was resolved`,
        text: lines(
          `Your dispute of the ${month} contribution has been resolved.`,
          '',
          facts.corrected
            ? `The contribution was corrected to ${formatKobo(facts.total)} and your balance adjusted.`
            : `The contribution stays at ${formatKobo(facts.total)}.`,
          '',
          `Note from the administrator: ${facts.note}`,
        ),
      },
    };
  },

  /* Announcements the cooperative sends to members (the back office will let admins write them). */

  welcome(_config: Config, to: Recipient): Message {
    return {
      notification: notice('general', {
        title: 'Welcome to the member portal',
        message: `Welcome, ${to.firstName}. You can now follow your balances, confirm contributions and request loans online.`,
        actionText: 'Go to dashboard',
        actionUrl: '/dashboard',
      }),
    };
  },

  generalMeeting(config: Config, _to: Recipient, facts: { date: IsoDate }): Message {
    return {
      notification: notice('general', {
        title: 'Annual general meeting',
        message: `The annual general meeting of ${config.cooperative.name} holds on ${formatDisplayDate(facts.date)} at the cooperative hall. The year’s dividend will be announced there.`,
      }),
    };
  },

  loanFormsUpdated(): Message {
    return {
      notification: notice('loan_document', {
        title: 'Loan forms updated',
        message:
          'The loan application guide and the guarantor undertaking form have been updated. Download them from the cooperative office or ask the secretary.',
      }),
    };
  },

  loanCommitteeDecisions(): Message {
    return {
      notification: notice('loan_decision', {
        priority: 'high',
        title: 'Loan committee decisions',
        message:
          'The loan committee has decided every request that was under review this month. Open your loans to see where yours stands.',
        actionText: 'View loans',
        actionUrl: '/loans',
      }),
    };
  },

  withdrawalsProcessed(): Message {
    return {
      notification: notice('withdrawal_decision', {
        priority: 'medium',
        title: 'Withdrawal requests processed',
        message:
          'All savings withdrawal requests submitted before the 20th were processed with this month’s payroll.',
        actionText: 'View withdrawals',
        actionUrl: '/withdrawals',
      }),
    };
  },

  meetingAbsenceFines(
    _config: Config,
    _to: Recipient,
    facts: { meetingDate: IsoDate; amount: Naira },
  ): Message {
    return {
      notification: notice('fine_issued', {
        priority: 'high',
        title: 'Fines for missed meetings',
        message: `Members absent without apology from the general meeting of ${formatDisplayDate(facts.meetingDate)} are fined ${formatNaira(facts.amount)}. Check your fines page.`,
        actionText: 'View fines',
        actionUrl: '/fines',
      }),
    };
  },

  finesDueReminder(_config: Config, _to: Recipient, facts: { dueDate: IsoDate }): Message {
    return {
      notification: notice('fine_payment', {
        priority: 'urgent',
        title: 'Settle outstanding fines',
        message: `Please pay any outstanding fine by ${formatDisplayDate(facts.dueDate)}. Unpaid fines count against your loan eligibility.`,
        actionText: 'View fines',
        actionUrl: '/fines',
      }),
    };
  },

  /* Member money (docs/decisions/040-dashboard-and-member-money.md): fines, withdrawals, dividends and deposit notices. */

  /** The administrator issued a fine: the member sees it on the Fines page, pending. */
  fineIssued(
    _config: Config,
    _to: Recipient,
    facts: { fineId: string; reason: string; amount: Kobo; dueDate: IsoDate },
  ): Message {
    return {
      notification: notice('fine_issued', {
        title: 'A fine was issued to you',
        message: `${facts.reason}: ${formatKobo(facts.amount)}, due by ${formatDisplayDate(facts.dueDate)}.`,
        actionText: 'View fines',
        actionUrl: '/fines?status=pending',
        subject: { type: 'fine', id: facts.fineId },
      }),
    };
  },

  /** A pending fine was waived or recorded as paid. */
  fineSettled(
    _config: Config,
    _to: Recipient,
    facts: { fineId: string; reason: string; amount: Kobo; outcome: 'paid' | 'waived' },
  ): Message {
    const waived = facts.outcome === 'waived';
    return {
      notification: notice('fine_settled', {
        priority: 'low',
        title: waived ? 'Your fine was waived' : 'Your fine payment was recorded',
        message: waived
          ? `The fine "${facts.reason}" (${formatKobo(facts.amount)}) was waived: you owe nothing for it.`
          : `Your payment of ${formatKobo(facts.amount)} for "${facts.reason}" was recorded.`,
        actionText: 'View fines',
        actionUrl: waived ? '/fines?status=waived' : '/fines?status=paid',
        subject: { type: 'fine', id: facts.fineId },
      }),
    };
  },

  /** An officer approved or rejected the member's change to their payroll deduction instruction. */
  deductionChangeDecided(
    _config: Config,
    _to: Recipient,
    facts: {
      requestId: string;
      savings: Kobo;
      shares: Kobo;
      effectiveMonth: IsoMonth;
      outcome: 'approved' | 'rejected';
      reason?: string | null;
    },
  ): Message {
    const approved = facts.outcome === 'approved';
    const amounts = `savings ${formatKobo(facts.savings)} and shares ${formatKobo(facts.shares)} a month`;
    return {
      notification: notice('deduction_change_decision', {
        priority: approved ? 'medium' : 'high',
        title: approved ? 'Deduction change approved' : 'Deduction change rejected',
        message: approved
          ? `Your payroll deduction changes to ${amounts} from ${formatMonth(facts.effectiveMonth)}.`
          : `Your request to change your payroll deduction to ${amounts} was rejected${facts.reason ? `: ${facts.reason}` : '.'}`,
        actionText: 'View payroll deductions',
        actionUrl: '/deductions',
        subject: { type: 'deduction_change_request', id: facts.requestId },
      }),
    };
  },

  /** The administrator approved or rejected a withdrawal request. */
  withdrawalDecided(
    _config: Config,
    _to: Recipient,
    facts: {
      withdrawalId: string;
      withdrawalType: 'savings' | 'share_holding';
      amount: Kobo;
      outcome: 'approved' | 'rejected';
      reason?: string | null;
    },
  ): Message {
    const what = facts.withdrawalType === 'savings' ? 'savings' : 'share holding';
    const approved = facts.outcome === 'approved';
    return {
      notification: notice('withdrawal_decision', {
        priority: approved ? 'medium' : 'high',
        title: approved ? 'Withdrawal approved' : 'Withdrawal rejected',
        message: approved
          ? `Your ${what} withdrawal of ${formatKobo(facts.amount)} was approved and will be paid to your bank account.`
          : `Your ${what} withdrawal of ${formatKobo(facts.amount)} was rejected${facts.reason ? `: ${facts.reason}` : '.'}`,
        actionText: 'View withdrawals',
        actionUrl: `/withdrawals?status=${facts.outcome}&request=${facts.withdrawalId}`,
        subject: { type: 'withdrawal', id: facts.withdrawalId },
      }),
    };
  },

  /** The year's dividend was credited to the member's savings. */
  dividendPaid(
    _config: Config,
    _to: Recipient,
    facts: { dividendId: string; year: number; amount: Kobo },
  ): Message {
    return {
      notification: notice('dividend_paid', {
        title: `${facts.year} dividend paid`,
        message: `Your ${facts.year} dividend of ${formatKobo(facts.amount)} was credited to your savings.`,
        actionText: 'View dividends',
        actionUrl: '/dividends',
        subject: { type: 'dividend', id: facts.dividendId },
      }),
    };
  },

  /** The administrator verified or rejected a voluntary deposit the member notified. */
  depositNoticeDecided(
    _config: Config,
    _to: Recipient,
    facts: {
      depositNoticeId: string;
      amount: Kobo;
      bankReference: string;
      outcome: 'verified' | 'rejected';
      reason?: string | null;
    },
  ): Message {
    const verified = facts.outcome === 'verified';
    return {
      notification: notice('deposit_decision', {
        priority: verified ? 'medium' : 'high',
        title: verified ? 'Deposit verified' : 'Deposit not verified',
        message: verified
          ? `Your transfer of ${formatKobo(facts.amount)} (reference ${facts.bankReference}) was received and added to your balances.`
          : `We could not verify your transfer of ${formatKobo(facts.amount)} (reference ${facts.bankReference})${facts.reason ? `: ${facts.reason}` : '.'}`,
        actionText: 'View deposit notices',
        actionUrl: '/contributions/new',
        subject: { type: 'deposit_notice', id: facts.depositNoticeId },
      }),
    };
  },

  /* Loans and guarantees (docs/decisions/061-loans.md). Links open the loans page on the tab that shows the subject. */

  /** A member is asked to guarantee part of a loan (notification and e-mail). */
  loanGuarantorRequest(
    config: Config,
    to: Recipient,
    facts: {
      guarantorRequestId: string;
      borrowerName: string;
      loanNumber: string;
      amount: Kobo;
      guarantee: Kobo;
    },
  ): Message {
    return {
      notification: notice('guarantor_request', {
        title: `Guarantor request from ${facts.borrowerName}`,
        message: `${facts.borrowerName} asked you to guarantee ${formatKobo(facts.guarantee)} of loan ${facts.loanNumber} (${formatKobo(facts.amount)}). If you accept, that amount is frozen from your available balance until the loan is repaid.`,
        actionText: 'View request',
        actionUrl: guaranteed(facts.loanNumber, 'pending'),
        subject: { type: 'loan_guarantor', id: facts.guarantorRequestId },
      }),
      email: {
        essential: false,
        subject: `${facts.borrowerName} asked you to guarantee a loan`,
        text: lines(
          `Hello ${to.firstName},`,
          '',
          `${facts.borrowerName} asked you to guarantee ${formatKobo(facts.guarantee)} of loan ${facts.loanNumber} (${formatKobo(facts.amount)}).`,
          'If you accept, that amount is frozen from your available balance until the loan is repaid.',
          '',
          `Accept or reject the request on the portal: ${config.publicUrl}/loans?tab=guarantor-requests`,
        ),
      },
    };
  },

  /** The borrower hears each guarantor's answer. */
  loanGuarantorAnswered(
    _config: Config,
    _to: Recipient,
    facts: { loanId: string; loanNumber: string; guarantorName: string; accepted: boolean },
  ): Message {
    return {
      notification: notice('loan_decision', {
        priority: facts.accepted ? 'low' : 'high',
        title: facts.accepted
          ? `${facts.guarantorName} accepted to guarantee ${facts.loanNumber}`
          : `${facts.guarantorName} declined to guarantee ${facts.loanNumber}`,
        message: facts.accepted
          ? `${facts.guarantorName} accepted your guarantor request for loan ${facts.loanNumber}.`
          : `${facts.guarantorName} declined your guarantor request for loan ${facts.loanNumber}. You can choose another guarantor for that place once.`,
        actionText: facts.accepted ? 'View loan' : 'Reassign guarantor',
        actionUrl: facts.accepted ? myLoan(facts.loanNumber) : '/guarantees/invite',
        subject: { type: 'loan', id: facts.loanId },
      }),
    };
  },

  /** Every guarantor accepted: the loan goes to the reviewers. */
  loanUnderReview(
    _config: Config,
    _to: Recipient,
    facts: { loanId: string; loanNumber: string },
  ): Message {
    return {
      notification: notice('loan_under_review', {
        priority: 'medium',
        title: `Loan ${facts.loanNumber} is under review`,
        message: `Every guarantor accepted loan ${facts.loanNumber}. The loan reviewers will now certify it; this usually takes 2-3 business days.`,
        actionText: 'View loan',
        actionUrl: myLoan(facts.loanNumber),
        subject: { type: 'loan', id: facts.loanId },
      }),
    };
  },

  /** A reviewer has a loan to certify. */
  loanToReview(
    config: Config,
    to: Recipient,
    facts: { loanId: string; loanNumber: string; borrowerName: string; amount: Kobo },
  ): Message {
    return {
      notification: notice('loan_review', {
        title: `Loan ${facts.loanNumber} needs your review`,
        message: `${facts.borrowerName}'s loan request of ${formatKobo(facts.amount)} has every guarantor's acceptance and waits for certification.`,
        actionText: 'Review loan',
        actionUrl: toReview(facts.loanNumber),
        subject: { type: 'loan', id: facts.loanId },
      }),
      email: {
        essential: false,
        subject: `Loan ${facts.loanNumber} needs your review`,
        text: lines(
          `Hello ${to.firstName},`,
          '',
          `${facts.borrowerName}'s loan request of ${formatKobo(facts.amount)} (${facts.loanNumber}) waits for certification.`,
          `Review it on the portal: ${config.publicUrl}/loans?tab=loan-review`,
        ),
      },
    };
  },

  /**
   * A disbursement above the two-signature limit waits for a second officer: to each officer who
   * may approve it (docs/administrators.md "Loans").
   */
  disbursementToApprove(
    config: Config,
    to: Recipient,
    facts: {
      requestId: string;
      loanId: string;
      loanNumber: string;
      borrowerName: string;
      makerName: string;
      amount: Kobo;
    },
  ): Message {
    const title = `Disbursement of loan ${facts.loanNumber} awaits your approval`;
    const loanPage = `/admin/loans/${facts.loanId}`;
    return {
      notification: notice('disbursement_approval', {
        title,
        message: `${facts.makerName} asked to disburse ${formatKobo(facts.amount)} to ${facts.borrowerName}. It is above the two-signature limit, so a second officer approves or rejects it.`,
        actionText: 'Review disbursement',
        actionUrl: loanPage,
        subject: { type: 'disbursement_request', id: facts.requestId },
      }),
      email: {
        essential: false,
        subject: title,
        text: lines(
          `Hello ${to.firstName},`,
          '',
          `${facts.makerName} asked to disburse ${formatKobo(facts.amount)} to ${facts.borrowerName} (${facts.loanNumber}).`,
          'It is above the two-signature limit, so a second officer approves or rejects it.',
          `Review it on the portal: ${config.publicUrl}${loanPage}`,
        ),
      },
    };
  },

  /** The reviewers decided: to the borrower and to each guarantor. */
  loanDecided(
    config: Config,
    to: Recipient,
    facts: {
      loanId: string;
      loanNumber: string;
      approved: boolean;
      forBorrower: boolean;
      borrowerName: string;
      reason?: string;
    },
  ): Message {
    const what = facts.approved ? 'approved' : 'rejected';
    const title = facts.forBorrower
      ? `Your loan ${facts.loanNumber} was ${what}`
      : `Loan ${facts.loanNumber} you guarantee was ${what}`;
    const message = facts.forBorrower
      ? facts.approved
        ? `Your loan ${facts.loanNumber} was approved by the reviewers. The cooperative will disburse it and fix your repayment schedule.`
        : `Your loan ${facts.loanNumber} was rejected${facts.reason ? `: ${facts.reason}` : '.'} Your guarantors' frozen amounts are released.`
      : facts.approved
        ? `${facts.borrowerName}'s loan ${facts.loanNumber} was approved. Your guarantee stays frozen until it is repaid.`
        : `${facts.borrowerName}'s loan ${facts.loanNumber} was rejected. Your guarantee is released.`;
    return {
      notification: notice('loan_decision', {
        priority: 'high',
        title,
        message,
        actionText: 'View loan',
        actionUrl: facts.forBorrower
          ? myLoan(facts.loanNumber)
          : guaranteed(facts.loanNumber, 'accepted'),
        subject: { type: 'loan', id: facts.loanId },
      }),
      email: {
        essential: false,
        subject: title,
        text: lines(`Hello ${to.firstName},`, '', message, '', `${config.publicUrl}/loans`),
      },
    };
  },

  /** The cooperative paid the loan out. */
  loanDisbursed(
    _config: Config,
    _to: Recipient,
    facts: { loanId: string; loanNumber: string; amount: Kobo; firstDueDate: IsoDate },
  ): Message {
    return {
      notification: notice('loan_disbursed', {
        priority: 'high',
        title: `Loan ${facts.loanNumber} disbursed`,
        message: `${formatKobo(facts.amount)} of loan ${facts.loanNumber} was paid out to you. Your first instalment is due on ${formatDisplayDate(facts.firstDueDate)}.`,
        actionText: 'View schedule',
        actionUrl: myLoan(facts.loanNumber),
        subject: { type: 'loan', id: facts.loanId },
      }),
    };
  },

  /** A repayment was recorded; at zero the loan is repaid. */
  loanRepaymentRecorded(
    _config: Config,
    _to: Recipient,
    facts: { loanId: string; loanNumber: string; amount: Kobo; balance: Kobo },
  ): Message {
    return {
      notification: notice('repayment_recorded', {
        priority: 'low',
        title:
          facts.balance === 0
            ? `Loan ${facts.loanNumber} fully repaid`
            : `Repayment of ${formatKobo(facts.amount)} received`,
        message:
          facts.balance === 0
            ? `Your repayment of ${formatKobo(facts.amount)} settled loan ${facts.loanNumber}. Your guarantors' amounts are released.`
            : `Your repayment of ${formatKobo(facts.amount)} on loan ${facts.loanNumber} was recorded. Outstanding balance: ${formatKobo(facts.balance)}.`,
        actionText: 'View loan',
        actionUrl: myLoan(facts.loanNumber),
        subject: { type: 'loan', id: facts.loanId },
      }),
    };
  },

  /** A guarantor's frozen amount was released (the loan was repaid). */
  guaranteeReleased(
    _config: Config,
    _to: Recipient,
    facts: { loanId: string; loanNumber: string; borrowerName: string },
  ): Message {
    return {
      notification: notice('guarantee_released', {
        priority: 'low',
        title: `Guarantee on ${facts.loanNumber} released`,
        message: `${facts.borrowerName} repaid loan ${facts.loanNumber}. The amount you guaranteed is no longer frozen.`,
        actionText: 'View guarantees',
        actionUrl: guaranteed(facts.loanNumber, 'accepted'),
        subject: { type: 'loan', id: facts.loanId },
      }),
    };
  },

  /** The administrator declared the loan in default: borrower and guarantors. */
  loanDefaulted(
    _config: Config,
    _to: Recipient,
    facts: { loanId: string; loanNumber: string; forBorrower: boolean; borrowerName: string },
  ): Message {
    return {
      notification: notice('loan_default', {
        priority: 'urgent',
        title: facts.forBorrower
          ? `Your loan ${facts.loanNumber} is in default`
          : `Loan ${facts.loanNumber} you guarantee is in default`,
        message: facts.forBorrower
          ? `Loan ${facts.loanNumber} was declared in default. Contact the cooperative to agree how to repay it; you cannot request another loan until it is repaid.`
          : `${facts.borrowerName}'s loan ${facts.loanNumber} was declared in default. Your guarantee stays frozen until the loan is repaid.`,
        actionText: 'View loan',
        actionUrl: facts.forBorrower
          ? myLoan(facts.loanNumber)
          : guaranteed(facts.loanNumber, 'accepted'),
        subject: { type: 'loan', id: facts.loanId },
      }),
    };
  },

  /**
   * An instalment falls due in three days (the reminder job): a text only; the dashboard shows
   * the next instalment already.
   */
  loanInstalmentDueSoon(
    _config: Config,
    _to: Recipient,
    _facts: { itemId: string; loanNumber: string; dueDate: IsoDate; amount: Kobo },
  ): Message {
    return {};
  },

  /** An instalment passed its due date unpaid (the overdue job). */
  loanInstalmentOverdue(
    _config: Config,
    _to: Recipient,
    facts: { loanId: string; loanNumber: string; dueDate: IsoDate; amount: Kobo },
  ): Message {
    return {
      notification: notice('instalment_overdue', {
        priority: 'urgent',
        title: `Instalment on ${facts.loanNumber} overdue`,
        message: `The instalment of ${formatKobo(facts.amount)} due on ${formatDisplayDate(facts.dueDate)} for loan ${facts.loanNumber} is unpaid. Please pay it as soon as you can.`,
        actionText: 'View schedule',
        actionUrl: myLoan(facts.loanNumber),
        subject: { type: 'loan', id: facts.loanId },
      }),
    };
  },

  /**
   * Another officer proposed a change to the recipient's account (docs/administrators.md
   * "Approvals"). Sent at the address the account has now, before anything takes effect, so a
   * change of e-mail is always told to the old address.
   */
  officerChangeProposed(
    config: Config,
    to: Recipient,
    facts: {
      kind: ProposalKind;
      proposer: string;
      changes: { field: string; before: unknown; after: unknown }[];
      expiresAt: Date;
    },
  ): Message {
    const what = PROPOSAL_KIND_LABELS[facts.kind].toLowerCase();
    const changes = facts.changes.map(
      ({ field, before, after }) =>
        `${proposalFieldLabel(field)}: ${formatProposalValue(field, before)} → ${formatProposalValue(field, after)}`,
    );
    return {
      notification: notice('general', {
        priority: 'high',
        title: 'A change to your account was proposed',
        message: `${facts.proposer} proposed a change to your ${what}. It takes effect only if another officer approves it.`,
      }),
      email: {
        essential: true,
        subject: `A change to your ${config.cooperative.name} account was proposed`,
        text: lines(
          `Hello ${to.firstName},`,
          '',
          `${facts.proposer} proposed this change to your ${config.cooperative.name} member portal account (${what}):`,
          ...changes,
          '',
          `Nothing has changed yet: it takes effect only if another officer approves it before ${lagosTime(facts.expiresAt)} (Lagos time).`,
          `If you did not expect this, contact ${config.cooperative.contactEmail} at once.`,
        ),
      },
    };
  },
} as const satisfies Record<string, (config: Config, to: Recipient, facts: never) => Message>;

export type TemplateName = keyof typeof templates;
/** The facts a template needs (nothing for those that need none). */
export type TemplateFacts<Name extends TemplateName> =
  Parameters<(typeof templates)[Name]> extends [unknown, unknown, infer Facts] ? Facts : undefined;
