import { FALLBACK_MESSAGES } from '@coop/shared/messages';
import { DEFAULT_PAGE_SIZE } from '@coop/shared/constants';
import { BellOff, CheckCheck, CircleAlert, LoaderCircle } from 'lucide-react';
import { toast } from '../../../lib/toast';
import { Alert, AlertDescription, AlertTitle } from '../../../components/ui/alert';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Pagination } from '../../../components/ui/pagination';
import { Spinner } from '../../../components/ui/spinner';
import { toApiError } from '../../../lib/api-client';
import { useNotifications } from '../api/get-notifications';
import { useMarkAllNotificationsRead } from '../api/mark-all-notifications-read';
import { useMarkNotificationRead } from '../api/mark-notification-read';
import { NotificationItem } from './notification-item';

type NotificationsViewProps = {
  page: number;
  onPageChange: (page: number) => void;
};

/** Spec §2 Notifications: the member's notifications, page by page, with read actions. */
export function NotificationsView({ page, onPageChange }: NotificationsViewProps) {
  const notifications = useNotifications({ page, limit: DEFAULT_PAGE_SIZE });
  const markRead = useMarkNotificationRead();
  const markAllRead = useMarkAllNotificationsRead();

  const unreadCount = notifications.data?.summary.unreadCount ?? 0;
  const items = notifications.data?.data ?? [];
  const pagination = notifications.data?.pagination;

  const handleMarkRead = (id: string) =>
    markRead.mutate(id, {
      onError: (error) =>
        toast.error('Could not mark the notification as read', {
          description: toApiError(error).message,
        }),
    });
  const handleMarkAllRead = () =>
    markAllRead.mutate(undefined, {
      onError: (error) =>
        toast.error('Could not mark notifications as read', {
          description: toApiError(error).message,
        }),
    });

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
          onClick={handleMarkAllRead}
          disabled={unreadCount === 0 || markAllRead.isPending}
        >
          {markAllRead.isPending ? (
            <LoaderCircle aria-hidden="true" className="animate-spin" />
          ) : (
            <CheckCheck aria-hidden="true" />
          )}
          Mark all as read
        </Button>
      </div>

      {notifications.isPending ? (
        <div className="flex justify-center py-16">
          <Spinner label="Loading notifications" />
        </div>
      ) : notifications.isError ? (
        <Alert variant="destructive" role="alert">
          <CircleAlert aria-hidden="true" />
          <AlertTitle>{FALLBACK_MESSAGES.fetchNotifications}</AlertTitle>
          <AlertDescription>
            <p>{toApiError(notifications.error).message}</p>
            <Button
              variant="outline"
              size="sm"
              className="mt-3"
              onClick={() => void notifications.refetch()}
            >
              Try again
            </Button>
          </AlertDescription>
        </Alert>
      ) : items.length === 0 ? (
        <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed bg-card px-6 py-16 text-center">
          <BellOff aria-hidden="true" className="size-10 text-muted-foreground" />
          <p className="font-medium">No notifications</p>
        </div>
      ) : (
        <>
          <ul className="grid gap-3" aria-label="Notifications">
            {items.map((notification) => (
              <NotificationItem
                key={notification.id}
                notification={notification}
                onMarkRead={handleMarkRead}
                isMarking={markRead.isPending && markRead.variables === notification.id}
              />
            ))}
          </ul>
          {pagination ? (
            <Pagination
              label="Notification pages"
              currentPage={pagination.currentPage}
              totalPages={pagination.totalPages}
              onPageChange={onPageChange}
            />
          ) : null}
        </>
      )}
    </div>
  );
}
