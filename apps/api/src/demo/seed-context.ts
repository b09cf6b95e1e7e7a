import type { FastifyBaseLogger } from 'fastify';
import type { IsoDate } from '@coop/shared/dates';
import type { Deps } from '../deps.js';
import { fixedClock } from '../lib/clock.js';

export type SeedLogger = Pick<FastifyBaseLogger, 'info' | 'warn'>;

/** What every part of the demo seed receives. */
export interface SeedContext {
  /** The services' deps; `db` is the seed's single transaction, the clock the real one. */
  deps: Deps;
  logger: SeedLogger;
  /** The demo's day in the cooperative's time zone; every date in the demo is relative to it. */
  today: IsoDate;
  /** The same deps with the clock stopped at `instant`, for an event of the demo's past. */
  at(instant: Date): Deps;
}

export function seedContext(deps: Deps, logger: SeedLogger, today: IsoDate): SeedContext {
  return { deps, logger, today, at: (instant) => ({ ...deps, clock: fixedClock(instant) }) };
}

/** Something that happened in the demo's past, replayed through the services at its time. */
export interface DemoEvent {
  at: Date;
  run(deps: Deps): Promise<void>;
}

/**
 * Replays events in time order, each with the clock stopped at its time, so every record,
 * audit row and notification carries the date it would have had (a notification is never read
 * before it was sent, a contribution never confirmed before it was posted).
 */
export async function replay(ctx: SeedContext, events: readonly DemoEvent[]): Promise<void> {
  const ordered = [...events].sort((a, b) => a.at.getTime() - b.at.getTime());
  for (const event of ordered) await event.run(ctx.at(event.at));
}
