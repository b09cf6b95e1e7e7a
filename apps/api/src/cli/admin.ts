import { agree, countOf } from '@coop/shared/plurals';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { count, eq } from 'drizzle-orm';
import { classifyIdentifier } from '@coop/shared/auth';
import { loadConfig, type Config } from '../config/env.js';
import { openDatabase, type DatabaseHandle } from '../db/client.js';
import { systemClock } from '../lib/clock.js';
import { accessTokens } from '../lib/access-token.js';
import { systemActor } from '../lib/actor.js';
import { DomainError } from '../lib/domain-error.js';
import { formatKobo } from '@coop/shared/money';
import {
  findHoldMismatches,
  type HoldMismatch,
  findProjectionMismatches,
  ledgerFigures,
  rebuildMemberBalances,
} from '../modules/ledger/ledger.service.js';
import { users } from '../db/schema/index.js';
import { createMember } from '../modules/members/members.service.js';
import { DEMO_TWO_FACTOR_SECRET, usableCode } from '../modules/two-factor/two-factor.service.js';

export const USAGE = `Usage:
  npm run admin -- create-admin --email <address> --first-name <name> --last-name <name> [--phone <number>]
      Creates the cooperative's first officer, a president, on the configured database
      (DATABASE_URL, or the embedded one in DATA_DIR) and prints the activation link (valid 7 days,
      works once) with which they set their password. The back office opens to them only after
      they enrol two-factor sign-in (Settings → Security). A second officer to approve two-person
      changes (a secretary or another president) is created the same way.
  npm run admin -- check-ledger
      Checks that every member's balances equal what the ledger says; exits 1 and lists the
      members whose balances differ, or when the database has no members at all.
  npm run admin -- rebuild-balances
      Recomputes every member's balances from the ledger (after a restore, or when check-ledger
      found a difference) and lists the members it corrected.
  npm run admin -- demo-code [identifier]
      Prints the two-factor code a demo officer (admin@demo.coop unless given: e-mail, phone or
      membership ID) signs in with now. Demo officers share a published secret; refused in
      production and for any account not enrolled with it.`;

export interface CliIo {
  out(line: string): void;
  err(line: string): void;
}

export interface CliDeps {
  loadConfig(): Config;
  openDatabase(config: Config): Promise<DatabaseHandle>;
}

const defaultDeps: CliDeps = {
  // DATA_DIR resolves against the repository root, as for `npm start`.
  loadConfig: () => loadConfig(),
  openDatabase: (config) =>
    openDatabase(
      config.databaseUrl ? { url: config.databaseUrl } : { dataDir: `${config.dataDir}/pgdata` },
    ),
};

type Parsed =
  | {
      ok: true;
      command: 'create-admin';
      email: string;
      firstName: string;
      lastName: string;
      phone?: string;
    }
  | { ok: true; command: 'check-ledger' }
  | { ok: true; command: 'rebuild-balances' }
  | { ok: true; command: 'demo-code'; identifier: string }
  | { ok: false; problem?: string };

export function parseAdminArgs(argv: string[]): Parsed {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      strict: true,
      options: {
        email: { type: 'string' },
        'first-name': { type: 'string' },
        'last-name': { type: 'string' },
        phone: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    });
  } catch (err) {
    return { ok: false, problem: (err as Error).message };
  }
  const { values, positionals } = parsed;
  if (values.help) return { ok: false };
  if (
    positionals.length === 1 &&
    (positionals[0] === 'check-ledger' || positionals[0] === 'rebuild-balances')
  ) {
    return { ok: true, command: positionals[0] };
  }
  if (positionals[0] === 'demo-code' && positionals.length <= 2) {
    return { ok: true, command: 'demo-code', identifier: positionals[1] ?? 'admin@demo.coop' };
  }
  if (positionals.length !== 1 || positionals[0] !== 'create-admin') {
    return {
      ok: false,
      problem:
        positionals.length === 0
          ? 'No command given.'
          : `Unknown command: ${positionals.join(' ')}`,
    };
  }
  const missing = (['email', 'first-name', 'last-name'] as const).filter(
    (name) => !values[name]?.trim(),
  );
  if (missing.length > 0) {
    return { ok: false, problem: `Missing ${missing.map((name) => `--${name}`).join(', ')}.` };
  }
  return {
    ok: true,
    command: 'create-admin',
    email: values.email!,
    firstName: values['first-name']!,
    lastName: values['last-name']!,
    ...(values.phone ? { phone: values.phone } : {}),
  };
}

