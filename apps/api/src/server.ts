import type { AddressInfo } from 'node:net';
import { pino } from 'pino';
import type { FastifyBaseLogger } from 'fastify';
import { loadConfig, type Config } from './config/env.js';
import { loggerOptions } from './config/logger.js';
import { openDatabase, type DatabaseHandle } from './db/client.js';
import { buildApp } from './app.js';
import { systemClock } from './lib/clock.js';
import { emailSender } from './lib/email-outbox.js';
import { startOutboxWorker } from './lib/outbox.js';
import { smsGatewayFor } from './lib/sms-gateway.js';
import { smsSender } from './lib/sms-outbox.js';
import { startJobWorker } from './lib/jobs.js';
import { accessTokens } from './lib/access-token.js';
import { SCHEDULED_JOBS } from './jobs.js';
import { holdsDemo, seedDemoIfEmpty } from './demo/demo.js';
import { demoSignInLines } from './demo/demo-people.js';
import { checkPortIsFree } from './lib/port-check.js';
import { FORCED_CLOSE_GRACE_MS, shutDown, type Worker } from './lib/shutdown.js';
import { onStopSignals, SIGNAL_EXIT_CODES } from './lib/stop-signals.js';
import { explainStartupFailure } from './lib/startup-failure.js';
import { describeMode, startupBlock } from './server.mode.js';
import { readableLogStream } from './config/readable-log.js';

/** Exit codes (docs/operations.md). A second stop signal exits with 128 + its number. */
const EXIT = { stopped: 0, couldNotStart: 1, cutShort: 2 } as const;

/** Beyond the deadline and the forced close, the last resort gives logging this long to finish. */
const LAST_RESORT_MARGIN_MS = 2_000;

interface Running {
  app: Awaited<ReturnType<typeof buildApp>>;
  workers: Worker[];
  database: DatabaseHandle;
}

/**
 * Process entry: settings → database (migrated) → demo data outside production → workers →
 * listen. The first SIGTERM or SIGINT stops it, at any of those points, within
 * SHUTDOWN_TIMEOUT_MS (decision 011); a second one exits at once.
 */
async function main(): Promise<number> {
  let config: Config;
  try {
    config = loadConfig();
  } catch (err) {
    return couldNotStart(err);
  }
  const logger = pino(
    loggerOptions(config.logLevel),
    config.logFormat === 'readable' ? readableLogStream() : undefined,
  );
  const stop = new AbortController();
  let deadline = Number.POSITIVE_INFINITY;
  onStopSignals({
    first(signal) {
      deadline = Date.now() + config.timeouts.shutdownMs;
      logger.info({ signal, timeoutMs: config.timeouts.shutdownMs }, 'stopping');
      stop.abort(signal);
      // Whatever is stuck, and wherever, the process is gone shortly after the deadline.
      setTimeout(
        () => {
          logger.error('still running after the shutdown deadline; exiting');
          process.exit(EXIT.cutShort);
        },
        config.timeouts.shutdownMs + FORCED_CLOSE_GRACE_MS + LAST_RESORT_MARGIN_MS,
      ).unref();
    },
    again(signal) {
      logger.warn({ signal }, 'second stop signal: exiting at once');
      process.exit(SIGNAL_EXIT_CODES[signal]);
    },
  });

  let running: Running | null;
  try {
    running = await start(config, logger, stop.signal);
  } catch (err) {
    return couldNotStart(err, config);
  }
  if (!running) {
    logger.info('stopped during start-up');
    return EXIT.stopped;
  }
  if (!stop.signal.aborted) {
    await new Promise((resolve) => stop.signal.addEventListener('abort', resolve, { once: true }));
  }
  const outcome = await shutDown(running, { deadline, logger });
  logger.info({ outcome }, 'stopped');
  return outcome === 'clean' ? EXIT.stopped : EXIT.cutShort;
}

/**
 * Starts everything; null when a stop signal ended start-up (the database is closed by then, and
 * the demo seed's single transaction rolled back). Any failure closes what was opened first.
 */
