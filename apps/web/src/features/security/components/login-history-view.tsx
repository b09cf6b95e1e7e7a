import { LOGIN_EVENT_LABELS } from '@coop/shared/security';
import { CircleAlert, LogOut } from 'lucide-react';
import { QueryState } from '../../../components/list/query-state';
import { Alert, AlertDescription } from '../../../components/ui/alert';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '../../../components/ui/card';
import { Pagination } from '../../../components/ui/pagination';
import { toApiError } from '../../../lib/api-client';
import { useLoginHistory, useSignOutOthers } from '../api/security-api';

const when = new Intl.DateTimeFormat('en-NG', {
  dateStyle: 'medium',
  timeStyle: 'short',
  timeZone: 'Africa/Lagos',
});

/** Settings → View login history: the last 50 sign-in events, a page at a time. */
export function LoginHistoryView({
  page,
  onPageChange,
}: {
  page: number;
  onPageChange: (page: number) => void;
}) {
  const history = useLoginHistory(page);
  const signOutOthers = useSignOutOthers();
  const events = history.data?.data ?? [];
  return (
    <div className="grid gap-6">
      <Card>
        <CardHeader>
          <CardTitle as="h2" className="text-lg">
            Other sessions
          </CardTitle>
          <CardDescription>
            Don’t recognise a sign-in? Sign out everywhere else, then change your password.
          </CardDescription>
        </CardHeader>
        <CardContent className="grid gap-3">
          {signOutOthers.error ? (
            <Alert variant="destructive" role="alert">
              <CircleAlert aria-hidden="true" />
              <AlertDescription>{toApiError(signOutOthers.error).message}</AlertDescription>
            </Alert>
          ) : null}
          {signOutOthers.data ? (
            <p role="status" className="text-sm">
              {signOutOthers.data.ended === 0
                ? 'You were not signed in anywhere else.'
                : `Signed out of ${signOutOthers.data.ended} other session${signOutOthers.data.ended === 1 ? '' : 's'}.`}
            </p>
          ) : null}
          <Button
            variant="outline"
            className="w-full sm:w-auto"
            disabled={signOutOthers.isPending}
            onClick={() => signOutOthers.mutate()}
          >
            <LogOut aria-hidden="true" />
            {signOutOthers.isPending ? 'Signing out...' : 'Sign out all other sessions'}
          </Button>
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle as="h2" className="text-lg">
            Recent sign-in activity
          </CardTitle>
          <CardDescription>Your last 50 sign-in events, newest first.</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4">
          <QueryState
            isPending={history.isPending}
            errorMessage={history.error ? toApiError(history.error).message : null}
            onRetry={() => void history.refetch()}
            isEmpty={events.length === 0}
            emptyMessage="No sign-in activity yet"
            loadingLabel="Loading login history"
          >
            <ul className="divide-y" aria-label="Sign-in events">
              {events.map((event) => (
                <li
                  key={event.id}
                  className="flex flex-wrap items-start justify-between gap-2 py-3"
                >
                  <div className="grid gap-0.5">
                    <p className="font-medium">
                      {LOGIN_EVENT_LABELS[event.kind]}
                      {event.current ? (
                        <Badge variant="secondary" className="ml-2 align-middle">
                          This session
                        </Badge>
                      ) : null}
                    </p>
                    <p className="text-sm text-muted-foreground">
                      {event.device ?? 'Unknown device'} · {event.ip ?? 'Unknown address'}
                    </p>
                  </div>
                  <time dateTime={event.occurredAt} className="text-sm text-muted-foreground">
                    {when.format(new Date(event.occurredAt))}
                  </time>
                </li>
              ))}
            </ul>
          </QueryState>
          {history.data ? (
            <Pagination
              currentPage={history.data.pagination.currentPage}
              totalPages={history.data.pagination.totalPages}
              onPageChange={onPageChange}
              label="Login history pages"
            />
          ) : null}
        </CardContent>
      </Card>
    </div>
  );
}
