import { describe, expect, it } from 'vitest';
import { loginPathFor, redirectTarget, safeRedirectPath } from './redirect';

describe('redirect after sign-in', () => {
  it('remembers the page with its query and hash', () => {
    const path = loginPathFor('/auth/login', {
      pathname: '/notifications',
      search: '?page=2',
      hash: '#top',
    });
    expect(path).toBe('/auth/login?redirect=%2Fnotifications%3Fpage%3D2%23top');
    expect(redirectTarget(new URL(path, window.location.origin).search, '/dashboard')).toBe(
      '/notifications?page=2#top',
    );
  });

  it('falls back to the dashboard without a remembered page', () => {
    expect(redirectTarget('', '/dashboard')).toBe('/dashboard');
  });

  it.each([
    'https://evil.example/steal',
    '//evil.example/steal',
    '/\\evil.example',
    '/\t/evil.example',
    'javascript:alert(1)',
    'dashboard',
    '/auth/login',
    '/auth/reset-password?token=x',
  ])('refuses %s', (candidate) => {
    expect(safeRedirectPath(candidate)).toBeNull();
  });

  it('accepts paths of this site', () => {
    expect(safeRedirectPath('/loans?tab=review')).toBe('/loans?tab=review');
  });
});
