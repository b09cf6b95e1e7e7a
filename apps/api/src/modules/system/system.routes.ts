import { z } from 'zod';
import { publicConfigResponseSchema } from '@coop/shared/system';
import { isDatabaseReachable } from '../../db/client.js';
import { latestEmails } from '../../lib/email-outbox.js';
import { DomainError } from '../../lib/domain-error.js';
import { settlesBy } from '../../lib/deadline.js';
import type { RouteModule } from '../../plugins/route-groups.js';

/** `/api/ready` answers 503 when the database has not answered within this. */
export const READY_WITHIN_MS = 800;

/** Liveness, readiness, public configuration and (outside production) the dev outbox. */
export const systemRoutes: RouteModule = async (app, { db, config }) => {
  app.get('/api/health', { schema: { hide: true } }, async () => ({ status: 'ok' }));

  app.get('/api/ready', { schema: { hide: true } }, async () => {
    // A probe that hangs is no answer for a load balancer: a database that cannot run `select 1`
    // within the limit (every pooled connection stuck on locks, a network that went silent) is
    // as good as unreachable. A late probe goes on in the background and is forgotten.
    const probe = isDatabaseReachable(db);
    if ((await settlesBy(probe, Date.now() + READY_WITHIN_MS)) && (await probe)) {
      return { status: 'ready' };
    }
    throw new DomainError({ code: 'NOT_READY', message: 'Database is not reachable' });
  });

  app.get(
    '/api/v1/config',
    {
      schema: {
        tags: ['system'],
        summary: 'Public settings the portal shows before sign-in',
        response: { 200: publicConfigResponseSchema },
      },
    },
    async () => ({
      success: true as const,
      data: {
        cooperativeName: config.cooperative.name,
        adminContactEmail: config.cooperative.contactEmail,
        adminContactPhone: config.cooperative.contactPhone,
      },
    }),
  );

  if (config.exposure.devTools) {
    // DEV_TOOLS=1 (never in production) or tests. Lets tests and the demo read activation and reset links without an SMTP server.
    app.get(
      '/api/dev/outbox',
      {
        schema: {
          hide: true,
          querystring: z.object({
            to: z.string().max(320).optional(),
            limit: z.coerce.number().int().min(1).max(200).default(50),
          }),
        },
      },
      async (req) => ({ success: true, data: await latestEmails(db, req.query) }),
    );
  }
};
