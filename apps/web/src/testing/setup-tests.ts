import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { resetAuth } from './auth';

// Build-tool tests run in Node (`@vitest-environment node`): no browser to prepare.
const inBrowser = typeof window !== 'undefined';

// jsdom lacks these browser APIs; the layout and Radix use them.
beforeEach(() => {
  if (!inBrowser) return;
  vi.stubGlobal(
    'matchMedia',
    vi.fn((query: string) => ({
      matches: false,
      media: query,
      addEventListener: vi.fn(),
      removeEventListener: vi.fn(),
    })),
  );
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
