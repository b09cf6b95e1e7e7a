import { formatDisplayDateTime } from '@coop/shared/dates';
import { CloudOff } from 'lucide-react';
import { useOfflineAsOf } from '../../lib/offline-status';

/** The words of the banner, for the tests and the e2e check. */
export const offlineBannerText = (asOf: string) =>
  `You are offline. Showing your accounts as of ${formatDisplayDateTime(asOf)}. Nothing can be changed until you are back online.`;

/**
 * Shown above the page while what it shows came from this device's saved copy rather than the
 * network (docs/decisions/166-service-worker-and-offline.md): the member reads their figures
 * knowing how old they are, and that a request cannot be sent now.
 */
export function OfflineBanner() {
  const asOf = useOfflineAsOf();
  if (!asOf) return null;
  return (
    <div
      role="status"
      className="flex items-start gap-2 border-b border-warning-soft-foreground/30 bg-warning-soft px-4 py-2 text-sm text-warning-soft-foreground sm:px-6 lg:px-8"
    >
      <CloudOff aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <p>{offlineBannerText(asOf)}</p>
    </div>
  );
}