/** Runs the command line; returns the exit code (0 done, 1 refused or failed, 2 bad arguments). */
export async function runAdminCli(
  argv: string[],
  io: CliIo,
  deps: CliDeps = defaultDeps,
): Promise<number> {
  const args = parseAdminArgs(argv);
  if (!args.ok) {
    if (!args.problem) {
      io.out(USAGE);
      return 0;
    }
    io.err(args.problem);
    io.err(USAGE);
    return 2;
  }

  let handle: DatabaseHandle | undefined;
  try {
    const config = deps.loadConfig();
    if (args.command === 'demo-code' && config.isProduction) {
      // The demo's secret is published: production has no demo, and no code is ever printed.
      io.err('demo-code is refused in production: there is no demo cooperative there.');
      return 1;
    }
    handle = await deps.openDatabase(config);
    if (args.command === 'demo-code') return await demoCode(handle, config, args.identifier, io);
    if (args.command === 'check-ledger') return await checkLedger(handle, io);
    if (args.command === 'rebuild-balances') return await rebuildBalances(handle, io);
    const created = await createMember(
      {
        config,
        db: handle.db,
        clock: systemClock,
        tokens: accessTokens(config.jwtSecret, systemClock),
      },
      systemActor,
      {
        email: args.email,
        firstName: args.firstName,
        lastName: args.lastName,
        phoneNumber: args.phone,
        roles: ['president'],
      },
    );
    io.out(
      `Created president ${created.user.firstName} ${created.user.lastName} <${created.user.email}>, membership ID ${created.user.membershipId}.`,
    );
    io.out('Activation link (valid 7 days, works once):');
    io.out(created.activationLink);
    io.out('After setting a password, they enrol two-factor sign-in (Settings → Security).');
    return 0;
  } catch (err) {
    if (err instanceof DomainError) {
      const details = Array.isArray(err.details)
        ? (err.details as { field: string; message: string }[]).map(
            (d) => `  ${d.field}: ${d.message}`,
          )
        : [];
      io.err([`Could not create the administrator: ${err.message}`, ...details].join('\n'));
    } else {
      io.err(
        `Could not create the administrator: ${err instanceof Error ? err.message : String(err)}`,
      );
    }
    return 1;
  } finally {
    await handle?.close();
  }
}

/**
 * Compares the balance projection with the ledger (docs/decisions/030-ledger.md: balances can be
 * rebuilt from it).
 */
