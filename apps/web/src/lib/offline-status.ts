import { useSyncExternalStore } from 'react';

/**
 * Whether what the screen shows came from the network or from what this device saved
 * (docs/decisions/166-service-worker-and-offline.md): the API client reports each answer; an
 * answer the service worker served offline carries when it was saved. The shell's banner says
 * "as of" that time while the last answer was a saved one, and goes away with the next live one.
 */
let asOf: string | null = null;
const listeners = new Set<() => void>();

const getAsOf = () => asOf;
function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export const offlineStatus = {
  /** `savedAt`: the saved answer's time (ISO), or null for a live answer. */
  report(savedAt: string | null) {
    // The oldest saved answer on screen is what the whole page is "as of".
    const next = savedAt === null ? null : asOf !== null && asOf < savedAt ? asOf : savedAt;
    if (next === asOf) return;
    asOf = next;
    for (const listener of listeners) listener();
  },
  getAsOf,
  subscribe,
};

export function useOfflineAsOf(): string | null {
  return useSyncExternalStore(subscribe, getAsOf, getAsOf);
}
