import type { NotificationListResponse } from '@coop/shared/notifications';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export type NotificationsPageParams = { page: number; limit: number };

export const notificationKeys = {
  all: ['notifications'] as const,
  lists: () => [...notificationKeys.all, 'list'] as const,
  list: (params: NotificationsPageParams) => [...notificationKeys.lists(), params] as const,
};

/** GET /users/notifications: one page, newest first, with the member's unread count. */
export function getNotifications(
  { page, limit }: NotificationsPageParams,
  signal?: AbortSignal,
): Promise<NotificationListResponse> {
  return api.get<NotificationListResponse>('/users/notifications', {
    params: { page, limit },
    signal,
  });
}

export const notificationsQueryOptions = (params: NotificationsPageParams) =>
  queryOptions({
    queryKey: notificationKeys.list(params),
    queryFn: ({ signal }) => getNotifications(params, signal),
    // Keep the current page on screen while the next one loads.
    placeholderData: keepPreviousData,
  });

export function useNotifications(
  params: NotificationsPageParams,
  { refetchInterval }: { refetchInterval?: number } = {},
) {
  return useQuery({ ...notificationsQueryOptions(params), refetchInterval });
}
