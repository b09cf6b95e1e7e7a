import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import * as OTPAuth from 'otpauth';
import { memberBalances, twoFactorSecrets, users } from '../db/schema/index.js';
import { loadConfig } from '../config/env.js';
import { createTestDatabase } from '../test/database.js';
import {
  DEMO_TWO_FACTOR_SECRET,
  enrolWithKnownSecret,
} from '../modules/two-factor/two-factor.service.js';
import { parseAdminArgs, runAdminCli, USAGE, type CliDeps } from './admin.js';

function capture() {
  const out: string[] = [];
  const err: string[] = [];
  return { io: { out: (l: string) => out.push(l), err: (l: string) => err.push(l) }, out, err };
}

describe('admin command line arguments', () => {
  it('reads create-admin with its options', () => {
    expect(
      parseAdminArgs([
        'create-admin',
        '--email',
        'boss@coop.ng',
        '--first-name',
        'Ife',
        '--last-name',
        'Ade',
      ]),
    ).toEqual({
      ok: true,
      command: 'create-admin',
      email: 'boss@coop.ng',
      firstName: 'Ife',
      lastName: 'Ade',
    });
  });

  it.each([
    [[], 'No command given.'],
    [['make-admin'], 'Unknown command: make-admin'],
    [['create-admin', '--email', 'a@b.co'], 'Missing --first-name, --last-name.'],
  ])('explains what is wrong with %j', async (argv, problem) => {
    const { io, err } = capture();
    expect(await runAdminCli(argv, io)).toBe(2);
    expect(err).toEqual([problem, USAGE]);
  });

  it('refuses unknown options', async () => {
    const { io, err } = capture();
    expect(await runAdminCli(['create-admin', '--mail', 'x'], io)).toBe(2);
    expect(err[0]).toMatch(/Unknown option '--mail'/);
  });

  it('create-admin alone names the missing options, then says what it creates and what follows', async () => {
    const { io, err } = capture();
    expect(await runAdminCli(['create-admin'], io)).toBe(2);
    expect(err[0]).toBe('Missing --email, --first-name, --last-name.');
    const usage = err[1]?.split('\n') ?? [];
    expect(usage[0]).toBe('Usage:');
    expect(usage[1]).toBe(
      '  npm run admin -- create-admin --email <address> --first-name <name> --last-name <name> [--phone <number>]',
    );
    const about = usage.slice(
      2,
      usage.findIndex((line) => line.startsWith('  npm run admin -- check-ledger')),
    );
    expect(about.join(' ').replace(/\s+/g, ' ').trim()).toBe(
      "Creates the cooperative's first officer, a president, on the configured database " +
        '(DATABASE_URL, or the embedded one in DATA_DIR) and prints the activation link (valid 7 days, ' +
        'works once) with which they set their password. The back office opens to them only after ' +
        'they enrol two-factor sign-in (Settings → Security). A second officer to approve two-person ' +
        'changes (a secretary or another president) is created the same way.',
    );
  });

  it('prints the usage for --help and exits 0', async () => {
    const { io, out } = capture();
    expect(await runAdminCli(['--help'], io)).toBe(0);
    expect(out).toEqual([USAGE]);
  });
});

