import { randomUUID } from 'node:crypto';
import type { Database } from '../db/client.js';
import { memberBalances, users } from '../db/schema/index.js';
import { actorFor, type MemberActor } from '../lib/actor.js';
import type { OfficerRole } from '@coop/shared/officers';

/**
 * A bare member with its zeroed balance row, as member creation leaves it: for ledger tests that
 * need members but not sign-in (no password, no e-mail).
 */
export async function insertLedgerTestMember(
  db: Database,
  label: string,
  joinedOn = '2020-01-01',
): Promise<string> {
  const suffix = randomUUID().slice(0, 8);
  const [user] = await db
    .insert(users)
    .values({
      email: `${label.toLowerCase()}-${suffix}@ledger.test`,
      membershipId: `T${suffix}`.toUpperCase(),
      firstName: label,
      lastName: 'Test',
      joinedOn,
    })
    .returning({ id: users.id });
  if (!user) throw new Error('member insert returned no row');
  await db.insert(memberBalances).values({ userId: user.id });
  return user.id;
}

/** A bare member acting in a use case (only the id matters to the services). */
export function memberActor(userId: string, roles: OfficerRole[] = []): MemberActor {
  return actorFor({
    id: userId,
    email: `${userId}@ledger.test`,
    phoneNumber: null,
    membershipId: `T${userId.slice(0, 8)}`,
    firstName: 'Test',
    lastName: 'Member',
    roles,
    isActive: true,
    isLoanReviewer: false,
    isExco: false,
  });
}
