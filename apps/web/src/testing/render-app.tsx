import { render } from '@testing-library/react';
import { AppProvider } from '../app/provider';
import { AppRoutes } from '../app/router';

/**
 * Renders the whole app (its provider and route table) at `url`, as a page load there would: the
 * guards, the layouts and the lazy pages. A test of one page renders it with `renderWithProviders`.
 */
export function renderAppAt(url: string) {
  window.history.pushState({}, '', url);
  return render(
    <AppProvider>
      <AppRoutes />
    </AppProvider>,
  );
}
