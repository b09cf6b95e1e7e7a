import type { LoginEvent, SignOutOthersInput } from '@coop/shared/security';
import type { LoginEventKind } from '../../db/schema/index.js';
import type { Executor } from '../../db/client.js';
import type { Deps } from '../../deps.js';
import type { Actor, MemberActor } from '../../lib/actor.js';
import { DomainError } from '../../lib/domain-error.js';
import { writeAudit } from '../../lib/audit-log.js';
import { runWithCurrentPassword } from '../credentials/re-authentication.service.js';
import { revokeOtherSessions } from '../sessions/sessions.service.js';
import { describeDevice } from './user-agent.js';
import { loginHistoryRepository } from './login-history.repository.js';

/** What a sign-in's browser and system read as ('Chrome on Android'), for other modules' texts. */
export { describeDevice };

/** Records one event of the member's sign-in history, in the caller's transaction. */
export async function recordLoginEvent(
  tx: Executor,
  actor: Actor,
  event: { userId: string; kind: LoginEventKind; sessionId?: string | null; at: Date },
): Promise<void> {
  await loginHistoryRepository(tx).insert({
    userId: event.userId,
    kind: event.kind,
    ip: actor.ip,
    userAgent: actor.userAgent,
    sessionId: event.sessionId ?? null,
    createdAt: event.at,
  });
}

/**
 * The member's last 50 sign-in events, newest first, a page at a time, with the events of the
 * sign-in making the request marked current.
 */
export async function listLoginHistory(
  deps: Deps,
  actor: MemberActor,
  query: { page: number; limit: number },
) {
  const { items, pagination } = await loginHistoryRepository(deps.db).page(actor.user.id, query);
  const data: LoginEvent[] = items.map((row) => ({
    id: row.id,
    kind: row.kind,
    occurredAt: row.createdAt.toISOString(),
    ip: row.ip,
    device: describeDevice(row.userAgent),
    current: row.sessionId !== null && row.sessionId === actor.sessionId,
  }));
  return { data, pagination };
}

/**
 * "Sign out every other session": every sign-in of the member but this one ends at once, after
 * the current password (ASVS V7.5.2, decision 082).
 */
export async function signOutOtherSessions(
  deps: Deps,
  actor: MemberActor,
  input: SignOutOthersInput,
): Promise<{ ended: number }> {
  const { sessionId } = actor;
  if (!sessionId)
    throw new DomainError({ code: 'UNAUTHORIZED', message: 'Authentication required' });
  const now = deps.clock.now();
  const reAuthentication = {
    password: input.currentPassword,
    now,
    purpose: 'sign_out_others',
  } as const;
  return runWithCurrentPassword(deps.db, actor, reAuthentication, async (tx) => {
    const ended = await revokeOtherSessions(tx, {
      userId: actor.user.id,
      keepSessionId: sessionId,
      now,
    });
    await recordLoginEvent(tx, actor, {
      userId: actor.user.id,
      kind: 'other_sessions_signed_out',
      sessionId,
      at: now,
    });
    await writeAudit(tx, actor, {
      action: 'auth.other_sessions_ended',
      entityType: 'user',
      entityId: actor.user.id,
      after: { ended },
    });
    return { ended };
  });
}
