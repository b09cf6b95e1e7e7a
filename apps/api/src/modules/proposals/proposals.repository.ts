import { and, desc, eq, sql } from 'drizzle-orm';
import { proposals } from '../../db/schema/index.js';
import type { Executor } from '../../db/client.js';

export type ProposalRow = typeof proposals.$inferSelect;
export type NewProposal = typeof proposals.$inferInsert;

/** A pending proposal is live only until it expires; past that it reads as expired. */
const live = (now: Date) =>
  and(eq(proposals.status, 'pending'), sql`${proposals.expiresAt} > ${now}`);

export function proposalsRepository(db: Executor) {
  return {
    async insert(values: NewProposal): Promise<ProposalRow> {
      const [row] = await db.insert(proposals).values(values).returning();
      if (!row) throw new Error('insert into proposals returned no row');
      return row;
    },

    /** The pending ones (the Approvals queue) or the decided and lapsed ones, newest first. */
    list(status: 'pending' | 'decided', now: Date): Promise<ProposalRow[]> {
      return db
        .select()
        .from(proposals)
        .where(
          status === 'pending'
            ? live(now)
            : sql`${proposals.status} <> 'pending' or ${proposals.expiresAt} <= ${now}`,
        )
        .orderBy(desc(proposals.proposedAt))
        .limit(100);
    },

    async pendingCount(now: Date): Promise<number> {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(proposals)
        .where(live(now));
      return Number(row?.n ?? 0);
    },

    async lock(id: string): Promise<ProposalRow | undefined> {
      const [row] = await db.select().from(proposals).where(eq(proposals.id, id)).for('update');
      return row;
    },

    async decide(
      id: string,
      decision: Pick<NewProposal, 'status' | 'decidedBy' | 'decidedAt' | 'rejectionReason'>,
    ): Promise<void> {
      await db.update(proposals).set(decision).where(eq(proposals.id, id));
    },
  };
}
