import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { resetAuth } from './auth';
import { fakeMatchMedia, resetViewport } from './viewport';

// Route modules load lazily, and on a busy two-core CI machine a route's first import can take
// longer than Testing Library's default wait of 1 s; a wait that truly fails still fails, after 5 s.
configure({ asyncUtilTimeout: 5000 });

// Build-tool tests run in Node (`@vitest-environment node`): no browser to prepare.
const inBrowser = typeof window !== 'undefined';

// jsdom lacks pointer capture; a toast (sonner) captures the pointer when it is pressed, as on
// the Undo button, and would otherwise throw outside the test that clicked it.
if (inBrowser && !('setPointerCapture' in Element.prototype)) {
  Object.assign(Element.prototype, {
    setPointerCapture() {},
    releasePointerCapture() {},
    hasPointerCapture: () => false,
  });
}

// jsdom lacks these browser APIs; the layout and Radix use them.
beforeEach(() => {
  if (!inBrowser) return;
  // A desktop-wide window (jsdom's 1024 px) in the light theme; a test of a phone layout narrows
  // it with `setViewportWidth(390)` (testing/viewport.ts).
  resetViewport();
  vi.stubGlobal('matchMedia', fakeMatchMedia);
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  );
  vi.stubGlobal('scrollTo', vi.fn());
});

afterEach(() => {
  if (!inBrowser) return;
  cleanup();
  resetAuth();
  window.localStorage.clear();
  vi.unstubAllGlobals();
});
