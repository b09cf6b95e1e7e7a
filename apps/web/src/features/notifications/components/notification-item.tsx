import { formatDisplayDateTime } from '@coop/shared/dates';
import {
  notificationTone,
  type Notification,
  type NotificationPriority,
  type NotificationTone,
} from '@coop/shared/notifications';
import { Check, ExternalLink } from 'lucide-react';
import { useId } from 'react';
import { Link } from 'react-router';
import { Badge, type BadgeProps } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../lib/cn';

const toneVariant: Record<NotificationTone, BadgeProps['variant']> = {
  success: 'success',
  error: 'danger',
  warning: 'warning',
  info: 'info',
};

const priorityVariant: Record<NotificationPriority, BadgeProps['variant']> = {
  urgent: 'destructive',
  high: 'danger',
  medium: 'warning',
  low: 'muted',
};

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** 'guarantor_request' → 'Guarantor request'. */
export const typeLabel = (type: string) => capitalise(type.replaceAll('_', ' '));

/**
 * Where an action link may lead: a page of the portal, or an https address. Anything else
 * (javascript:, data:) is dropped rather than rendered as a link.
 */
function actionTarget(url: string): { internal: boolean; href: string } | null {
  if (url.startsWith('/') && !url.startsWith('//')) return { internal: true, href: url };
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' ? { internal: false, href: parsed.href } : null;
  } catch {
    return null;
  }
}

type NotificationItemProps = {
  notification: Notification;
  onMarkRead: (id: string) => void;
  isMarking: boolean;
};

export function NotificationItem({ notification, onMarkRead, isMarking }: NotificationItemProps) {
  const titleId = useId();
  const { title, message, type, priority, read, createdAt, actionText, actionUrl } = notification;
  const action = actionUrl ? actionTarget(actionUrl) : null;

  return (
    <li
      data-read={read}
      className={cn(
        'rounded-xl border bg-card p-4 shadow-xs sm:p-5',
        // Unread items stand out by colour and by an edge, never by colour alone.
        !read && 'border-l-4 border-l-primary bg-accent/60',
      )}
    >
      <div className="flex flex-wrap items-center gap-2">
        <Badge variant={toneVariant[notificationTone(type)]}>{typeLabel(type)}</Badge>
        <Badge variant={priorityVariant[priority]}>
          {capitalise(priority)}
          <span className="sr-only"> priority</span>
        </Badge>
        {!read ? (
          <span className="text-xs font-semibold text-primary uppercase">Unread</span>
        ) : null}
        <time dateTime={createdAt} className="ml-auto text-xs text-muted-foreground">
          {formatDisplayDateTime(createdAt)}
        </time>
      </div>

      <h2 id={titleId} className={cn('mt-3 text-base', read ? 'font-medium' : 'font-semibold')}>
        {title}
      </h2>
      <p className="mt-1 text-sm text-muted-foreground">{message}</p>

      {action || !read ? (
        <div className="mt-3 flex flex-wrap items-center gap-3">
          {action ? (
            action.internal ? (
              <Link
                to={action.href}
                className="text-sm font-medium text-primary underline-offset-4 hover:underline"
              >
                {actionText || 'View details'}
              </Link>
            ) : (
              <a
                href={action.href}
                target="_blank"
                rel="noopener noreferrer"
                className="inline-flex items-center gap-1 text-sm font-medium text-primary underline-offset-4 hover:underline"
              >
                {actionText || 'View details'}
                <ExternalLink aria-hidden="true" className="size-3.5" />
                <span className="sr-only"> (opens in a new tab)</span>
              </a>
            )
          ) : null}
          {!read ? (
            <Button
              variant="outline"
              size="sm"
              className="ml-auto"
              onClick={() => onMarkRead(notification.id)}
              disabled={isMarking}
              aria-describedby={titleId}
            >
              <Check aria-hidden="true" />
              Mark read
            </Button>
          ) : null}
        </div>
      ) : null}
    </li>
  );
}
