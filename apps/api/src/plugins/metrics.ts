import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { Database } from '../db/client.js';
import { pendingIn } from '../lib/outbox.js';
import { OUTBOX_CHANNELS } from '../lib/outbox-channels.js';

/**
 * Prometheus metrics (docs/operations.md, decision 086), served on their own listener on
 * METRICS_PORT and never on the public port: what they reveal (routes, load, queue depth) is for
 * the operator's scraper only. Without METRICS_PORT nothing is counted and nothing listens.
 */
export interface MetricsOptions {
  port: number;
  host: string;
  db: Database;
  /** The pool's connections in use and callers waiting (DatabaseHandle.activity). */
  databaseActivity?: () => Record<string, number | boolean>;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Where the metrics listener listens once the app is ready; null without METRICS_PORT. */
    metricsAddress: () => AddressInfo | null;
  }
}

/** Seconds: from a cached read to the longest request allowed (REQUEST_TIMEOUT_MS up to minutes). */
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60];

export const metrics = fp<MetricsOptions>(
  async (app: FastifyInstance, options) => {
    const registry = new Registry();
    collectDefaultMetrics({ register: registry });
    const labelNames = ['method', 'route', 'status_class'] as const;
    const requests = new Counter({
      name: 'coop_http_requests_total',
      help: 'Answered requests by route pattern and status class',
      labelNames,
      registers: [registry],
    });
    const latency = new Histogram({
      name: 'coop_http_request_duration_seconds',
      help: 'Time to answer, by route pattern and status class',
      labelNames,
      buckets: LATENCY_BUCKETS,
      registers: [registry],
    });
    const errors = new Counter({
      name: 'coop_http_errors_total',
      help: 'Answers 500 and above, by route pattern and status',
      labelNames: ['method', 'route', 'status'],
      registers: [registry],
    });
    const activity = options.databaseActivity;
    new Gauge({
      name: 'coop_db_connections_in_use',
      help: 'Database connections in use (embedded database: 1 while its single connection is busy)',
      registers: [registry],
      collect() {
        const state = activity?.();
        if (!state) return;
        // PostgreSQL reports its pool (connections, idle); the embedded database whether it is busy.
        if (typeof state.connections === 'number' && typeof state.idle === 'number') {
          this.set(state.connections - state.idle);
        } else if (typeof state.busy === 'boolean') this.set(state.busy ? 1 : 0);
      },
    });
    new Gauge({
      name: 'coop_db_waiting_clients',
      help: 'Callers waiting for a database connection',
      registers: [registry],
      collect() {
        const waiting = activity?.().waiting;
        if (typeof waiting === 'number') this.set(waiting);
      },
    });
    // Both outbox gauges come from one read per scrape: a query per channel, each served by the
    // channel's partial pending index. Every channel is counted (lib/outbox-channels.ts).
    let outboxRead: Promise<
      { channel: string; depth: number; oldestSeconds: number | null }[]
    > | null = null;
    const readOutboxes = () =>
      (outboxRead ??= Promise.all(
        OUTBOX_CHANNELS.map(async (channel) => ({
          channel: channel.name,
          ...(await pendingIn(options.db, channel)),
        })),
      ).finally(() => {
        outboxRead = null;
      }));
    new Gauge({
      name: 'coop_outbox_pending',
      help: 'Messages waiting to be sent, by outbox channel',
      labelNames: ['channel'],
      registers: [registry],
      async collect() {
        for (const read of await readOutboxes()) this.set({ channel: read.channel }, read.depth);
      },
    });
    new Gauge({
      name: 'coop_outbox_oldest_pending_age_seconds',
      help: 'Age of the oldest message waiting to be sent, by outbox channel (0 when none)',
      labelNames: ['channel'],
      registers: [registry],
      async collect() {
        for (const read of await readOutboxes()) {
          this.set({ channel: read.channel }, Math.max(0, read.oldestSeconds ?? 0));
        }
      },
    });

    app.addHook('onResponse', async (req, reply) => {
      // The pattern, never the URL: ids in paths would make a series per member. Unmatched
      // requests (404s, probes) share one label.
      const route = req.routeOptions.url ?? 'unmatched';
      const status = reply.statusCode;
      const labels = { method: req.method, route, status_class: `${Math.floor(status / 100)}xx` };
      requests.inc(labels);
      latency.observe(labels, reply.elapsedTime / 1000);
      if (status >= 500) errors.inc({ method: req.method, route, status: String(status) });
    });

    const server: Server = createServer((req, res) => {
      const path = (req.url ?? '').split('?')[0];
      if (req.method !== 'GET' || path !== '/metrics') {
        res.writeHead(404).end();
        return;
      }
      registry.metrics().then(
        (body) => res.writeHead(200, { 'content-type': registry.contentType }).end(body),
        (err: unknown) => {
          app.log.error({ err }, 'metrics could not be collected');
          res.writeHead(503).end();
        },
      );
    });
    app.decorate('metricsAddress', () =>
      server.listening ? (server.address() as AddressInfo) : null,
    );
    app.addHook('onReady', async () => {
      await new Promise<void>((resolve, reject) => {
        server.once('error', reject);
        server.listen(options.port, options.host, () => {
          server.off('error', reject);
          resolve();
        });
      });
    });
    app.addHook('onClose', async () => {
      if (!server.listening) return;
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    });
  },
  { name: 'metrics' },
);
