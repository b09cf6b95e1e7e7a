import { and, eq, gt, isNull, min, ne } from 'drizzle-orm';
import { refreshTokens, users } from '../../db/schema/index.js';
import type { Executor } from '../../db/client.js';

export type RefreshTokenRow = typeof refreshTokens.$inferSelect;
export type NewRefreshToken = typeof refreshTokens.$inferInsert;

/**
 * The refresh-token families, and the few account columns a session's rules read (roles,
 * password hash, tokensValidAfter): read here rather than asked of members, which ends sessions
 * through this module (a folder cycle otherwise).
 */
export function sessionsRepository(db: Executor) {
  return {
    async accountOf(userId: string) {
      const [row] = await db
        .select({
          tokensValidAfter: users.tokensValidAfter,
          passwordHash: users.passwordHash,
          roles: users.roles,
        })
        .from(users)
        .where(eq(users.id, userId));
      return row;
    },

    async insert(values: NewRefreshToken): Promise<void> {
      await db.insert(refreshTokens).values(values);
    },

    /** Claims a live, unrotated token with one conditional UPDATE: one of any concurrent uses. */
    async claim(tokenHash: string, now: Date): Promise<RefreshTokenRow | undefined> {
      const [row] = await db
        .update(refreshTokens)
        .set({ rotatedAt: now })
        .where(
          and(
            eq(refreshTokens.tokenHash, tokenHash),
            isNull(refreshTokens.rotatedAt),
            isNull(refreshTokens.revokedAt),
            gt(refreshTokens.expiresAt, now),
          ),
        )
        .returning();
      return row;
    },

    async byHash(tokenHash: string): Promise<RefreshTokenRow | undefined> {
      const [row] = await db
        .select()
        .from(refreshTokens)
        .where(eq(refreshTokens.tokenHash, tokenHash));
      return row;
    },

    /** When the family's first token was issued: when the sign-in began. */
    async familyStartedAt(familyId: string): Promise<Date | null> {
      const [row] = await db
        .select({ startedAt: min(refreshTokens.createdAt) })
        .from(refreshTokens)
        .where(eq(refreshTokens.familyId, familyId));
      return row?.startedAt ?? null;
    },

    async markSecondFactor(familyId: string, userId: string): Promise<void> {
      await db
        .update(refreshTokens)
        .set({ secondFactor: true })
        .where(and(eq(refreshTokens.familyId, familyId), eq(refreshTokens.userId, userId)));
    },

    async revokeFamily(familyId: string, now: Date): Promise<void> {
      await db
        .update(refreshTokens)
        .set({ revokedAt: now })
        .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)));
    },

    /** Revokes every open token of the user but those of `keepFamilyId`; the revoked rows. */
    revokeAllOf(userId: string, now: Date, keepFamilyId?: string) {
      return db
        .update(refreshTokens)
        .set({ revokedAt: now })
        .where(
          and(
            eq(refreshTokens.userId, userId),
            keepFamilyId === undefined ? undefined : ne(refreshTokens.familyId, keepFamilyId),
            isNull(refreshTokens.revokedAt),
          ),
        )
        .returning({ familyId: refreshTokens.familyId, expiresAt: refreshTokens.expiresAt });
    },
  };
}
