/**
 * The member's profile (spec §2 Profile; DESIGN §7): they read it and change their phone number;
 * name, e-mail and membership ID change through the administrator. Use cases of the one shape of
 * docs/decisions/003-api-layering.md.
 */
import { sql } from 'drizzle-orm';
import type { User } from '@coop/shared/auth';
import { PROFILE_MESSAGES } from '@coop/shared/account-rules';
import type { ProfileUpdate } from '@coop/shared/users';
import type { Deps } from '../../deps.js';
import type { MemberActor } from '../../lib/actor.js';
import { writeAudit } from '../../lib/audit-log.js';
import { DomainError, notFound } from '../../lib/domain-error.js';
import { runWithCurrentPassword } from '../auth/re-authentication.service.js';
import { toUser } from '../members/members.service.js';
import { accountRepository } from './account.repository.js';

/** GET /users/profile */
export async function getProfile(deps: Deps, actor: MemberActor): Promise<User> {
  const row = await accountRepository(deps.db).findUser(actor.user.id);
  if (!row) throw notFound('Profile');
  return toUser(row);
}

/**
 * PUT /users/profile: the member sets or removes their phone number. A number another member
 * signs in with is refused (409): phone numbers are sign-in identifiers, so the current password
 * comes first (ASVS V7.5.1, decision 082; a wrong one counts as a failed sign-in). Changes to the
 * same number queue on an advisory lock, so two members racing for one number cannot both pass
 * the check (the unique index is the last line of defence).
 */
export async function updateProfile(
  deps: Deps,
  actor: MemberActor,
  input: ProfileUpdate,
): Promise<User> {
  const userId = actor.user.id;
  const reAuthentication = {
    password: input.currentPassword,
    now: deps.clock.now(),
    purpose: 'phone_change',
  } as const;
  return runWithCurrentPassword(deps.db, actor, reAuthentication, async (tx) => {
    const repo = accountRepository(tx);
    if (input.phoneNumber !== null) {
      await tx.execute(
        sql`select pg_advisory_xact_lock(hashtext(${`coop.phone.${input.phoneNumber}`}))`,
      );
    }
    const before = await repo.lockUser(userId);
    if (!before) throw notFound('Profile');
    if (before.phoneNumber === input.phoneNumber) return toUser(before);
    if (input.phoneNumber !== null && (await repo.phoneTakenByOther(userId, input.phoneNumber))) {
      throw new DomainError({
        code: 'PHONE_IN_USE',
        message: PROFILE_MESSAGES.phoneInUse,
        details: [{ field: 'phoneNumber', message: PROFILE_MESSAGES.phoneInUse }],
      });
    }
    const after = await repo.setPhone(userId, input.phoneNumber, deps.clock.now());
    await writeAudit(tx, actor, {
      action: 'member.profile_updated',
      entityType: 'user',
      entityId: userId,
      before: { phoneNumber: before.phoneNumber },
      after: { phoneNumber: after.phoneNumber },
    });
    return toUser(after);
  });
}
