import type {
  MarkAllNotificationsReadResponse,
  NotificationListResponse,
} from '@coop/shared/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { notificationKeys } from './get-notifications';
import { withAllNotificationsRead } from './mark-read-in-cache';

/** PUT /users/notifications/mark-all-read */
export function markAllNotificationsRead(): Promise<MarkAllNotificationsReadResponse> {
  return api.put<MarkAllNotificationsReadResponse>('/users/notifications/mark-all-read');
}

export function useMarkAllNotificationsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markAllNotificationsRead,
    onSuccess: () => {
      const lists = { queryKey: notificationKeys.lists() };
      const readAt = new Date().toISOString();
      queryClient.setQueriesData<NotificationListResponse>(lists, (page) =>
        page ? withAllNotificationsRead(page, readAt) : page,
      );
      return queryClient.invalidateQueries(lists);
    },
  });
}
