import { FALLBACK_MESSAGES } from '@coop/shared/messages';
import { DEFAULT_PAGE_SIZE } from '@coop/shared/constants';
import { CheckCheck } from 'lucide-react';
import { toast } from '../../../lib/toast';
import { ListPager } from '../../../components/list/pagination-footer';
import { QueryState } from '../../../components/list/query-state';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { failureMessage, toApiError } from '../../../lib/api-client';
import {
  usePageInRange,
  type ListParams,
  type ListParamsConfig,
} from '../../../lib/use-list-params';
import { useNotifications } from '../api/get-notifications';
import { useMarkAllNotificationsRead } from '../api/mark-all-notifications-read';
import { useMarkNotificationRead } from '../api/mark-notification-read';
import { NotificationItem } from './notification-item';
import { CardList } from '../../../components/list/card-list';

/** docs/member-portal.md §2 Notifications: 10 a page, newest first; no filters. */
export const NOTIFICATION_LIST_CONFIG: ListParamsConfig<'createdAt'> = {
  defaults: { limit: DEFAULT_PAGE_SIZE, sortBy: 'createdAt', sortOrder: 'desc' },
  sortFields: ['createdAt'],
  pageSizeOptions: [10, 25, 50],
  filters: [],
};

/**
 * docs/member-portal.md §2 Notifications: the member's notifications, page by page, with read
 * actions. The route owns the list's state (docs/decisions/128-list-pages-route-owns-state.md).
 */
export function NotificationsView({ list }: { list: ListParams<'createdAt'> }) {
  // Page and size only: the first page is the bell's own query, so the two share one cache entry.
  const notifications = useNotifications({ page: list.page, limit: list.limit });
  const markRead = useMarkNotificationRead();
  const markAllRead = useMarkAllNotificationsRead();

  const unreadCount = notifications.data?.summary.unreadCount ?? 0;
  const items = notifications.data?.data ?? [];
  usePageInRange(list, notifications);

  const handleMarkRead = (id: string) =>
    void markRead.mutateAsync(id).catch((error: unknown) =>
      toast.error('Could not mark the notification as read', {
        description: toApiError(error).message,
      }),
    );

  return (
    <div className="grid gap-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="flex items-center gap-3">
          <h1 className="text-2xl font-semibold tracking-tight">Notifications</h1>
          {notifications.data ? (
            <Badge variant={unreadCount > 0 ? 'default' : 'muted'} aria-live="polite">
              {unreadCount} unread
            </Badge>
          ) : null}
        </div>
        <Button
          variant="outline"
          onClick={() => markAllRead(unreadCount)}
          disabled={unreadCount === 0}
        >
          <CheckCheck aria-hidden="true" />
          Mark all as read
        </Button>
      </div>

      <QueryState
        isPending={notifications.isPending}
        errorMessage={
          notifications.isError
            ? failureMessage(notifications.error, FALLBACK_MESSAGES.fetchNotifications)
            : null
        }
        onRetry={() => void notifications.refetch()}
        isEmpty={items.length === 0}
        emptyMessage="No notifications"
        loadingLabel="Loading notifications"
      >
        <CardList
          label="Notifications"
          busy={notifications.isPlaceholderData}
          className="grid gap-3"
        >
          {items.map((notification) => (
            <NotificationItem
              key={notification.id}
              notification={notification}
              onMarkRead={handleMarkRead}
              isMarking={markRead.isPending && markRead.variables === notification.id}
            />
          ))}
        </CardList>
      </QueryState>
      <ListPager
        list={list}
        page={notifications.data}
        failed={notifications.isError}
        label="Notification pages"
        pageSizeOptions={NOTIFICATION_LIST_CONFIG.pageSizeOptions}
      />
    </div>
  );
}
