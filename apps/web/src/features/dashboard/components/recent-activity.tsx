import type { RecentActivity as Activity } from '@coop/shared/dashboard';
import {
  ACTIVITY_STATUS_DISPLAY,
  DASHBOARD_MESSAGES,
  activityDisplayType,
  activityStatusLabel,
  formatActivityAmount,
} from '@coop/shared/dashboard-rules';
import { formatDisplayDateTime } from '@coop/shared/dates';
import { Link } from 'react-router';
import { Alert, AlertDescription } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';
import { StatusBadge } from '../../../components/ui/status-badge';
import { paths } from '../../../config/paths';
import { cn } from '../../../lib/cn';
import { ActivityIcon } from './activity-icon';
import { WidgetRetry } from './widget-retry';

/** The member's transaction history (docs/decisions/051-account-pages.md). */
export const TRANSACTION_HISTORY_PATH = paths.transactions;

type RecentActivityProps = {
  activity: Activity[] | undefined;
  isPending: boolean;
  isError: boolean;
  /** Asks for the dashboard again after a failure (the widget shows Retry). */
  onRetry?: () => void;
  isRetrying?: boolean;
};

/** docs/member-portal.md §2 Recent Activity: the newest 10 movements, signed, with their status. */
export default function RecentActivity({
  activity,
  isPending,
  isError,
  onRetry,
  isRetrying = false,
}: RecentActivityProps) {
  return (
    <Card>
      <CardHeader className="flex-row flex-wrap items-center justify-between gap-2">
        <CardTitle>Recent Activity</CardTitle>
        <Button asChild variant="outline" size="sm">
          <Link to={TRANSACTION_HISTORY_PATH}>{DASHBOARD_MESSAGES.viewAll}</Link>
        </Button>
      </CardHeader>
      <CardContent className="grid grid-cols-1 gap-4">
        {isPending ? (
          <div className="flex justify-center py-8">
            <Spinner label="Loading recent activity" />
          </div>
        ) : isError ? (
          <div className="grid gap-3">
            <Alert variant="destructive" role="alert">
              <AlertDescription>{DASHBOARD_MESSAGES.activityFailed}</AlertDescription>
            </Alert>
            {onRetry ? <WidgetRetry onRetry={onRetry} isRetrying={isRetrying} /> : null}
          </div>
        ) : !activity || activity.length === 0 ? (
          <p className="py-8 text-center text-muted-foreground">{DASHBOARD_MESSAGES.noActivity}</p>
        ) : (
          <ul className="min-w-0 divide-y">
            {activity.map((item) => {
              const amount = formatActivityAmount(item.type, item.amount, item.status);
              return (
                <li key={`${item.type}-${item.id}`} className="flex min-w-0 items-start gap-3 py-3">
                  <ActivityIcon type={activityDisplayType(item.type, item.amount)} />
                  <div className="min-w-0 flex-1">
                    {/* The whole description, wrapped: on a phone one truncated line cut
                        'Contribution for March 2026' and 'for May 2026' to the same
                        'Contribution for M…'. */}
                    <p className="font-medium break-words">{item.description}</p>
                    <p className="text-sm text-muted-foreground">
                      {formatDisplayDateTime(item.date)}
                    </p>
                  </div>
                  <div className="flex flex-col items-end gap-1">
                    <span
                      className={cn(
                        'font-semibold tabular-nums',
                        amount.startsWith('+') && 'text-success',
                        amount.startsWith('-') && 'text-destructive',
                      )}
                    >
                      {amount}
                    </span>
                    <StatusBadge
                      of={ACTIVITY_STATUS_DISPLAY[item.type]}
                      status={item.status}
                      label={activityStatusLabel(item.type, item.status)}
                    />
                  </div>
                </li>
              );
            })}
          </ul>
        )}
        <Button asChild variant="ghost" className="justify-self-center">
          <Link to={TRANSACTION_HISTORY_PATH}>{DASHBOARD_MESSAGES.viewHistory}</Link>
        </Button>
      </CardContent>
    </Card>
  );
}
