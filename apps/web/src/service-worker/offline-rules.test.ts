import { describe, expect, it } from 'vitest';
import { handlingOf, isMemberData } from './offline-rules';

/**
 * What the service worker saves (docs/decisions/166-service-worker-and-offline.md): the member's
 * own reads only, never another member's, an officer's, a file or a write.
 */

const ORIGIN = 'https://portal.example.coop';
const request = (
  path: string,
  { method = 'GET', mode = 'cors', token = true, origin = ORIGIN } = {},
) => ({
  method,
  mode,
  url: `${origin}${path}`,
  headers: new Headers(token ? { Authorization: 'Bearer t' } : {}),
});

describe('offline rules', () => {
  it('saves the member’s own dashboard, lists, profile and who they are', () => {
    for (const path of [
      '/api/v1/auth/me',
      '/api/v1/users/dashboard',
      '/api/v1/users/contributions?page=1&limit=10',
      '/api/v1/users/loans',
      '/api/v1/users/loans/8f0c1f6e-0000-4000-8000-000000000001',
      '/api/v1/users/withdrawals',
      '/api/v1/users/dividends',
      '/api/v1/users/fines',
      '/api/v1/users/notifications?page=1&limit=10',
      '/api/v1/users/transactions?page=2',
      '/api/v1/users/statement?startDate=2025-01-01&endDate=2025-06-30',
      '/api/v1/users/profile',
      '/api/v1/users/settings',
    ]) {
      expect(handlingOf(request(path), ORIGIN), path).toBe('member-data');
    }
  });

  it('never saves other members’ data, the back office’s, files, security pages or writes', () => {
    for (const path of [
      '/api/v1/users/loans/under-review',
      '/api/v1/users/guarantor-candidates?search=ada',
      '/api/v1/users/statement/download?format=pdf',
      '/api/v1/users/export/data',
      '/api/v1/users/two-factor',
      '/api/v1/users/login-history',
      '/api/v1/admin/overview',
      '/api/v1/admin/users',
      '/api/v1/admin/statements/verify?code=7K3MQ9TD2XWB',
    ]) {
      expect(isMemberData(new URL(path, ORIGIN).pathname), path).toBe(false);
      expect(handlingOf(request(path), ORIGIN), path).toBe('network');
    }
    expect(handlingOf(request('/api/v1/users/dashboard', { method: 'POST' }), ORIGIN)).toBe(
      'network',
    );
    // An answer without the member's token is not theirs.
    expect(handlingOf(request('/api/v1/users/dashboard', { token: false }), ORIGIN)).toBe(
      'network',
    );
    expect(
      handlingOf(request('/api/v1/users/dashboard', { origin: 'https://elsewhere.test' }), ORIGIN),
    ).toBe('network');
  });

  it('takes pages from the network first and hashed files from the cache first', () => {
    expect(handlingOf(request('/dashboard', { mode: 'navigate', token: false }), ORIGIN)).toBe(
      'page',
    );
    expect(handlingOf(request('/admin/members', { mode: 'navigate' }), ORIGIN)).toBe('page');
    expect(handlingOf(request('/assets/index-A1.js', { token: false }), ORIGIN)).toBe('asset');
    expect(handlingOf(request('/sw.js', { token: false }), ORIGIN)).toBe('network');
  });
});
