/**
 * The portal's service worker (docs/decisions/166-service-worker-and-offline.md), built into
 * /sw.js by build-plugins/service-worker.ts, which puts the build's version and file list in
 * front of it as `self.__COOP_BUILD__`. Each build is a new worker: it caches that build's files,
 * takes over at once and deletes the caches of older builds; the page reloads when it takes over
 * (lib/service-worker.ts), so no one runs an old app after a release.
 */
import {
  APP_CACHE_PREFIX,
  CLEAR_MEMBER_DATA,
  handlingOf,
  MEMBER_DATA_CACHE,
  OFFLINE_AS_OF_HEADER,
  offlineErrorBody,
} from './offline-rules';

/** The few service-worker types used here (the web app's TypeScript has the DOM's, not these). */
interface ExtendableEvent extends Event {
  waitUntil(promise: Promise<unknown>): void;
}
interface FetchEvent extends ExtendableEvent {
  request: Request;
  respondWith(response: Promise<Response>): void;
}
interface WorkerScope {
  __COOP_BUILD__: { version: string; precache: string[] };
  location: Location;
  skipWaiting(): Promise<void>;
  clients: { claim(): Promise<void> };
  addEventListener(type: 'install' | 'activate', listener: (event: ExtendableEvent) => void): void;
  addEventListener(type: 'fetch', listener: (event: FetchEvent) => void): void;
  addEventListener(
    type: 'message',
    listener: (event: ExtendableEvent & { data: unknown }) => void,
  ): void;
}

const scope = self as unknown as WorkerScope;
const { version, precache } = scope.__COOP_BUILD__;
const APP_CACHE = `${APP_CACHE_PREFIX}${version}`;
/** The page every navigation falls back to offline: the app, which routes on the client. */
const SHELL = '/index.html';
/** When a member-data answer was saved, kept on the saved copy. */
const SAVED_AT = 'X-Coop-Saved-At';

/**
 * Bumped whenever the member data is cleared: an answer that was on its way when the session
 * ended is then not saved after the clearing.
 */
let generation = 0;

scope.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(APP_CACHE)
      .then((cache) => cache.addAll([SHELL, ...precache]))
      .then(() => scope.skipWaiting()),
  );
});

scope.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) =>
        Promise.all(
          names
            .filter((name) => name.startsWith(APP_CACHE_PREFIX) && name !== APP_CACHE)
            .map((name) => caches.delete(name)),
        ),
      )
      .then(() => scope.clients.claim()),
  );
});

scope.addEventListener('message', (event) => {
  if (event.data === CLEAR_MEMBER_DATA) {
    generation += 1;
    event.waitUntil(caches.delete(MEMBER_DATA_CACHE));
  }
});

async function page(request: Request): Promise<Response> {
  try {
    return await fetch(request);
  } catch (error) {
    const shell = await caches.match(SHELL, { cacheName: APP_CACHE });
    if (shell) return shell;
    throw error;
  }
}

async function asset(request: Request): Promise<Response> {
  const saved = await caches.match(request);
  if (saved) return saved;
  const response = await fetch(request);
  if (response.ok) {
    const copy = response.clone();
    void caches.open(APP_CACHE).then((cache) => cache.put(request, copy));
  }
  return response;
}

async function memberData(request: Request): Promise<Response> {
  const started = generation;
  let response: Response;
  try {
    response = await fetch(request);
  } catch {
    const saved = await caches.match(request, { cacheName: MEMBER_DATA_CACHE });
    if (!saved) {
      return new Response(offlineErrorBody(new Date()), {
        status: 503,
        headers: { 'Content-Type': 'application/json' },
      });
    }
    const headers = new Headers(saved.headers);
    headers.set(OFFLINE_AS_OF_HEADER, saved.headers.get(SAVED_AT) ?? '');
    return new Response(saved.body, { status: saved.status, headers });
  }
  if (response.status === 200) {
    const body = await response.clone().arrayBuffer();
    const headers = new Headers(response.headers);
    headers.set(SAVED_AT, new Date().toISOString());
    if (generation === started) {
      const cache = await caches.open(MEMBER_DATA_CACHE);
      if (generation === started) {
        await cache.put(request, new Response(body, { status: 200, headers }));
      }
    }
  }
  return response;
}

scope.addEventListener('fetch', (event) => {
  const handling = handlingOf(event.request, scope.location.origin);
  if (handling === 'page') event.respondWith(page(event.request));
  else if (handling === 'asset') event.respondWith(asset(event.request));
  else if (handling === 'member-data') event.respondWith(memberData(event.request));
  // Anything else goes to the network as if there were no worker.
});
