import type { NotificationListResponse, NotificationResponse } from '@coop/shared/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { notificationKeys } from './get-notifications';
import { withNotificationRead } from './mark-read-in-cache';

/** PUT /users/notifications/{id}/read */
export function markNotificationRead(id: string): Promise<NotificationResponse> {
  return api.put<NotificationResponse>(`/users/notifications/${encodeURIComponent(id)}/read`);
}

export function useMarkNotificationRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markNotificationRead,
    onSuccess: ({ data: updated }) => {
      const lists = { queryKey: notificationKeys.lists() };
      // Only a notification that was unread lowers the count (a double click must not).
      const wasUnread = queryClient
        .getQueriesData<NotificationListResponse>(lists)
        .some(([, page]) => page?.data.some((item) => item.id === updated.id && !item.read));
      queryClient.setQueriesData<NotificationListResponse>(lists, (page) =>
        page ? withNotificationRead(page, updated, wasUnread) : page,
      );
      return queryClient.invalidateQueries(lists);
    },
  });
}