describe('admin command line against a database', () => {
  const config = loadConfig({
    NODE_ENV: 'test',
    JWT_SECRET: 'test-secret-that-is-long-enough-for-hs256-signing',
    DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'coop-cli-')),
    PUBLIC_URL: 'https://coop.example.ng',
  });

  it('creates an admin and prints the activation link; a second time answers the clash and exits 1', async () => {
    const handle = await createTestDatabase();
    let closes = 0;
    const deps: CliDeps = {
      loadConfig: () => config,
      // The same database for both runs; the CLI closes what it opened.
      openDatabase: async () => ({ ...handle, close: async () => void closes++ }),
    };
    const argv = [
      'create-admin',
      '--email',
      'Boss@Coop.ng',
      '--first-name',
      'Ife',
      '--last-name',
      'Ade',
    ];
    try {
      const first = capture();
      expect(await runAdminCli(argv, first.io, deps)).toBe(0);
      expect(first.out[0]).toBe('Created president Ife Ade <boss@coop.ng>, membership ID A0001.');
      expect(first.out[3]).toBe(
        'After setting a password, they enrol two-factor sign-in (Settings → Security).',
      );
      expect(first.out[2]).toMatch(
        /^https:\/\/coop\.example\.ng\/auth\/activate\?token=[A-Za-z0-9_-]{43}$/,
      );

      const second = capture();
      expect(await runAdminCli(argv, second.io, deps)).toBe(1);
      expect(second.err[0]).toContain('A member with this email address already exists');
      expect(closes).toBe(2);
    } finally {
      await handle.close();
    }
  });

  it('checks the member balances against the ledger and names a member whose balances drifted', async () => {
    const handle = await createTestDatabase();
    const deps: CliDeps = {
      loadConfig: () => config,
      openDatabase: async () => ({ ...handle, close: async () => undefined }),
    };
    try {
      const [member] = await handle.db
        .insert(users)
        .values({
          email: 'l@coop.ng',
          membershipId: 'M0042',
          firstName: 'L',
          lastName: 'K',
          joinedOn: '2026-01-01',
        })
        .returning();
      await handle.db.insert(memberBalances).values({ userId: member!.id });
      const clean = capture();
      expect(await runAdminCli(['check-ledger'], clean.io, deps)).toBe(0);
      expect(clean.out).toEqual([
        'Member balances and holds match the ledger.',
        '1 member, 0 postings, 0 open holds of ₦0 in all.',
      ]);

      // A balance changed behind the ledger's back.
      await handle.db
        .update(memberBalances)
        .set({ savingsBalance: 500 })
        .where(eq(memberBalances.userId, member!.id));
      const drifted = capture();
      expect(await runAdminCli(['check-ledger'], drifted.io, deps)).toBe(1);
      expect(drifted.err[0]).toBe('1 member has balances that differ from the ledger:');
      expect(drifted.err[1]).toContain(member!.id);

      // A frozen amount changed behind the holds' back (balances put right first).
      await handle.db
        .update(memberBalances)
        .set({ savingsBalance: 0, frozenAmount: 300 })
        .where(eq(memberBalances.userId, member!.id));
      const frozen = capture();
      expect(await runAdminCli(['check-ledger'], frozen.io, deps)).toBe(1);
      expect(frozen.err[0]).toBe('1 hold problem:');
      expect(frozen.err[1]).toContain(`${member!.id}: frozen {"frozen":300,"frozenShares":0}`);
    } finally {
      await handle.close();
    }
  });

  it('refuses to check a database with no members rather than give an all-clear', async () => {
    const handle = await createTestDatabase();
    const deps: CliDeps = {
      loadConfig: () => config,
      openDatabase: async () => ({ ...handle, close: async () => undefined }),
    };
    try {
      const empty = capture();
      expect(await runAdminCli(['check-ledger'], empty.io, deps)).toBe(1);
      expect(empty.out).toEqual([]);
      expect(empty.err[0]).toMatch(/^The database has no members/);
    } finally {
      await handle.close();
    }
  });

  it('rebuilds the balances from the ledger and names the members it corrected', async () => {
    const handle = await createTestDatabase();
    const deps: CliDeps = {
      loadConfig: () => config,
      openDatabase: async () => ({ ...handle, close: async () => undefined }),
    };
    try {
      const [member] = await handle.db
        .insert(users)
        .values({
          email: 'r@coop.ng',
          membershipId: 'M0043',
          firstName: 'R',
          lastName: 'K',
          joinedOn: '2026-01-01',
        })
        .returning();
      await handle.db.insert(memberBalances).values({ userId: member!.id, savingsBalance: 700 });
      const rebuilt = capture();
      expect(await runAdminCli(['rebuild-balances'], rebuilt.io, deps)).toBe(0);
      expect(rebuilt.out).toEqual([
        'Rebuilt the balances of 1 member from the ledger:',
        `  ${member!.id}`,
      ]);
      const [row] = await handle.db
        .select()
        .from(memberBalances)
        .where(eq(memberBalances.userId, member!.id));
      expect(row?.savingsBalance).toBe(0);
      const clean = capture();
      expect(await runAdminCli(['check-ledger'], clean.io, deps)).toBe(0);
      const again = capture();
      expect(await runAdminCli(['rebuild-balances'], again.io, deps)).toBe(0);
      expect(again.out).toEqual(['Member balances already match the ledger; nothing changed.']);
    } finally {
      await handle.close();
    }
  });
});

