import { CircleAlert, Inbox } from 'lucide-react';
import type { ReactNode } from 'react';
import { Alert, AlertDescription } from '../ui/alert';
import { Button } from '../ui/button';
import { Spinner } from '../ui/spinner';

type QueryStateProps = {
  /** Nothing to show yet: the first load. */
  isPending: boolean;
  /** The failure to show, already worded ('the server message or ...'); null when none. */
  errorMessage: string | null;
  onRetry: () => void;
  isEmpty: boolean;
  /** The list's own empty text, e.g. 'No contributions found'. */
  emptyMessage: string;
  /** A line under the empty text, in the same box: why it is empty ('You haven't ... yet.'). */
  emptyDetail?: string | null;
  /** What is loading, for screen readers: 'Loading contributions'. */
  loadingLabel: string;
  children: ReactNode;
};

/** One list's four states: loading, failed (with Try again), empty, or the list itself. */
export function QueryState({
  isPending,
  errorMessage,
  onRetry,
  isEmpty,
  emptyMessage,
  emptyDetail,
  loadingLabel,
  children,
}: QueryStateProps) {
  if (isPending) {
    return (
      <div className="flex justify-center py-16">
        <Spinner label={loadingLabel} />
      </div>
    );
  }
  if (errorMessage !== null) {
    return (
      <Alert variant="destructive" role="alert">
        <CircleAlert aria-hidden="true" />
        <AlertDescription>
          <p>{errorMessage}</p>
          <Button variant="outline" className="mt-3" onClick={onRetry}>
            Try again
          </Button>
        </AlertDescription>
      </Alert>
    );
  }
  if (isEmpty) {
    return (
      <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed bg-card px-6 py-16 text-center">
        <Inbox aria-hidden="true" className="size-10 text-muted-foreground" />
        <p className="font-medium">{emptyMessage}</p>
        {emptyDetail ? <p className="text-sm text-muted-foreground">{emptyDetail}</p> : null}
      </div>
    );
  }
  return children;
}
