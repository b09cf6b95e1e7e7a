/**
 * Text messages (docs/decisions/164-sms-through-the-outbox.md): the GSM 03.38 alphabet every
 * Nigerian handset reads, and the one-message length. A text with any character outside the
 * alphabet goes as UCS-2, where one message holds 70 characters, not 160: so every text the
 * portal sends is written in GSM-7 only, and amounts read 'NGN 18,332' because '₦' is not in it.
 */
import { z } from 'zod';
import { isoDateTimeSchema } from './date-schemas.js';
import { filteredListQuery, listEnvelope } from './http.js';
import { formatKobo, type Kobo } from './money.js';
import type { StatusDisplay } from './status-tones.js';

/** One SMS in the GSM 7-bit alphabet. Longer texts are split and billed as several. */
export const SMS_MAX_LENGTH = 160;

/** The basic GSM 03.38 character set: one septet each. */
const GSM_7_BASIC =
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?' +
  '¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà';
/** The extension table: an escape and the character, two septets each. */
const GSM_7_EXTENSION = '^{}\\[~]|€\f';

const basic = new Set(GSM_7_BASIC);
const extension = new Set(GSM_7_EXTENSION);

/** Whether every character of `text` is in the GSM 7-bit alphabet (basic or extension). */
export function isGsm7(text: string): boolean {
  for (const char of text) if (!basic.has(char) && !extension.has(char)) return false;
  return true;
}

/** Septets `text` takes in GSM-7 (extension characters count twice); Infinity when it is not GSM-7. */
export function gsm7Length(text: string): number {
  let length = 0;
  for (const char of text) {
    if (basic.has(char)) length += 1;
    else if (extension.has(char)) length += 2;
    else return Number.POSITIVE_INFINITY;
  }
  return length;
}

/** Common characters outside the alphabet and the GSM-7 text that stands for them. */
const REPLACEMENTS: Record<string, string> = {
  '₦': 'NGN ',
  '‘': "'",
  '’': "'",
  '“': '"',
  '”': '"',
  '–': '-',
  '—': '-',
  '…': '...',
  '→': '->',
  '\u00a0': ' ',
  '\u202f': ' ',
};

/**
 * `text` in the GSM-7 alphabet: accents the alphabet lacks are dropped ('Ọlá' → 'Ola', as Yoruba
 * names are commonly typed without them), typographic quotes and dashes become plain ones, and
 * anything else becomes '?'. Names and reasons typed by people pass through here before a text
 * is sent.
 */
export function toGsm7(text: string): string {
  let out = '';
  for (const char of text) {
    if (basic.has(char) || extension.has(char)) {
      out += char;
      continue;
    }
    const replacement = REPLACEMENTS[char];
    if (replacement !== undefined) {
      out += replacement;
      continue;
    }
    const stripped = char.normalize('NFD').replace(/\p{M}/gu, '');
    out += [...stripped].every((c) => basic.has(c)) && stripped !== '' ? stripped : '?';
  }
  return out;
}

/** 'NGN 18,332': whole naira as the portal shows them, with the currency's code for the sign. */
export function formatSmsAmount(kobo: Kobo): string {
  return toGsm7(formatKobo(kobo));
}

/** `text` cut to `max` characters, ending in '...' when it was longer (for a name in a text). */
export function clip(text: string, max: number): string {
  const chars = [...text];
  return chars.length <= max ? text : `${chars.slice(0, max - 3).join('')}...`;
}

/*
 * The back office's view of texts that failed or are being retried (docs/administrators.md
 * "Text messages"): `/api/v1/admin/text-messages`. Officers only.
 */

/** A failed text was given up; a retrying one waits for its next attempt. */
export const TEXT_MESSAGE_STATES = ['retrying', 'failed'] as const;
export type TextMessageState = (typeof TEXT_MESSAGE_STATES)[number];

export const TEXT_MESSAGE_STATE_LABELS: Record<TextMessageState, string> = {
  retrying: 'Retrying',
  failed: 'Failed',
};

/** What each kind of text is about, as officers read it (the template that wrote it). */
export const TEXT_MESSAGE_KIND_LABELS: Record<string, string> = {
  newDeviceSignIn: 'New sign-in',
  passwordChanged: 'Password changed',
  twoFactorChanged: 'Two-factor changed',
  contributionToConfirm: 'Deduction posted',
  payrollVariance: 'Deduction variance',
  loanGuarantorRequest: 'Guarantor request',
  loanDecided: 'Loan decision',
  loanDisbursed: 'Loan disbursed',
  loanInstalmentDueSoon: 'Instalment due soon',
  loanInstalmentOverdue: 'Instalment overdue',
};

export const textMessageKindLabel = (kind: string): string =>
  TEXT_MESSAGE_KIND_LABELS[kind] ?? kind;

export const textMessageSchema = z.object({
  id: z.string(),
  createdAt: isoDateTimeSchema,
  member: z.object({ id: z.string(), name: z.string(), membershipId: z.string() }).nullable(),
  /** The number with its middle hidden ('0803 *** 0001'). */
  to: z.string(),
  kind: z.string(),
  security: z.boolean(),
  state: z.enum(TEXT_MESSAGE_STATES),
  attempts: z.number().int(),
  maxAttempts: z.number().int(),
  /** The gateway's answer or the network error of the last attempt. */
  lastError: z.string().nullable(),
  /** When a retrying text is tried again; null once it failed. */
  nextAttemptAt: isoDateTimeSchema.nullable(),
});
export type TextMessage = z.infer<typeof textMessageSchema>;

export const textMessageListQuerySchema = filteredListQuery({
  sortFields: ['createdAt'],
  defaults: { sortBy: 'createdAt', sortOrder: 'desc', limit: 25 },
  filters: { state: z.enum(TEXT_MESSAGE_STATES).optional() },
});
export type TextMessageListQuery = z.infer<typeof textMessageListQuerySchema>;
export const textMessageListResponseSchema = listEnvelope(textMessageSchema);
export type TextMessageListResponse = z.infer<typeof textMessageListResponseSchema>;

/** A state as a badge shows it (docs/decisions/113-status-tones.md). */
export const TEXT_MESSAGE_STATE_DISPLAY = {
  tones: { retrying: 'warning', failed: 'danger' },
  labels: TEXT_MESSAGE_STATE_LABELS,
} as const satisfies StatusDisplay<TextMessageState>;

/** What the officers' list says when nothing is in trouble. */
export const TEXT_MESSAGES_EMPTY = 'No text message has failed or is waiting to be retried.';
