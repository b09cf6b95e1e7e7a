import {
  markAllNotificationsReadResponseSchema,
  notificationListQuerySchema,
  notificationListResponseSchema,
  notificationResponseSchema,
} from '@coop/shared/notifications';
import { idParamsSchema } from '@coop/shared/http';
import { textMessageListQuerySchema, textMessageListResponseSchema } from '@coop/shared/sms';
import { sendJsonText } from '../../lib/response-serializer.js';
import type { RouteModule } from '../../plugins/route-groups.js';
import {
  listNotifications,
  markAllNotificationsRead,
  markNotificationRead,
} from './notifications.service.js';
import { listTextMessagesInTrouble } from './text-messages.service.js';

const tags = ['notifications'];

/** GET /users/notifications, PUT /users/notifications/{id}/read, PUT …/mark-all-read (members). */
export const notificationRoutes: RouteModule = async (app, deps) => {
  app.get(
    '/',
    {
      // The session check rides on the page's statement (plugins/route-groups.ts).
      config: { sessionInPage: true },
      schema: {
        tags,
        summary: "The member's notifications, newest first, with the unread count",
        querystring: notificationListQuerySchema,
        response: { 200: notificationListResponseSchema },
      },
    },
    async (req, reply) => {
      await sendJsonText(req, reply, await listNotifications(deps, req.member, req.query));
    },
  );

  app.put(
    '/mark-all-read',
    {
      schema: {
        tags,
        summary: "Marks every one of the member's notifications read",
        response: { 200: markAllNotificationsReadResponseSchema },
      },
    },
    async (req) => ({
      success: true as const,
      data: await markAllNotificationsRead(deps, req.member),
    }),
  );

  app.put(
    '/:id/read',
    {
      schema: {
        tags,
        summary: 'Marks one notification read',
        params: idParamsSchema,
        response: { 200: notificationResponseSchema },
      },
    },
    async (req) => ({
      success: true as const,
      data: await markNotificationRead(deps, req.member, req.params),
    }),
  );
};

/** The back office's failed and retrying text messages (decision 164). Officers only. */
export const textMessageAdminRoutes: RouteModule = async (app, deps) => {
  app.get(
    '/',
    {
      schema: {
        tags: ['admin'],
        summary: 'Text messages that failed or are being retried, newest first (numbers masked)',
        querystring: textMessageListQuerySchema,
        response: { 200: textMessageListResponseSchema },
      },
    },
    async (req) => {
      const page = await listTextMessagesInTrouble(deps, req.member, req.query);
      return { success: true as const, data: page.items, pagination: page.pagination };
    },
  );
};
