/**
 * The text messages the portal sends (docs/business-rules.md "Text messages"; decision 164): one
 * entry per notification template that also texts, so texting another event is one line here.
 * `sendMessages` queues them beside the template's notification and e-mail, in the same
 * transaction. Security texts go whatever the member's SMS setting says; the others only when
 * the member turned SMS on (off by default). Every text is GSM-7 and at most one message
 * (160 characters): amounts read 'NGN 18,332' because '₦' would make the text Unicode, where
 * one message holds 70; names and reasons people typed are clipped and their accents dropped.
 */
import { formatDisplayDate, formatMonth } from '@coop/shared/dates';
import { SMS_MAX_LENGTH, clip, gsm7Length, toGsm7, formatSmsAmount as ngn } from '@coop/shared/sms';
import type { Config } from '../../config/env.js';
import {
  lagosTime,
  type Recipient,
  type TemplateFacts,
  type TemplateName,
} from './notification-templates.js';

export interface SmsText<Name extends TemplateName> {
  /** Sent even with SMS turned off: the member must hear of it at once. */
  security?: true;
  /** The words; null when this recipient gets no text (a guarantor's copy of a decision). */
  text: (config: Config, to: Recipient, facts: TemplateFacts<Name>) => string | null;
  /** A text that must go once only, whatever repeats the event (a reminder job's rerun). */
  onceKey?: (facts: TemplateFacts<Name>) => string;
}

/** 'Not you? …' of every security text: what to do, and whom to call. */
const notYou = (config: Config) => `Not you? Call ${config.cooperative.contactPhone} now.`;
/** A name a member typed, short enough for the text around it. */
const name = (text: string) => clip(text, 24);

export const SMS_TEXTS: { [Name in TemplateName]?: SmsText<Name> } = {
  newDeviceSignIn: {
    security: true,
    text: (config, _to, f) =>
      `New sign-in to your ${config.cooperative.name} portal account on ${lagosTime(f.at)}${f.device ? ` (${clip(f.device, 30)})` : ''}. ${notYou(config)}`,
  },
  passwordChanged: {
    security: true,
    text: (config, _to, f) =>
      `Your ${config.cooperative.name} portal password was changed on ${lagosTime(f.at)}. Other devices were signed out. ${notYou(config)}`,
  },
  twoFactorChanged: {
    security: true,
    text: (config, _to, f) =>
      `Two-factor sign-in on your ${config.cooperative.name} portal account was ${f.enabled ? 'turned on' : f.byOfficer ? 'reset by an officer' : 'turned off'} on ${lagosTime(f.at)}. ${notYou(config)}`,
  },
  contributionToConfirm: {
    text: (_config, _to, f) =>
      `${ngn(f.savings + f.shares)} was deducted from your ${formatMonth(f.month)} salary: ${ngn(f.savings)} savings, ${ngn(f.shares)} shares. Please confirm it on the portal.`,
  },
  payrollVariance: {
    // docs/decisions/155-payroll-actuals.md: the notification's sentence, in GSM-7 amounts.
    text: (_config, _to, f) => {
      const month = formatMonth(f.month);
      switch (f.kind) {
        case 'short':
          return `${ngn(f.expected - f.deducted)} less than your instruction was deducted in ${month} (${ngn(f.deducted)} of ${ngn(f.expected)}). Check it on the portal.`;
        case 'over':
          return `${ngn(f.deducted - f.expected)} more than your instruction was deducted in ${month} (${ngn(f.deducted)} of ${ngn(f.expected)}). Check it on the portal.`;
        case 'missing':
          return `Nothing was deducted in ${month}; your instruction was ${ngn(f.expected)}. Check your payslip and the portal.`;
        case 'unexpected':
          return `${ngn(f.deducted)} was deducted in ${month} with no instruction to deduct it. Check it on the portal.`;
      }
    },
  },
  loanGuarantorRequest: {
    text: (_config, _to, f) =>
      `${name(f.borrowerName)} asks you to guarantee ${ngn(f.guarantee)} of loan ${f.loanNumber}. Accept or decline on the member portal.`,
  },
  loanDecided: {
    text: (_config, _to, f) =>
      !f.forBorrower
        ? null
        : f.approved
          ? `Your loan ${f.loanNumber} was approved. The cooperative will disburse it and fix your repayment schedule.`
          : `Your loan ${f.loanNumber} was rejected${f.reason ? `: ${clip(f.reason, 70)}` : '.'} See the member portal.`,
  },
  loanDisbursed: {
    text: (_config, _to, f) =>
      `${ngn(f.amount)} of loan ${f.loanNumber} was paid out to you. Your first instalment is due on ${formatDisplayDate(f.firstDueDate)}.`,
  },
  loanInstalmentDueSoon: {
    text: (_config, _to, f) =>
      `Reminder: your instalment of ${ngn(f.amount)} on loan ${f.loanNumber} is due on ${formatDisplayDate(f.dueDate)}.`,
    onceKey: (f) => `instalment-due-soon:${f.itemId}`,
  },
  loanInstalmentOverdue: {
    text: (_config, _to, f) =>
      `Your instalment of ${ngn(f.amount)} on loan ${f.loanNumber}, due ${formatDisplayDate(f.dueDate)}, is unpaid. Please pay it as soon as you can.`,
  },
};

/**
 * The text `template` sends `to`, in GSM-7 and one message, or null when it sends none. A text
 * that would still run over (a cooperative with a very long name) is cut to one message rather
 * than billed as two.
 */
export function renderSms(
  config: Config,
  to: Recipient,
  template: TemplateName,
  facts: unknown,
): { text: string; security: boolean; dedupeKey?: string } | null {
  // Each entry's functions take exactly its template's facts, which `sendMessages` pairs.
  const entry: SmsText<TemplateName> | undefined = SMS_TEXTS[template];
  if (!entry) return null;
  const words = entry.text(config, to, facts as never);
  if (words === null) return null;
  const whole = toGsm7(words);
  let text = whole;
  for (let cut = SMS_MAX_LENGTH - 3; gsm7Length(text) > SMS_MAX_LENGTH; cut -= 1) {
    text = `${whole.slice(0, cut)}...`;
  }
  const dedupeKey = entry.onceKey?.(facts as never);
  return { text, security: entry.security === true, ...(dedupeKey ? { dedupeKey } : {}) };
}
