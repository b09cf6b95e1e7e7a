import { AUTH_MESSAGES } from '@coop/shared/messages';
import {
  activateAccountSchema,
  type ActivateAccountInput,
  type ActivatingUser,
  type User,
} from '@coop/shared/auth';
import type { Deps } from '../../deps.js';
import type { Actor } from '../../lib/actor.js';
import { DomainError, invalidInput } from '../../lib/domain-error.js';
import { writeAudit } from '../../lib/audit-log.js';
import { hashPassword } from '../../lib/password.js';
import { consumeOneTimeToken, findUsableOneTimeToken } from '../../lib/one-time-token.js';
import { toUser } from '../../lib/user-view.js';
import { activationProfile, setFirstPassword } from '../members/members.service.js';
import { startSession, type IssuedRefreshToken } from '../sessions/sessions.service.js';
import { passwordOwner, refuseUnsafeNewPassword } from './password.service.js';

const invalidActivationToken = () =>
  new DomainError({
    code: 'INVALID_ACTIVATION_TOKEN',
    message: AUTH_MESSAGES.invalidActivationToken,
  });

/** Who an activation link belongs to, for the set-password greeting; 400 when it is not usable. */
export async function verifyActivationToken(
  deps: Deps,
  _actor: Actor,
  { token }: { token: string },
): Promise<ActivatingUser> {
  const found = await findUsableOneTimeToken(deps.db, {
    token,
    purpose: 'activation',
    now: deps.clock.now(),
  });
  if (!found) throw invalidActivationToken();
  const user = await activationProfile(deps.db, found.userId);
  if (!user || user.passwordHash) throw invalidActivationToken();
  return {
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    membershipId: user.membershipId,
  };
}

/**
 * Sets the first password from an activation link (7 days, single use) and signs the member in:
 * the returned session is the refresh token for the cookie. The password passes the schema's
 * rules and every new-password check (common, context words, breach corpus; decision 081).
 */
export async function activateAccount(
  deps: Deps,
  actor: Actor,
  input: ActivateAccountInput,
): Promise<{ user: User; session: IssuedRefreshToken }> {
  const parsed = activateAccountSchema.safeParse(input);
  if (!parsed.success) throw invalidInput(parsed.error);
  const { token, password } = parsed.data;
  const usable = { token, purpose: 'activation', now: deps.clock.now() } as const;
  // Checked before the (slow) hashing, used up after it, in the transaction that sets the password.
  const found = await findUsableOneTimeToken(deps.db, usable);
  const owner = found && (await passwordOwner(deps.db, found.userId));
  if (!owner) throw invalidActivationToken();
  await refuseUnsafeNewPassword(deps, { password, field: 'password', owner });
  return activateWithPasswordHash(deps, actor, {
    token,
    passwordHash: await hashPassword(password),
  });
}

/**
 * The activation itself, with a password already checked and hashed: uses the link up, sets the
 * password and signs the member in. Only `activateAccount` and the demo seed call it: the seed
 * gives its accounts the demo's published password (`Demo!2345`), which is no member's choice and
 * would be refused as one (it contains the demo cooperative's and its administrator's name).
 */
export async function activateWithPasswordHash(
  deps: Deps,
  actor: Actor,
  { token, passwordHash }: { token: string; passwordHash: string },
): Promise<{ user: User; session: IssuedRefreshToken }> {
  const now = deps.clock.now();
  const usable = { token, purpose: 'activation', now } as const;
  return deps.db.transaction(async (tx) => {
    const consumed = await consumeOneTimeToken(tx, usable);
    if (!consumed) throw invalidActivationToken();
    const user = await setFirstPassword(tx, consumed.userId, passwordHash, now);
    if (!user) throw invalidActivationToken();
    const session = await startSession(tx, {
      userId: user.id,
      now,
      actor,
      policy: deps.config.sessions,
    });
    await writeAudit(tx, actor, {
      actorId: user.id,
      action: 'auth.account_activated',
      entityType: 'user',
      entityId: user.id,
    });
    return { user: toUser(user), session };
  });
}
