import { lazy, Suspense, useSyncExternalStore } from 'react';
import { subscribeToToastRequests, toastRequested } from '../../lib/toast';

const ToasterRegion = lazy(() => import('./toaster-region'));

/**
 * The app's one toast region, in the page's theme (light or dark). It and the toast library are
 * fetched when the first toast is asked for (lib/toast.ts), not with the page.
 */
export function AppToaster() {
  const requested = useSyncExternalStore(subscribeToToastRequests, toastRequested, () => false);
  if (!requested) return null;
  return (
    <Suspense fallback={null}>
      <ToasterRegion />
    </Suspense>
  );
}
