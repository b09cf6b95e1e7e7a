/**
 * Where text messages go (docs/decisions/164-sms-through-the-outbox.md): one small interface, an
 * adapter for Termii's HTTP API (a Nigerian gateway with a transactional route that reaches
 * numbers on Do-Not-Disturb), and one that only logs, the default. The outbox worker
 * (lib/outbox.ts, through the text-message channel in lib/sms-outbox.ts) is the only caller.
 */
import type { FastifyBaseLogger } from 'fastify';
import { maskPhone } from '@coop/shared/phone';
import type { Config } from '../config/env.js';

export interface SmsToSend {
  /** '+234' and ten digits, as numbers are stored. */
  to: string;
  text: string;
  /** The template that wrote it, for the log. */
  kind: string;
}

export interface SmsGateway {
  readonly name: 'log' | 'termii';
  /**
   * Hands one text to the gateway. Resolves with the gateway's id for it once accepted; throws a
   * `SmsRefusedError` when the gateway refuses this text for good (a retry would be refused
   * again), and any other error when a retry may succeed (a timeout, a 5xx, a lost connection).
   */
  send(sms: SmsToSend, signal: AbortSignal): Promise<{ messageId: string | null }>;
}

/** The gateway refused the text itself (a bad number, an unknown sender ID): not retried. */
export class SmsRefusedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SmsRefusedError';
  }
}

/** One text may take this long at the gateway before it counts as a failed attempt. */
export const SMS_SEND_TIMEOUT_MS = 15_000;

/** Development's gateway: the log gets the masked number, the kind and the length, never the text. */
export function logGateway(logger: FastifyBaseLogger): SmsGateway {
  return {
    name: 'log',
    send(sms) {
      logger.info(
        { to: maskPhone(sms.to), kind: sms.kind, characters: sms.text.length },
        'text message not sent (SMS=log)',
      );
      return Promise.resolve({ messageId: null });
    },
  };
}

export interface TermiiSettings {
  baseUrl: string;
  apiKey: string;
  senderId: string;
  channel: 'dnd' | 'generic';
}

/** Statuses that say "try again later", though they are 4xx. */
const RETRYABLE_4XX = new Set([408, 409, 425, 429]);

/**
 * Termii's send endpoint (`POST {base}/api/sms/send`, JSON; the API key travels in the body).
 * The number goes in the international form without '+', as Termii asks. The key is never put
 * in an error or the log: errors carry the status and Termii's own message only.
 */
export function termiiGateway(settings: TermiiSettings): SmsGateway {
  const url = `${settings.baseUrl.replace(/\/+$/, '')}/api/sms/send`;
  return {
    name: 'termii',
    async send(sms, signal) {
      const response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify({
          api_key: settings.apiKey,
          to: sms.to.replace(/^\+/, ''),
          from: settings.senderId,
          sms: sms.text,
          type: 'plain',
          channel: settings.channel,
        }),
        signal: AbortSignal.any([signal, AbortSignal.timeout(SMS_SEND_TIMEOUT_MS)]),
      });
      const body = (await response.json().catch(() => null)) as {
        message_id?: unknown;
        message?: unknown;
      } | null;
      const said = typeof body?.message === 'string' ? `: ${body.message.slice(0, 200)}` : '';
      if (response.ok) {
        return { messageId: typeof body?.message_id === 'string' ? body.message_id : null };
      }
      const problem = `Termii answered ${response.status}${said}`;
      if (response.status >= 400 && response.status < 500 && !RETRYABLE_4XX.has(response.status)) {
        throw new SmsRefusedError(problem);
      }
      throw new Error(problem);
    },
  };
}

/** The gateway the settings name (SMS=log by default; SMS=termii with its key and sender ID). */
export function smsGatewayFor(config: Config, logger: FastifyBaseLogger): SmsGateway {
  return config.sms.gateway === 'termii' ? termiiGateway(config.sms.termii) : logGateway(logger);
}