async function checkLedger(handle: DatabaseHandle, io: CliIo): Promise<number> {
  // An empty database matches its (empty) ledger: an all-clear for it would hide that the check
  // ran against the wrong database (DATABASE_URL unset creates an empty embedded one).
  const [people] = await handle.db.select({ n: count() }).from(users);
  if (!people?.n) {
    io.err(
      `The database has no members, so there is nothing to check (${describeDatabase(handle)}). ` +
        "Set DATABASE_URL (or DATA_DIR) to the cooperative's database and run it again.",
    );
    return 1;
  }
  const mismatches = await findProjectionMismatches(handle.db);
  const holdMismatches = await findHoldMismatches(handle.db);
  if (mismatches.length === 0 && holdMismatches.length === 0) {
    const figures = await ledgerFigures(handle.db);
    io.out('Member balances and holds match the ledger.');
    io.out(
      `${countOf(figures.members, 'member')}, ${countOf(figures.postings, 'posting')}, ${countOf(figures.openHolds, 'open hold')} ` +
        `of ${formatKobo(figures.held)} in all.`,
    );
    return 0;
  }
  if (mismatches.length > 0) {
    io.err(
      `${countOf(mismatches.length, 'member')} ${agree(mismatches.length, 'has', 'have')} balances that differ from the ledger:`,
    );
    for (const { userId, projected, ledger, days } of mismatches) {
      io.err(
        `  ${userId}: balances ${JSON.stringify(projected)}, ledger ${JSON.stringify(ledger)}`,
      );
      for (const day of days ?? []) {
        io.err(
          `    moves on ${day.day}: ${JSON.stringify(day.projected)}, ledger ${JSON.stringify(day.ledger)}`,
        );
      }
    }
  }
  if (holdMismatches.length > 0) {
    io.err(`${countOf(holdMismatches.length, 'hold problem')}:`);
    for (const problem of holdMismatches) {
      io.err(describeHoldMismatch(problem));
    }
  }
  return 1;
}

function describeHoldMismatch(problem: HoldMismatch): string {
  switch (problem.kind) {
    case 'frozen':
      return `  ${problem.userId}: frozen ${JSON.stringify(problem.projected)}, open holds ${JSON.stringify(problem.holds)}`;
    case 'closed':
      return `  ${problem.userId}: hold ${problem.holdId} on a ${problem.reason} that is over (${problem.referenceId})`;
    case 'guarantee':
      return `  ${problem.userId}: guarantee ${problem.slotId} records ${formatKobo(problem.recorded)} frozen, its open hold is ${formatKobo(problem.held)}`;
  }
}

/**
 * Rebuilds the balance projection from the ledger (docs/decisions/030-ledger.md), e.g. after
 * restoring a backup.
 */
async function rebuildBalances(handle: DatabaseHandle, io: CliIo): Promise<number> {
  const corrected = await rebuildMemberBalances(handle.db);
  if (corrected.length === 0) {
    io.out('Member balances already match the ledger; nothing changed.');
    return 0;
  }
  io.out(`Rebuilt the balances of ${countOf(corrected.length, 'member')} from the ledger:`);
  for (const userId of corrected) io.out(`  ${userId}`);
  return 0;
}

/** The code a demo officer signs in with now (the demo's published secret). */
async function demoCode(
  handle: DatabaseHandle,
  config: Config,
  identifier: string,
  io: CliIo,
): Promise<number> {
  const { kind, value } = classifyIdentifier(identifier);
  const column = { email: users.email, phone: users.phoneNumber, membershipId: users.membershipId };
  const [user] = await handle.db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(eq(column[kind], value));
  const code = user
    ? await usableCode(
        handle.db,
        { config },
        {
          userId: user.id,
          secretBase32: DEMO_TWO_FACTOR_SECRET,
          now: systemClock.now(),
        },
      )
    : null;
  if (!user || !code) {
    io.err(
      `${identifier} is not a demo officer enrolled with the demo's two-factor secret ` +
        '(or its two next codes are used: try again in 30 seconds).',
    );
    return 1;
  }
  const seconds = Math.max(
    1,
    Math.floor((code.validUntil.getTime() - systemClock.now().getTime()) / 1000),
  );
  io.out(code.code);
  io.err(`Two-factor code of ${user.email}, valid for about ${seconds} s and once only.`);
  return 0;
}

function describeDatabase(handle: DatabaseHandle): string {
  return handle.kind === 'postgres' ? 'PostgreSQL, DATABASE_URL' : 'the embedded database';
}

const invokedDirectly =
  process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href;

if (invokedDirectly) {
  const code = await runAdminCli(process.argv.slice(2), {
    out: (line) => console.log(line),
    err: (line) => console.error(line),
  });
  process.exitCode = code;
}
