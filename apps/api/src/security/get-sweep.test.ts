/**
 * Every GET route of the OpenAPI document, for every row of the demo cooperative and of the
 * scale generator's data, as the row's owner and as an officer: no answer is a 5xx
 * (test/get-sweep.ts). Seeded loans disbursed without a recorded method answered 500 in the
 * back office until the serializer let a nullable enum inside a nullable object be null.
 */
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config/env.js';
import { openDatabase } from '../db/client.js';
import { seedDemoIfEmpty } from '../demo/demo.js';
import { createTestApp, type TestApp } from '../test/app.js';
import { requirePostgres } from '../test/database.js';
import { sweepGetRoutes } from '../test/get-sweep.js';

const root = path.resolve(import.meta.dirname, '../../../..');

describe('the GET sweep over the demo cooperative', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ now: '2026-03-10T09:00:00Z' });
    const config = loadConfig(
      {
        NODE_ENV: 'development',
        JWT_SECRET: t.config.jwtSecret,
        DATA_DIR: t.config.dataDir,
        PUBLIC_URL: 'http://portal.test',
      },
      os.tmpdir(),
    );
    const logger = { info: () => {}, warn: () => {} };
    const seeded = await seedDemoIfEmpty({ db: t.db, config, clock: t.clock, logger });
    expect(seeded.seeded).toBe(true);
  }, 300_000);
  afterAll(() => t.close());

  it('opens every GET route for every demo row, as its owner and as an officer, with no 5xx', async () => {
    const figures = await sweepGetRoutes(t.app, t.deps, { officerEmail: 'admin@demo.coop' });
    expect(figures.failures).toEqual([]);
    // Every row kind was reached: each demo loan (9, Funmilayo's open request among them) as owner and officer; 65 members' lists.
    expect(figures.perRoute['/api/v1/admin/loans/{id}']).toBe(18);
    expect(figures.perRoute['/api/v1/users/contributions/{id}']).toBeGreaterThan(2 * 1_000);
    expect(figures.perRoute['/api/v1/admin/dividends/{year}']).toBeGreaterThan(0);
  }, 600_000);
});

// The scale generator writes with set-based SQL on a PostgreSQL server (bench/scale-generate.mjs).
const serverUrl = requirePostgres('GET sweep over the scale data');
describe.runIf(serverUrl)('the GET sweep over the scale generator data', () => {
  // A small run by default; SWEEP_SCALE_MEMBERS=100 SWEEP_SCALE_YEARS=10 is the 12k database.
  const members = Number(process.env.SWEEP_SCALE_MEMBERS ?? 12);
  const years = Number(process.env.SWEEP_SCALE_YEARS ?? 1);
  const database = `coop_bench_sweep_${process.pid}`;
  let t: TestApp;
  let drop: () => Promise<void>;

  beforeAll(async () => {
    process.env.BENCH_PG_URL = serverUrl;
    const generator = (await import(
      pathToFileURL(path.join(root, 'bench/scale-generate.mjs')).href
    )) as {
      generate(size: object): Promise<{ url: string; counts: { contributions: number } }>;
      dropDatabase(database: string): Promise<void>;
    };
    // The generator loads the API's modules from these sources rather than a build.
    const load = (file: string) =>
      import(path.join(import.meta.dirname, '..', file.replace(/\.js$/, '.ts')));
    const result = await generator.generate({ members, years, database, load, log: () => {} });
    expect(result.counts.contributions).toBe(members * years * 12);
    drop = () => generator.dropDatabase(database);
    t = await createTestApp({ handle: await openDatabase({ url: result.url }) });
  }, 600_000);
  afterAll(async () => {
    await t?.app.close();
    await t?.handle.close();
    await drop?.();
  });

  it('opens every GET route for every generated row, as its owner and as an officer, with no 5xx', async () => {
    const figures = await sweepGetRoutes(t.app, t.deps, {
      officerEmail: 'admin@demo.coop',
      log: process.env.SWEEP_SCALE_MEMBERS ? console.log : undefined,
    });
    if (process.env.SWEEP_SCALE_MEMBERS) console.log(JSON.stringify(figures, null, 2));
    expect(figures.failures).toEqual([]);
    expect(figures.perRoute['/api/v1/users/contributions/{id}']).toBe(2 * members * years * 12);
  }, 3_600_000);
});
