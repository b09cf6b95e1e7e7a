import { CLEAR_MEMBER_DATA, MEMBER_DATA_CACHE } from '../service-worker/offline-rules';

/**
 * The page's side of the service worker (docs/decisions/166-service-worker-and-offline.md):
 * registered once a member is signed in (the sign-in page stays as it is), and a reload when a
 * new build's worker takes over, so the page never runs beside an older or newer app's files.
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const container = navigator.serviceWorker;
  // The first worker to take over a page that had none changes nothing the page runs: no reload.
  let hadController = container.controller !== null;
  let reloading = false;
  container.addEventListener('controllerchange', () => {
    if (!hadController) {
      hadController = true;
      return;
    }
    if (reloading) return;
    reloading = true;
    window.location.reload();
  });
  void container.register('/sw.js').catch(() => {
    // No worker (private mode, an old browser): the portal works online as before.
  });
}

/**
 * Forgets every saved answer of the member who was signed in: the worker is told (so an answer
 * still on its way is not saved after), and the cache is deleted from the page as well, in case
 * no worker is running.
 */
export function clearOfflineMemberData(): void {
  if (typeof navigator !== 'undefined' && 'serviceWorker' in navigator) {
    navigator.serviceWorker.controller?.postMessage(CLEAR_MEMBER_DATA);
  }
  if (typeof caches !== 'undefined') void caches.delete(MEMBER_DATA_CACHE).catch(() => undefined);
}