async function start(
  config: Config,
  logger: FastifyBaseLogger,
  stopSignal: AbortSignal,
): Promise<Running | null> {
  const opened: { database?: DatabaseHandle; workers: Worker[] } = { workers: [] };
  try {
    // A port another program holds fails start-up before the database is touched.
    if (config.port !== 0) await checkPortIsFree(config.port, config.host);
    logger.info('opening the database');
    const handle = await openDatabase(
      config.databaseUrl ? { url: config.databaseUrl } : { dataDir: `${config.dataDir}/pgdata` },
      {
        statementTimeoutMs: config.timeouts.statementMs,
        lockTimeoutMs: config.timeouts.lockMs,
        // A transaction idle longer than a whole request may last has been abandoned.
        idleInTransactionTimeoutMs: config.timeouts.requestMs,
        signal: stopSignal,
      },
    );
    opened.database = handle;
    const app = await buildApp({
      config,
      db: handle.db,
      clock: systemClock,
      databaseActivity: () => handle.activity(),
    });

    // A stop signal during the seed interrupts the database: the seed's transaction rolls back.
    const interrupt = () => handle.interrupt();
    stopSignal.addEventListener('abort', interrupt, { once: true });
    try {
      stopSignal.throwIfAborted();
      if (config.exposure.demo) {
        logger.info('demo data: creating the demo cooperative if the database is empty');
        await seedDemoIfEmpty({ db: handle.db, config, clock: systemClock, logger: app.log });
      }
    } finally {
      stopSignal.removeEventListener('abort', interrupt);
    }
    stopSignal.throwIfAborted();

    const outbox = startOutboxWorker({
      db: handle.db,
      clock: systemClock,
      logger: app.log,
      senders: [
        emailSender({
          db: handle.db,
          logger: app.log,
          smtpUrl: config.mail === 'smtp' ? config.smtpUrl : undefined,
          mailFrom: config.mailFrom,
          // /api/dev/outbox shows delivered links; elsewhere the database keeps none (decision 084).
          keepDeliveredLinks: config.exposure.devTools,
        }),
        smsSender(smsGatewayFor(config, app.log)),
      ],
    });
    opened.workers.push({ name: 'outbox', ...outbox });
    const jobs = startJobWorker({
      deps: {
        config,
        db: handle.db,
        clock: systemClock,
        tokens: accessTokens(config.jwtSecret, systemClock),
      },
      jobs: SCHEDULED_JOBS,
      logger: app.log,
    });
    opened.workers.push({ name: 'jobs', ...jobs });

    await app.listen({ port: config.port, host: config.host });
    const { port } = app.server.address() as AddressInfo;
    const database =
      handle.kind === 'pglite' ? `embedded database in ${config.dataDir}` : 'PostgreSQL';
    if (config.logFormat === 'readable') {
      logger.info(describeMode(config), 'mode');
      // The one block a newcomer reads, in place of the ready line (docs/operations.md "Logs").
      const demo = config.exposure.demo && (await holdsDemo(handle.db));
      process.stdout.write(
        `\n${startupBlock(config, { database, demoSignIns: demo ? demoSignInLines() : [] })}\n\n`,
      );
    } else {
      logger.info({ port }, `Coop Portal ready at ${config.publicUrl} (${database})`);
      logger.info(describeMode(config), 'mode');
    }
    return { app, workers: opened.workers, database: handle };
  } catch (err) {
    await Promise.all(opened.workers.map((worker) => worker.stop()));
    opened.database?.interrupt();
    await opened.database?.close().catch(() => undefined);
    if (stopSignal.aborted) return null;
    throw err;
  }
}

/** One line on stderr saying what went wrong and what to do (the details too if unforeseen). */
function couldNotStart(err: unknown, config?: Config): number {
  const explained = explainStartupFailure(
    err,
    config && { port: config.port, host: config.host, databaseUrl: config.databaseUrl },
  );
  if (!explained) console.error(err);
  console.error(`Coop Portal could not start: ${explained ?? String(err)}`);
  return EXIT.couldNotStart;
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => process.exit(couldNotStart(err)),
);
