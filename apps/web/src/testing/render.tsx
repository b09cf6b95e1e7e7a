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

/**
 * Renders route elements inside the app's providers (router, a fresh query cache), with a
 * location probe on every other path so a test sees where a redirect went.
 */
export function renderRoutes(routes: ReactElement, { route = '/' }: { route?: string } = {}) {
  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({
    queries: { ...queryClient.getDefaultOptions().queries, retry: false },
  });
  const user = userEvent.setup();
  const result = render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[route]}>
        <Routes>
          {routes}
          <Route path="*" element={<LocationProbe />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { ...result, user, queryClient };
}

/** Renders one element at the route's path (or at `path`, a pattern). */
export function renderWithProviders(
  ui: ReactElement,
  { route = '/', path }: { route?: string; path?: string } = {},
) {
  const pattern = path ?? new URL(route, 'http://localhost').pathname;
  return renderRoutes(<Route path={pattern} element={ui} />, { route });
}
