import type { Config } from './config/env.js';
import type { Database } from './db/client.js';
import type { Clock } from './lib/clock.js';
import type { AccessTokens } from './lib/access-token.js';

/**
 * What every service receives first (docs/decisions/003-api-layering.md): settings, the database,
 * the clock and the token signer. A use case that runs inside a caller's transaction (the demo
 * seed, an idempotent request) gets the same object with `db` set to that transaction.
 */
export interface Deps {
  config: Config;
  db: Database;
  clock: Clock;
  tokens: AccessTokens;
}

/**
 * The deps alone, from a plugin's options (which also carry Fastify's own, such as `prefix`):
 * what a module passes on when it registers route groups of its own.
 */
export function depsOf({ config, db, clock, tokens }: Deps): Deps {
  return { config, db, clock, tokens };
}
