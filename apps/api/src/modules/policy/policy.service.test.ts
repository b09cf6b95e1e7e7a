import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_POLICY } from '@coop/shared/policy';
import type { DatabaseHandle } from '../../db/client.js';
import { createTestDatabase } from '../../test/database.js';
import { currentPolicy, storePolicy } from './policy.service.js';

describe('the cooperative policy', () => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await createTestDatabase();
  });
  afterAll(() => handle.close());

  it('is the default policy until an administrator saves one', async () => {
    expect(await currentPolicy(handle.db)).toEqual(DEFAULT_POLICY);
  });

  it('reads back what was stored, in the one row', async () => {
    const edited = {
      ...DEFAULT_POLICY,
      loan: { ...DEFAULT_POLICY.loan, requiredCertifications: 3 },
    };
    await storePolicy(handle.db, { settings: edited, updatedBy: null, now: new Date() });
    await storePolicy(handle.db, { settings: edited, updatedBy: null, now: new Date() });
    expect((await currentPolicy(handle.db)).loan.requiredCertifications).toBe(3);
    const rows = await handle.db.execute(sql`select count(*)::int as n from policy`);
    expect(JSON.stringify(rows)).toContain('1');
  });

  it('refuses to store an invalid policy', async () => {
    const broken = { ...DEFAULT_POLICY, loan: { ...DEFAULT_POLICY.loan, insuranceFeeBps: -1 } };
    await expect(
      storePolicy(handle.db, { settings: broken, updatedBy: null, now: new Date() }),
    ).rejects.toThrow();
  });

  it('refuses to use a stored row that no longer passes the schema', async () => {
    await handle.db.execute(sql`update policy set settings = '{"loan": {}}'::jsonb where id = 1`);
    await expect(currentPolicy(handle.db)).rejects.toThrow(/stored policy is invalid/);
  });
});
