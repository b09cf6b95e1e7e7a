import type { Config } from './config/env.js';
import type { Database } from './db/client.js';
import type { Clock } from './lib/clock.js';
import type { AccessTokens } from './lib/access-token.js';

/** What every module plugin receives: settings, database, clock and token signer. */
export interface AppContext {
  config: Config;
  db: Database;
  clock: Clock;
  tokens: AccessTokens;
}
