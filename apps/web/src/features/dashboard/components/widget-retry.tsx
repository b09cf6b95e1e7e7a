import { RotateCcw } from 'lucide-react';
import { Button } from '../../../components/ui/button';

/**
 * The Retry under a dashboard widget's failure: the three widgets share one request, so any of
 * them asks for it again, and each shows 'Retrying...' while it runs.
 */
export function WidgetRetry({ onRetry, isRetrying }: { onRetry: () => void; isRetrying: boolean }) {
  return (
    <Button
      type="button"
      variant="outline"
      size="sm"
      className="justify-self-start"
      onClick={onRetry}
      disabled={isRetrying}
    >
      <RotateCcw aria-hidden="true" />
      {isRetrying ? 'Retrying...' : 'Retry'}
    </Button>
  );
}
