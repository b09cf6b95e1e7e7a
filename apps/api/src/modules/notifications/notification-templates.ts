/**
 * Every message the portal sends a member: the in-app notification and the e-mail, worded in ONE
 * place. Use cases (and the demo seed, which only calls use cases and these templates) name a
 * template and its facts; `sendMessages` in notifications.service.ts writes the result inside the
 * use case's transaction. Texts never appear anywhere else.
 *
 * A template returns a notification, an e-mail, or both; or a notification with `emailCopy`,
 * which e-mails the notification itself. E-mails marked `essential` (links that sign a member in,
 * security warnings) go whatever the member's e-mail setting says; the others (copies included)
 * only when the member keeps e-mail notifications on.
 */
import { formatDisplayDate, formatMonth, type IsoDate, type IsoMonth } from '@coop/shared/dates';
import { formatKobo, formatNaira, type Kobo, type Naira } from '@coop/shared/money';
import {
  notificationPriorityForType,
  type NotificationPriority,
  type NotificationType,
} from '@coop/shared/notifications';
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
  'contribution' | 'fine' | 'withdrawal' | 'dividend' | 'deposit_notice';

export interface EmailContent {
  subject: string;
  text: string;
  /** Sent even when the member turned e-mail notifications off (sign-in links, security). */
  essential: boolean;
}

export interface Message {
  notification?: NotificationContent;
  email?: EmailContent;
  /**
   * The notification is important enough to reach the member's inbox too (DESIGN §6
   * "Notifications"): `sendMessages` e-mails a copy of it (title, message, link) to members who
   * keep e-mail notifications on. Never essential: the member's setting decides.
   */
  emailCopy?: boolean;
}

/** What every template knows of its recipient. */
export interface Recipient {
  firstName: string;
  email: string;
  membershipId: string;
}

function lagosTime(date: Date): string {
  return date.toLocaleString('en-NG', {
    timeZone: 'Africa/Lagos',
    dateStyle: 'medium',
    timeStyle: 'short',
  });
}

const lines = (...text: string[]) => text.join('\n');

/** A notification of `type` with the type's usual priority (spec §4), unless told otherwise. */
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

  guarantorRequested(_config: Config, _to: Recipient, facts: { borrowerName: string }): Message {
    return {
      // Someone waits on the member's answer: worth their inbox.
      emailCopy: true,
      notification: notice('guarantor_request', {
        title: `Guarantor request from ${facts.borrowerName}`,
        message: `${facts.borrowerName} asked you to guarantee part of a loan. If you accept, the guarantee amount is frozen from your available balance until the loan is repaid.`,
        actionText: 'View request',
        actionUrl: '/loans?tab=guarantor-requests',
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

  /* Member money (issue 7): fines, withdrawals, dividends and deposit notices. */

  /** The administrator resolved the member's dispute of a contribution. */
  contributionDisputeResolved(
    _config: Config,
    _to: Recipient,
    facts: { contributionId: string; month: IsoMonth; note: string },
  ): Message {
    const month = formatMonth(facts.month);
    return {
      notification: notice('contribution_posted', {
        title: `Your ${month} dispute was resolved`,
        message: `The administrator resolved your dispute of the ${month} contribution: ${facts.note}`,
        actionText: 'View contribution',
        actionUrl: '/contributions?status=resolved',
        subject: { type: 'contribution', id: facts.contributionId },
      }),
    };
  },

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
      notification: notice('fine_issued', {
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
        actionUrl: `/withdrawals?status=${facts.outcome}`,
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
      notification: notice('general', {
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
      notification: notice('contribution_posted', {
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
} as const satisfies Record<string, (config: Config, to: Recipient, facts: never) => Message>;

export type TemplateName = keyof typeof templates;
/** The facts a template needs (nothing for those that need none). */
export type TemplateFacts<Name extends TemplateName> =
  Parameters<(typeof templates)[Name]> extends [unknown, unknown, infer Facts] ? Facts : undefined;
