/**
 * The member's profile (docs/member-portal.md §2 Profile; docs/business-rules.md): they read it and
 * change their phone number; name, e-mail and membership ID change through the administrator. Use
 * cases of the one shape of docs/decisions/003-api-layering.md.
 */
import type { User } from '@coop/shared/auth';
import { PROFILE_MESSAGES } from '@coop/shared/account-rules';
import type { ProfileUpdate } from '@coop/shared/users';
import type { Deps } from '../../deps.js';
import type { MemberActor } from '../../lib/actor.js';
import { advisoryLock } from '../../lib/advisory-lock.js';
import { writeAudit } from '../../lib/audit-log.js';
import { DomainError, notFound } from '../../lib/domain-error.js';
import { blockedFor, recordEvent } from '../../lib/rate-limit.js';
import { runWithCurrentPassword } from '../credentials/re-authentication.service.js';
import { toUser } from '../../lib/user-view.js';
import { accountRepository } from './account.repository.js';

/** GET /users/profile */
export async function getProfile(deps: Deps, actor: MemberActor): Promise<User> {
  const row = await accountRepository(deps.db).findUser(actor.user.id);
  if (!row) throw notFound('Profile');
  return toUser(row);
}

/** Numbers found taken that one member may be told of in a day (decision 084). */
export const PHONE_IN_USE_ANSWERS_PER_DAY = 3;
const DAY_MS = 24 * 60 * 60 * 1000;
const PHONE_IN_USE_BUCKET = 'phone-in-use';

/**
 * PUT /users/profile: the member sets or removes their phone number. A number another member
 * signs in with is refused (409): phone numbers are sign-in identifiers, so the current password
 * comes first (ASVS V7.5.1, decision 082; a wrong one counts as a failed sign-in). Changes to the
 * same number queue on an advisory lock, so two members racing for one number cannot both pass
 * the check (the unique index is the last line of defence).
 *
 * The 409 tells that someone uses the number, whoever it is and whatever their phone-search
 * choice, so it is rationed (decision 084): each is audited, and after three in a day every
 * change to a new number answers 429 until the oldest is a day old, taken or free alike.
 */
export async function updateProfile(
  deps: Deps,
  actor: MemberActor,
  input: ProfileUpdate,
): Promise<User> {
  const userId = actor.user.id;
  const now = deps.clock.now();
  const reAuthentication = {
    password: input.currentPassword,
    now,
    purpose: 'phone_change',
  } as const;
  const outcome = await runWithCurrentPassword(
    deps.db,
    actor,
    reAuthentication,
    async (tx): Promise<{ user: User } | { refused: DomainError }> => {
      const repo = accountRepository(tx);
      if (input.phoneNumber !== null) {
        await advisoryLock(tx, `coop.phone.${input.phoneNumber}`);
      }
      const before = await repo.lockUser(userId);
      if (!before) throw notFound('Profile');
      if (before.phoneNumber === input.phoneNumber) return { user: toUser(before) };
      if (input.phoneNumber !== null) {
        const limit = { bucket: PHONE_IN_USE_BUCKET, key: userId, now };
        const waitMs = await blockedFor(tx, {
          ...limit,
          limit: PHONE_IN_USE_ANSWERS_PER_DAY,
          windowMs: DAY_MS,
        });
        if (waitMs !== null) return { refused: phoneChangesPausedError(waitMs) };
        if (await repo.phoneTakenByOther(userId, input.phoneNumber)) {
          // Committed with the transaction, so the ration holds; the error is thrown after it.
          await recordEvent(tx, limit);
          await writeAudit(tx, actor, {
            action: 'member.phone_change_refused',
            entityType: 'user',
            entityId: userId,
            after: { reason: 'phone_in_use' },
          });
          return {
            refused: new DomainError({
              code: 'PHONE_IN_USE',
              message: PROFILE_MESSAGES.phoneInUse,
              details: [{ field: 'phoneNumber', message: PROFILE_MESSAGES.phoneInUse }],
            }),
          };
        }
      }
      const after = await repo.setPhone(userId, input.phoneNumber, now);
      await writeAudit(tx, actor, {
        action: 'member.profile_updated',
        entityType: 'user',
        entityId: userId,
        before: { phoneNumber: before.phoneNumber },
        after: { phoneNumber: after.phoneNumber },
      });
      return { user: toUser(after) };
    },
  );
  if ('refused' in outcome) throw outcome.refused;
  return outcome.user;
}

function phoneChangesPausedError(waitMs: number): DomainError {
  const hours = Math.max(1, Math.ceil(waitMs / (60 * 60 * 1000)));
  const message = PROFILE_MESSAGES.phoneChangesPaused(hours);
  return new DomainError({
    code: 'TOO_MANY_ATTEMPTS',
    message,
    details: [{ field: 'phoneNumber', message }],
    headers: { 'Retry-After': String(Math.max(1, Math.ceil(waitMs / 1000))) },
  });
}
