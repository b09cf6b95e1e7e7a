import { loadConfig } from './config/env.js';
import { openDatabase } from './db/client.js';
import { buildApp } from './app.js';
import { systemClock } from './lib/clock.js';
import { startOutboxWorker } from './lib/outbox.js';
import { startHousekeeping } from './lib/housekeeping.js';
import { seedDemoIfEmpty } from './demo/demo.js';

/** Process entry: settings → database (migrated) → demo data outside production → listen. */
async function main(): Promise<void> {
  const config = loadConfig();
  const handle = await openDatabase(
    config.databaseUrl ? { url: config.databaseUrl } : { dataDir: `${config.dataDir}/pgdata` },
  );
  const app = await buildApp({ config, db: handle.db, clock: systemClock });

  if (!config.isProduction) {
    await seedDemoIfEmpty({ db: handle.db, config, clock: systemClock, logger: app.log });
  }

  const outbox = startOutboxWorker({
    db: handle.db,
    clock: systemClock,
    logger: app.log,
    smtpUrl: config.smtpUrl,
    mailFrom: config.mailFrom,
  });

  const housekeeping = startHousekeeping({ db: handle.db, clock: systemClock, logger: app.log });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    // Stop taking requests, let in-flight ones finish, then release the database.
    await app.close();
    housekeeping.stop();
    await outbox.stop();
    await handle.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  app.log.info(
    `Coop Portal ready at ${config.publicUrl} (${handle.kind === 'pglite' ? `embedded database in ${config.dataDir}` : 'PostgreSQL'})`,
  );
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
