import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { createQueryClient } from '../lib/query-client';

/** Renders where the app is now: path, query and hash, for asserting redirects. */
export function LocationProbe() {
  const { pathname, search, hash } = useLocation();
  return <output data-testid="location">{`${pathname}${search}${hash}`}</output>;
}

type RenderOptions = {
  /** The URL the router starts at. */
  route?: string;
  /** The route pattern the element is mounted at (default: the route's path). */
  path?: string;
  /** Extra routes, e.g. redirect targets. */
  routes?: ReactElement;
};

/**
 * Renders a component inside the app's providers (router, a fresh query cache) with a location
 * probe on every other path, so a test sees where a redirect went.
 */
export function renderWithProviders(ui: ReactElement, options: RenderOptions = {}) {
  const route = options.route ?? '/';
  const path = options.path ?? new URL(route, 'http://localhost').pathname;
  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({
    queries: { ...queryClient.getDefaultOptions().queries, retry: false },
  });
  const user = userEvent.setup();
  const result = render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[route]}>
        <Routes>
          <Route path={path} element={ui} />
          {options.routes}
          <Route path="*" element={<LocationProbe />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { ...result, user, queryClient };
}
