/**
 * The back office's view of text messages that failed or are being retried (decision 164;
 * docs/administrators.md "Text messages"): read-only, numbers masked, officers only. Officers
 * cannot resend from here: a text that failed for good usually needs the member's number
 * corrected, which is a change to the member's record (and audited there).
 */
import { maskPhone } from '@coop/shared/phone';
import type { TextMessage, TextMessageListQuery } from '@coop/shared/sms';
import type { Deps } from '../../deps.js';
import type { MemberActor } from '../../lib/actor.js';
import type { ListPage } from '../../lib/list-query.js';
import { SMS_MAX_ATTEMPTS, smsInTroublePage, type SmsInTrouble } from '../../lib/sms-outbox.js';

function toTextMessage(row: SmsInTrouble): TextMessage {
  const failed = row.status === 'failed';
  return {
    id: row.id,
    createdAt: row.createdAt.toISOString(),
    member:
      row.userId === null
        ? null
        : {
            id: row.userId,
            name: `${row.firstName ?? ''} ${row.lastName ?? ''}`.trim(),
            membershipId: row.membershipId ?? '',
          },
    to: maskPhone(row.to),
    kind: row.kind,
    security: row.security,
    state: failed ? 'failed' : 'retrying',
    attempts: row.attempts,
    maxAttempts: SMS_MAX_ATTEMPTS,
    lastError: row.lastError,
    nextAttemptAt: failed ? null : row.availableAt.toISOString(),
  };
}

/** GET /admin/text-messages: texts in trouble, newest first, optionally one state. */
export async function listTextMessagesInTrouble(
  deps: Deps,
  _actor: MemberActor,
  query: TextMessageListQuery,
): Promise<ListPage<TextMessage>> {
  const page = await smsInTroublePage(deps.db, query);
  return { items: page.items.map(toTextMessage), pagination: page.pagination };
}
