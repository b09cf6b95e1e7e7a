import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createApiClient } from '../../lib/api-client';
import { offlineStatus } from '../../lib/offline-status';
import { OfflineBanner } from './offline-banner';

/**
 * The "as of" mark (docs/decisions/166-service-worker-and-offline.md): an answer the service worker
 * served from what it saved puts the banner up with the oldest saved time; a live answer takes it
 * down.
 */
describe('OfflineBanner', () => {
  afterEach(() => act(() => offlineStatus.report(null)));

  it('says the figures are as of the oldest saved answer, and goes with a live one', async () => {
    const answers: Record<string, string>[] = [
      { 'X-Coop-Offline-As-Of': '2026-11-27T09:42:00.000Z' },
      { 'X-Coop-Offline-As-Of': '2026-11-26T18:05:00.000Z' },
      {},
    ];
    const api = createApiClient({
      baseUrl: '/api/v1',
      timeoutMs: 1_000,
      getAccessToken: () => 'token',
      onTokenRefreshed: () => undefined,
      onSessionExpired: () => undefined,
      onAnswer: (asOf) => offlineStatus.report(asOf),
      fetch: () =>
        Promise.resolve(
          new Response(JSON.stringify({ success: true, data: {} }), {
            status: 200,
            headers: { 'Content-Type': 'application/json', ...answers.shift() },
          }),
        ),
    });
    render(<OfflineBanner />);
    expect(screen.queryByRole('status')).not.toBeInTheDocument();

    await act(() => api.get('/users/dashboard'));
    await act(() => api.get('/users/contributions'));
    expect(screen.getByRole('status')).toHaveTextContent(
      'You are offline. Showing your accounts as of Nov 26, 2026, 19:05. Nothing can be changed until you are back online.',
    );

    await act(() => api.get('/users/dashboard'));
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });
});
