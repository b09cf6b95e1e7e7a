import { and, eq, inArray } from 'drizzle-orm';
import { contributions, users } from '../../db/schema/index.js';
import type { Executor } from '../../db/client.js';
import { chunks } from '../../lib/chunks.js';

export function payrollRepository(db: Executor) {
  return {
    /** The members named by a payroll file, by membership ID. */
    async membersByMembershipId(membershipIds: readonly string[]) {
      const found = new Map<
        string,
        { id: string; firstName: string; lastName: string; joinedOn: string }
      >();
      for (const chunk of chunks([...membershipIds])) {
        const rows = await db
          .select({
            id: users.id,
            membershipId: users.membershipId,
            firstName: users.firstName,
            lastName: users.lastName,
            joinedOn: users.joinedOn,
          })
          .from(users)
          .where(inArray(users.membershipId, chunk));
        for (const { membershipId, ...row } of rows) found.set(membershipId, row);
      }
      return found;
    },

    /** The members among `userIds` who already have a contribution for `month`. */
    async alreadyPosted(userIds: readonly string[], month: string) {
      const posted = new Set<string>();
      for (const chunk of chunks([...userIds])) {
        const rows = await db
          .select({ userId: contributions.userId })
          .from(contributions)
          .where(
            and(eq(contributions.contributionMonth, month), inArray(contributions.userId, chunk)),
          );
        for (const row of rows) posted.add(row.userId);
      }
      return posted;
    },
  };
}
