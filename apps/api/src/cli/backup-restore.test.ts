import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config/env.js';
import { openDatabase, type DatabaseHandle } from '../db/client.js';
import { memberBalances, users } from '../db/schema/index.js';
import { createEmptyPostgresDatabase, requirePostgres } from '../test/database.js';
import { runAdminCli, type CliDeps } from './admin.js';

/**
 * The backup and restore commands of docs/operations.md, run as written: a restored copy holds
 * the member, and check-ledger passes on it.
 */
const config = loadConfig({ NODE_ENV: 'test', JWT_SECRET: 'x'.repeat(40), LOG_LEVEL: 'silent' });

async function addMember(handle: DatabaseHandle) {
  const [member] = await handle.db
    .insert(users)
    .values({
      email: 'backup@coop.ng',
      membershipId: 'M0077',
      firstName: 'B',
      lastName: 'K',
      joinedOn: '2026-01-01',
    })
    .returning();
  await handle.db.insert(memberBalances).values({ userId: member!.id });
}

async function checkLedger(open: () => Promise<DatabaseHandle>) {
  const out: string[] = [];
  const err: string[] = [];
  const deps: CliDeps = { loadConfig: () => config, openDatabase: open };
  const code = await runAdminCli(
    ['check-ledger'],
    { out: (l) => out.push(l), err: (l) => err.push(l) },
    deps,
  );
  return { code, out, err };
}

describe('backup and restore, as docs/operations.md gives them', () => {
  it('embedded: a copy of DATA_DIR taken while stopped opens with every member', async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'coop-backup-'));
    const copy = `${dataDir}-copy`;
    try {
      const handle = await openDatabase({ dataDir: path.join(dataDir, 'pgdata') });
      await addMember(handle);
      await handle.close();
      // cp -a DATA_DIR backup
      execFileSync('cp', ['-a', dataDir, copy]);
      rmSync(dataDir, { recursive: true, force: true });
      // Restore: cp -a backup DATA_DIR
      cpSync(copy, dataDir, { recursive: true, preserveTimestamps: true });
      const result = await checkLedger(() =>
        openDatabase({ dataDir: path.join(dataDir, 'pgdata') }),
      );
      expect(result).toMatchObject({
        code: 0,
        out: ['Member balances and holds match the ledger.', expect.any(String)],
        err: [],
      });
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
      rmSync(copy, { recursive: true, force: true });
    }
  }, 120_000);

  const serverUrl = requirePostgres('backup and restore');
  it.skipIf(!serverUrl)(
    'PostgreSQL: pg_dump --format=custom, then pg_restore into an empty database',
    async () => {
      const source = await createEmptyPostgresDatabase(serverUrl ?? '');
      const target = await createEmptyPostgresDatabase(serverUrl ?? '');
      const dump = path.join(mkdtempSync(path.join(os.tmpdir(), 'coop-dump-')), 'coop.dump');
      try {
        const handle = await openDatabase({ url: source.url });
        await addMember(handle);
        await handle.close();
        execFileSync('pg_dump', ['--format=custom', `--file=${dump}`, source.url]);
        execFileSync('pg_restore', [
          '--no-owner',
          '--exit-on-error',
          `--dbname=${target.url}`,
          dump,
        ]);
        const result = await checkLedger(() => openDatabase({ url: target.url }));
        expect(result).toMatchObject({
          code: 0,
          out: ['Member balances and holds match the ledger.', expect.any(String)],
          err: [],
        });
      } finally {
        rmSync(path.dirname(dump), { recursive: true, force: true });
        await source.drop();
        await target.drop();
      }
    },
    120_000,
  );
});