describe('demo-code', () => {
  const config = loadConfig({
    NODE_ENV: 'test',
    JWT_SECRET: 'test-secret-that-is-long-enough-for-hs256-signing',
    DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'coop-cli-')),
    PUBLIC_URL: 'https://coop.example.ng',
  });
  const totpAt = (ms: number) =>
    new OTPAuth.TOTP({
      secret: OTPAuth.Secret.fromBase32(DEMO_TWO_FACTOR_SECRET),
      digits: 6,
      period: 30,
    }).generate({ timestamp: ms });

  it('prints the code a demo officer signs in with now, and the next one once that is used', async () => {
    const handle = await createTestDatabase();
    const deps: CliDeps = {
      loadConfig: () => config,
      openDatabase: async () => ({ ...handle, close: async () => undefined }),
    };
    try {
      const [officer] = await handle.db
        .insert(users)
        .values({
          email: 'admin@demo.coop',
          membershipId: 'A0001',
          firstName: 'Demo',
          lastName: 'Admin',
          joinedOn: '2026-01-01',
          roles: ['president'],
        })
        .returning();
      await enrolWithKnownSecret(
        handle.db,
        { config },
        {
          userId: officer!.id,
          secretBase32: DEMO_TWO_FACTOR_SECRET,
          now: new Date(),
        },
      );
      const now = Date.now();
      const first = capture();
      expect(await runAdminCli(['demo-code', 'A0001'], first.io, deps)).toBe(0);
      // Printed alone on its line, so a script can read it; either side of a step boundary.
      expect([totpAt(now), totpAt(now + 30_000)]).toContain(first.out[0]);
      expect(first.err[0]).toMatch(/^Two-factor code of admin@demo\.coop, valid for about \d+ s/);

      // The current step used (a sign-in took it): the next step's code, accepted already.
      const step = Math.floor(Date.now() / 30_000);
      await handle.db.update(twoFactorSecrets).set({ lastStep: step });
      const next = capture();
      expect(await runAdminCli(['demo-code'], next.io, deps)).toBe(0);
      expect(next.out[0]).toBe(totpAt((step + 1) * 30_000));
    } finally {
      await handle.close();
    }
  });

  it('prints nothing for an account not enrolled with the demo secret', async () => {
    const handle = await createTestDatabase();
    const deps: CliDeps = {
      loadConfig: () => config,
      openDatabase: async () => ({ ...handle, close: async () => undefined }),
    };
    try {
      const [officer] = await handle.db
        .insert(users)
        .values({
          email: 'real@coop.ng',
          membershipId: 'A0007',
          firstName: 'Real',
          lastName: 'Officer',
          joinedOn: '2026-01-01',
          roles: ['treasurer'],
        })
        .returning();
      await enrolWithKnownSecret(
        handle.db,
        { config },
        {
          userId: officer!.id,
          secretBase32: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
          now: new Date(),
        },
      );
      const refused = capture();
      expect(await runAdminCli(['demo-code', 'real@coop.ng'], refused.io, deps)).toBe(1);
      expect(refused.out).toEqual([]);
      expect(refused.err[0]).toMatch(/^real@coop\.ng is not a demo officer/);
    } finally {
      await handle.close();
    }
  });

  it('is refused in production without opening the database', async () => {
    let opened = false;
    const deps: CliDeps = {
      loadConfig: () => ({ ...config, env: 'production', isProduction: true }),
      openDatabase: async () => {
        opened = true;
        throw new Error('never opened');
      },
    };
    const refused = capture();
    expect(await runAdminCli(['demo-code'], refused.io, deps)).toBe(1);
    expect(refused.out).toEqual([]);
    expect(refused.err).toEqual([
      'demo-code is refused in production: there is no demo cooperative there.',
    ]);
    expect(opened).toBe(false);
  });
});
