import { and, count, eq, isNull } from 'drizzle-orm';
import { twoFactorRecoveryCodes, twoFactorSecrets } from '../../db/schema/index.js';
import type { Executor } from '../../db/client.js';

export type TwoFactorSecretRow = typeof twoFactorSecrets.$inferSelect;
type SecretValues = Omit<typeof twoFactorSecrets.$inferInsert, 'userId'>;

/** A member's two-factor secret (encrypted) and recovery codes (hashed). */
export function twoFactorRepository(db: Executor) {
  return {
    /** The member's secret row, locked for the transaction when `lock` (a code is checked). */
    async secretOf(userId: string, lock = false): Promise<TwoFactorSecretRow | undefined> {
      const query = db.select().from(twoFactorSecrets).where(eq(twoFactorSecrets.userId, userId));
      const [row] = lock ? await query.for('update') : await query;
      return row;
    },

    async recoveryCodesLeft(userId: string): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(twoFactorRecoveryCodes)
        .where(
          and(eq(twoFactorRecoveryCodes.userId, userId), isNull(twoFactorRecoveryCodes.usedAt)),
        );
      return row?.n ?? 0;
    },

    /** Writes the member's secret, replacing a pending or earlier one. */
    async putSecret(userId: string, values: SecretValues): Promise<void> {
      await db
        .insert(twoFactorSecrets)
        .values({ userId, ...values })
        .onConflictDoUpdate({ target: twoFactorSecrets.userId, set: values });
    },

    async updateSecret(
      userId: string,
      values: Partial<Pick<TwoFactorSecretRow, 'enabledAt' | 'lastStep'>>,
    ): Promise<void> {
      await db.update(twoFactorSecrets).set(values).where(eq(twoFactorSecrets.userId, userId));
    },

    /** The member's recovery codes become these (hashed), the old ones gone. */
    async replaceRecoveryCodes(userId: string, codeHashes: string[], now: Date): Promise<void> {
      await db.delete(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, userId));
      await db
        .insert(twoFactorRecoveryCodes)
        .values(codeHashes.map((codeHash) => ({ userId, codeHash, createdAt: now })));
    },

    /** Uses up an unused recovery code with this hash; whether there was one. */
    async useRecoveryCode(userId: string, codeHash: string, now: Date): Promise<boolean> {
      const [used] = await db
        .update(twoFactorRecoveryCodes)
        .set({ usedAt: now })
        .where(
          and(
            eq(twoFactorRecoveryCodes.userId, userId),
            eq(twoFactorRecoveryCodes.codeHash, codeHash),
            isNull(twoFactorRecoveryCodes.usedAt),
          ),
        )
        .returning({ id: twoFactorRecoveryCodes.id });
      return used !== undefined;
    },

    /** Two-factor off: the secret and every recovery code deleted. */
    async remove(userId: string): Promise<void> {
      await db.delete(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, userId));
      await db.delete(twoFactorSecrets).where(eq(twoFactorSecrets.userId, userId));
    },
  };
}
