import { emailChannel } from './email-outbox.js';
import type { OutboxChannel } from './outbox.js';
import { smsChannel } from './sms-outbox.js';

/**
 * Every outbox channel (decision 168): housekeeping prunes each and the metrics count each, so a
 * new channel listed here is pruned and watched with no other change. The server starts a sender
 * for each (server.ts).
 */
export const OUTBOX_CHANNELS: readonly OutboxChannel[] = [emailChannel, smsChannel];
