import type { FastifyBaseLogger } from 'fastify';
import type { IsoDate } from '@coop/shared/dates';
import type { Config } from '../../config/env.js';
import type { Database } from '../client.js';
import type { Clock } from '../../lib/clock.js';

export type SeedLogger = Pick<FastifyBaseLogger, 'info' | 'warn'>;

/** What every part of the demo seed receives. Services get `db`, `config` and `clock` from it. */
export interface SeedContext {
  /** The seed's single database transaction, handed to the services as their database. */
  db: Database;
  config: Config;
  clock: Clock;
  logger: SeedLogger;
  /** The demo's day in the cooperative's time zone; every date in the demo is relative to it. */
  today: IsoDate;
}
