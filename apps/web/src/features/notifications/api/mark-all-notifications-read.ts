import type { NotificationListResponse } from '@coop/shared/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { notificationKeys } from './get-notifications';
import { withAllNotificationsRead } from './notifications-cache';

type MarkAllReadResponse = { success: true; data: { updated: number } };

/** PUT /users/notifications/mark-all-read */
export function markAllNotificationsRead(): Promise<MarkAllReadResponse> {
  return api.put<MarkAllReadResponse>('/users/notifications/mark-all-read');
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
