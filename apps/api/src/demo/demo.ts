/**
 * The demo cooperative (docs/demo-cooperative.md): on an empty database outside production, the
 * server builds it through the same service functions the API uses. The parts run in order inside
 * ONE database transaction, so a failed or interrupted seed leaves nothing behind (the next start
 * tries again) and two instances starting together on one PostgreSQL cannot both seed.
 *
 * The demo is a composition root, like cli/: it calls the modules' use cases and nothing else
 * writes its data. After the members, its history is a list of dated events (`DemoEvent`)
 * replayed in time order with the clock stopped at each, so records carry realistic dates. Later
 * features add their part as a file `demo/<part>.ts` exporting `<part>Events(ctx, members)`.
 */
import { performance } from 'node:perf_hooks';
import { and, count, eq, ne, sql } from 'drizzle-orm';
import { toIsoDateInTimeZone } from '@coop/shared/dates';
import type { Config } from '../config/env.js';
import type { Database } from '../db/client.js';
import { emailOutbox, notifications, users } from '../db/schema/index.js';
import { accessTokens } from '../lib/access-token.js';
import type { Clock } from '../lib/clock.js';
import { contributionEvents, type SeededContributions } from './contributions.js';
import { DEMO_PASSWORD } from './demo-people.js';
import { seedMembers } from './members.js';
import { moneyEvents } from './money.js';
import { notificationEvents } from './notifications.js';
import { loanEvents, type SeededLoans } from './loans.js';
import { seedRemittances } from './remittances.js';
import { seedChangeRequests, seedDeductions } from './deductions.js';
import { replay, seedContext, type SeedLogger } from './seed-context.js';

export interface SeedDemoOptions {
  db: Database;
  config: Config;
  clock: Clock;
  logger: SeedLogger;
}

export type SeedDemoResult =
  | { seeded: false }
  | {
      seeded: true;
      members: number;
      contributions: SeededContributions;
      loans: number;
      notifications: number;
      /** Emeka's link: he is left unactivated so the activation screen can be tried. */
      pendingActivationLink: string;
      /** Wall time of the whole seed, commit included, and of each part. */
      milliseconds: number;
      timings: Record<string, number>;
    };

/**
 * The start-up line about Emeka. His link is printed on the embedded database only (one machine,
 * this machine's log, docs/operations.md): on PostgreSQL (`DEMO=1`) the log is usually collected
 * and kept by the host, so it says where to get a link instead (decision 084).
 */
export function pendingActivationMessage(config: Config, link: string): string {
  const who = 'Demo: Emeka Nwosu (emeka@demo.coop, M0005) is not activated yet.';
  if (!config.databaseUrl) return `${who} Activate him at ${link}`;
  return `${who} His activation link is not logged on PostgreSQL: read it at /api/dev/outbox (DEV_TOOLS=1) or send a new one from the back office (his member record, Resend activation).`;
}

/** Whether this database holds the demo cooperative (its administrator's account). */
export async function holdsDemo(db: Database): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, 'admin@demo.coop'))
    .limit(1);
  return row !== undefined;
}

async function hasUsers(db: Database): Promise<boolean> {
  const [row] = await db.select({ id: users.id }).from(users).limit(1);
  return row !== undefined;
}

/**
 * The replayed history queued the e-mails its events would have sent (notification copies,
 * used activation links). They belong to the past: marked done instead of delivered, so the only
 * e-mail left to send is the unactivated member's link, which start-up prints.
 */
async function markPastEmailsDone(db: Database, clock: Clock, except: string): Promise<void> {
  await db
    .update(emailOutbox)
    .set({
      status: 'sent',
      sentAt: clock.now(),
      lastError: 'not delivered: the demo seed replayed this past event',
    })
    .where(and(eq(emailOutbox.status, 'pending'), ne(emailOutbox.to, except)));
}

/** Builds the demo cooperative when the database has no users; does nothing otherwise. */
export async function seedDemoIfEmpty(options: SeedDemoOptions): Promise<SeedDemoResult> {
  const { db, config, clock, logger } = options;
  // Known passwords: only on the embedded database outside production, or DEMO=1 (decision 080).
  if (!config.exposure.demo) return { seeded: false };
  if (await hasUsers(db)) return { seeded: false };

  logger.info('The database is empty: creating the demo cooperative (takes a few seconds)…');
  const started = performance.now();
  const outcome = await db.transaction(async (tx) => {
    // Another instance may be seeding the same database right now: wait for it, then look again.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('coop.demo_seed'))`);
    // A transaction can stand in for the database: every service's own transaction nests inside.
    const seedDb: Database = tx;
    if (await hasUsers(seedDb)) return null;

    const ctx = seedContext(
      { config, db: seedDb, clock, tokens: accessTokens(config.jwtSecret, clock) },
      logger,
      toIsoDateInTimeZone(clock.now()),
    );
    const timings: Record<string, number> = {};
    const timed = async <T>(part: string, run: () => Promise<T>): Promise<T> => {
      const start = performance.now();
      try {
        return await run();
      } finally {
        timings[part] = Math.round(performance.now() - start);
      }
    };
    const members = await timed('members', () => seedMembers(ctx));
    // The payroll groups and every member's standing instruction (from the month they joined),
    // before the history, whose payroll months are deducted by these groups.
    await timed('deductions', () => seedDeductions(ctx, members));
    // The cooperative's last two years, replayed in time order through the services.
    const contributions: SeededContributions = { recorded: 0, confirmed: 0 };
    const loans: SeededLoans = { loans: 0 };
    await timed('history', () =>
      replay(ctx, [
        ...contributionEvents(ctx, members, contributions),
        ...notificationEvents(ctx, members),
        ...moneyEvents(ctx, members),
        ...loanEvents(ctx, members, loans),
      ]),
    );
    // After the history: the employers pay over the posted payroll months, all but the newest.
    await timed('remittances', () => seedRemittances(ctx, members));
    await timed('change requests', () => seedChangeRequests(ctx, members));
    await markPastEmailsDone(seedDb, clock, 'emeka@demo.coop');
    const [sent] = await seedDb.select({ n: count() }).from(notifications);

    const pendingActivationLink = members.get('emeka')?.activationLink;
    if (!pendingActivationLink) throw new Error('the demo needs one unactivated member (Emeka)');
    return {
      members: members.size,
      contributions,
      loans: loans.loans,
      notifications: sent?.n ?? 0,
      pendingActivationLink,
      timings,
    };
  });
  if (!outcome) return { seeded: false };

  const milliseconds = Math.round(performance.now() - started);
  logger.info(
    `Demo cooperative created in ${(milliseconds / 1000).toFixed(1)} s: ${outcome.members} accounts, ` +
      `${outcome.contributions.recorded} contributions, ${outcome.loans} loans, ${outcome.notifications} notifications. ` +
      `Sign in as admin@demo.coop (or treasurer@demo.coop), ada@demo.coop, bayo@demo.coop or chidi@demo.coop ` +
      `with the password ${DEMO_PASSWORD} (ngozi@demo.coop is suspended); officers then enter the code ` +
      '`npm run admin -- demo-code` prints. ' +
      `Parts: ${Object.entries(outcome.timings)
        .map(([part, ms]) => `${part} ${(ms / 1000).toFixed(1)} s`)
        .join(', ')}.`,
  );
  logger.info(pendingActivationMessage(config, outcome.pendingActivationLink));
  return { seeded: true, ...outcome, milliseconds };
}
