import { QueryClientProvider } from '@tanstack/react-query';
import { Outlet } from 'react-router';
import { queryClient } from '../../lib/query-client';

/**
 * Provides the query cache to the routes that fetch through TanStack Query. It is a lazy route of
 * its own so the sign-in page never downloads the library; the cache itself is one object for the
 * whole visit (lib/query-client).
 */
export default function QueryLayout() {
  return (
    <QueryClientProvider client={queryClient}>
      <Outlet />
    </QueryClientProvider>
  );
}
