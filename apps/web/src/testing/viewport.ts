import { act } from '@testing-library/react';

/**
 * jsdom has no layout, so no `matchMedia`: this one answers width queries for a window of a width
 * a test sets, and tells the listeners of the queries whose answer a new width changes, as a
 * browser does when its window is resized. Any other query (the device's dark theme) is false.
 */
const JSDOM_WIDTH = 1024;
let width = JSDOM_WIDTH;

type Listener = (event: { matches: boolean; media: string }) => void;
/** The queries someone listens to, with their listeners. */
const watched = new Map<string, Set<Listener>>();

function answer(query: string, at: number): boolean {
  const min = /\(min-width:\s*(\d+)px\)/.exec(query);
  const max = /\(max-width:\s*(\d+)px\)/.exec(query);
  if (!min && !max) return false;
  return (!min || at >= Number(min[1])) && (!max || at <= Number(max[1]));
}

export function fakeMatchMedia(query: string) {
  const listeners = () => {
    const set = watched.get(query) ?? new Set<Listener>();
    watched.set(query, set);
    return set;
  };
  return {
    get matches() {
      return answer(query, width);
    },
    media: query,
    onchange: null,
    addEventListener: (_type: 'change', listener: Listener) => listeners().add(listener),
    removeEventListener: (_type: 'change', listener: Listener) => listeners().delete(listener),
    dispatchEvent: () => false,
  };
}

/** Back to jsdom's 1024 px (desktop) with no listeners: before each test. */
export function resetViewport() {
  width = JSDOM_WIDTH;
  watched.clear();
  Object.defineProperty(window, 'innerWidth', { configurable: true, value: JSDOM_WIDTH });
}

/**
 * Makes the window `next` px wide: 390 for a phone. Before rendering, the page draws its layout
 * for that width; after, it switches as it would on a resize.
 */
export function setViewportWidth(next: number) {
  const before = width;
  width = next;
  Object.defineProperty(window, 'innerWidth', { configurable: true, value: next });
  act(() => {
    for (const [query, listeners] of watched) {
      const matches = answer(query, next);
      if (matches === answer(query, before)) continue;
      for (const listener of [...listeners]) listener({ matches, media: query });
    }
    window.dispatchEvent(new Event('resize'));
  });
}
