import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  notificationListQuerySchema,
  notificationListResponseSchema,
  notificationSchema,
} from '@coop/shared/notifications';
import type { AppContext } from '../../app-context.js';
import {
  listNotifications,
  markAllNotificationsRead,
  markNotificationRead,
} from './notifications.service.js';

const idParams = z.object({ id: z.uuid() });
const security = [{ bearerAuth: [] }];

/** GET /users/notifications, PUT /users/notifications/{id}/read, PUT /users/notifications/mark-all-read */
export const notificationRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { db, clock }) => {
  app.addHook('preHandler', app.authenticate);

  app.get(
    '/',
    {
      schema: {
        tags: ['notifications'],
        summary: "The member's notifications, newest first, with the unread count",
        security,
        querystring: notificationListQuerySchema,
        response: { 200: notificationListResponseSchema },
      },
    },
    async (req) => ({
      success: true as const,
      ...(await listNotifications(db, req.user.id, req.query)),
    }),
  );

  // Registered before '/:id/read' for readability; the router matches static segments first anyway.
  app.put(
    '/mark-all-read',
    {
      schema: {
        tags: ['notifications'],
        summary: "Marks every one of the member's notifications read",
        security,
        response: {
          200: z.object({
            success: z.literal(true),
            data: z.object({ updated: z.number().int() }),
          }),
        },
      },
    },
    async (req) => ({
      success: true as const,
      data: await markAllNotificationsRead(db, clock, req.user.id),
    }),
  );

  app.put(
    '/:id/read',
    {
      schema: {
        tags: ['notifications'],
        summary: 'Marks one notification read',
        security,
        params: idParams,
        response: { 200: z.object({ success: z.literal(true), data: notificationSchema }) },
      },
    },
    async (req) => ({
      success: true as const,
      data: await markNotificationRead(db, clock, req.user.id, req.params.id),
    }),
  );
};
