import { configure, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { fieldRefusal, json, listAnswer, mockApi } from '../../../testing/fetch-mock';
import { renderWithProviders } from '../../../testing/render';
import LoginHistoryRoute from './login-history';
import TwoFactorRoute from './two-factor';

configure({ asyncUtilTimeout: 3000 });

const ok = (data: unknown, extra: object = {}) => json(200, { success: true, data, ...extra });
const wrongPassword = () =>
  fieldRefusal('currentPassword', 'Current password is incorrect', {
    code: 'INVALID_CURRENT_PASSWORD',
  });
const locked = () =>
  json(429, {
    success: false,
    error: 'Too Many Requests',
    message: 'Too many failed sign-in attempts. Please try again in 15 minutes.',
    code: 'ACCOUNT_LOCKED',
    timestamp: '2026-01-01T00:00:00.000Z',
  });

describe('two-factor enrolment (decision 082)', { timeout: 20_000 }, () => {
  it('starts with the current password: required, a wrong one on the field, a lockout above', async () => {
    let answer = wrongPassword;
    const api = mockApi({
      'GET /users/two-factor': () => ok({ enabled: false, recoveryCodesLeft: 0 }),
      'POST /users/two-factor/setup': () => answer(),
    });
    const { user } = renderWithProviders(<TwoFactorRoute />, { route: '/settings/two-factor' });
    const start = await screen.findByRole('button', { name: 'Set up two-factor sign-in' });
    await user.click(start);
    const password = screen.getByLabelText('Current password');
    await waitFor(() =>
      expect(password).toHaveAccessibleDescription(/Current password is required/),
    );
    expect(api.callsTo('POST /users/two-factor/setup')).toHaveLength(0);

    await user.type(password, 'Wrong-Password!1');
    await user.click(start);
    expect(await screen.findByText('Current password is incorrect')).toBeInTheDocument();
    expect(password).toHaveAccessibleDescription(/Current password is incorrect/);
    expect(api.callsTo('POST /users/two-factor/setup')[0]?.body).toEqual({
      currentPassword: 'Wrong-Password!1',
    });

    answer = locked;
    await user.click(start);
    expect(await screen.findByRole('alert')).toHaveTextContent(/Too many failed sign-in attempts/);

    answer = () =>
      ok({
        secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
        otpauthUrl: 'otpauth://totp/x',
        qrCodeDataUrl: 'data:image/png;base64,AAAA',
      });
    await user.click(start);
    expect(
      await screen.findByRole('heading', { name: 'Scan the code with your authenticator app' }),
    ).toBeInTheDocument();
  });
});

describe('two-factor key and recovery codes', { timeout: 20_000 }, () => {
  const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
  const CODES = ['abcde-fghij', 'klmno-pqrst', 'uvwxy-z2345', 'a2b3c-d4e5f'];

  it('keeps each group of the key and each code whole, and copies and downloads them', async () => {
    mockApi({
      'GET /users/two-factor': () => ok({ enabled: false, recoveryCodesLeft: 0 }),
      'POST /users/two-factor/setup': () =>
        ok({
          secret: SECRET,
          otpauthUrl: 'otpauth://totp/x',
          qrCodeDataUrl: 'data:image/png;base64,AAAA',
        }),
      'POST /users/two-factor/enable': () => ok({ recoveryCodes: CODES }),
      'POST /auth/refresh': () =>
        json(401, {
          success: false,
          error: 'Unauthorized',
          message: 'No session',
          code: 'UNAUTHORIZED',
        }),
    });
    const { user } = renderWithProviders(<TwoFactorRoute />, { route: '/settings/two-factor' });
    await user.type(await screen.findByLabelText('Current password'), 'Demo!2345');
    await user.click(screen.getByRole('button', { name: 'Set up two-factor sign-in' }));

    // The key wraps between its groups of four, never inside one.
    const key = await screen.findByLabelText('Secret key');
    const groups = [...key.children];
    expect(groups.map((group) => group.textContent)).toEqual(SECRET.match(/.{4}/g));
    for (const group of groups) expect(group).toHaveClass('whitespace-nowrap');

    await user.click(screen.getByRole('button', { name: 'Copy key' }));
    expect(await navigator.clipboard.readText()).toBe(SECRET);
    expect(await screen.findByRole('button', { name: 'Copied' })).toBeInTheDocument();

    await user.type(screen.getByLabelText('6-digit code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Turn on two-factor sign-in' }));
    const list = await screen.findByRole('list', { name: 'Recovery codes' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual(CODES);
    for (const item of items) expect(item).toHaveClass('whitespace-nowrap');

    await user.click(screen.getByRole('button', { name: 'Copy codes' }));
    expect(await navigator.clipboard.readText()).toBe(CODES.join('\n'));

    const blobs: Blob[] = [];
    vi.stubGlobal(
      'URL',
      Object.assign(URL, {
        createObjectURL: vi.fn((blob: Blob) => {
          blobs.push(blob);
          return 'blob:codes';
        }),
        revokeObjectURL: vi.fn(),
      }),
    );
    const clicked: HTMLAnchorElement[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      clicked.push(this);
    });
    await user.click(screen.getByRole('button', { name: 'Download codes' }));
    expect(clicked[0]?.download).toBe('coop-portal-recovery-codes.txt');
    const text = await new Promise<string>((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(reader.result as string);
      reader.readAsText(blobs[0] as Blob);
    });
    for (const code of CODES) expect(text).toContain(code);
  });
});

describe('login history', () => {
  it("dates each event 'MMM dd, yyyy' with the time, in the cooperative's time zone", async () => {
    mockApi({
      'GET /users/login-history': () =>
        listAnswer([
          {
            id: 1,
            kind: 'signed_in',
            occurredAt: '2026-03-05T13:05:00.000Z',
            ip: '203.0.113.9',
            device: 'Firefox on Android',
            current: true,
          },
        ]),
    });
    renderWithProviders(<LoginHistoryRoute />, { route: '/settings/login-history' });
    expect(await screen.findByText('Mar 05, 2026, 14:05')).toBeInTheDocument();
  });
});

describe('sign out all other sessions (decision 082)', { timeout: 20_000 }, () => {
  it('asks for the current password in a dialog, shows a wrong one on the field, then signs out', async () => {
    let answer = wrongPassword;
    const api = mockApi({
      'GET /users/login-history': () => listAnswer([]),
      'POST /users/login-history/sign-out-others': () => answer(),
    });
    const { user } = renderWithProviders(<LoginHistoryRoute />, {
      route: '/settings/login-history',
    });
    await user.click(await screen.findByRole('button', { name: 'Sign out all other sessions' }));
    const dialog = screen.getByRole('dialog', { name: 'Sign out all other sessions' });
    const password = within(dialog).getByLabelText('Current password');
    expect(password).toHaveFocus();
    const confirm = within(dialog).getByRole('button', { name: 'Sign out other sessions' });
    await user.click(confirm);
    await waitFor(() =>
      expect(password).toHaveAccessibleDescription(/Current password is required/),
    );

    await user.type(password, 'Wrong-Password!1');
    await user.click(confirm);
    expect(await within(dialog).findByText('Current password is incorrect')).toBeInTheDocument();

    answer = () => ok({ ended: 2 });
    await user.clear(password);
    await user.type(password, 'Demo!2345');
    await user.click(confirm);
    expect(await screen.findByRole('status')).toHaveTextContent('Signed out of 2 other sessions.');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(api.callsTo('POST /users/login-history/sign-out-others').at(-1)?.body).toEqual({
      currentPassword: 'Demo!2345',
    });
  });
});
