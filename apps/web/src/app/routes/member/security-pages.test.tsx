import { configure, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, mockApi } from '../../../testing/fetch-mock';
import { renderWithProviders } from '../../../testing/render';
import LoginHistoryRoute from './login-history';
import TwoFactorRoute from './two-factor';

configure({ asyncUtilTimeout: 3000 });

const ok = (data: unknown, extra: object = {}) => json(200, { success: true, data, ...extra });
const wrongPassword = () =>
  json(400, {
    success: false,
    error: 'Bad Request',
    message: 'Current password is incorrect',
    code: 'INVALID_CURRENT_PASSWORD',
    details: [{ field: 'currentPassword', message: 'Current password is incorrect' }],
    timestamp: '2026-01-01T00:00:00.000Z',
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
    expect(password).toHaveAccessibleDescription(/Current password is required/);
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

describe('login history', () => {
  it("dates each event 'MMM dd, yyyy' with the time, in the cooperative's time zone", async () => {
    mockApi({
      'GET /users/login-history': () =>
        json(200, {
          success: true,
          data: [
            {
              id: 1,
              kind: 'signed_in',
              occurredAt: '2026-03-05T13:05:00.000Z',
              ip: '203.0.113.9',
              device: 'Firefox on Android',
              current: true,
            },
          ],
          pagination: {
            currentPage: 1,
            totalPages: 1,
            totalItems: 1,
            itemsPerPage: 10,
            hasNext: false,
            hasPrev: false,
          },
        }),
    });
    renderWithProviders(<LoginHistoryRoute />, { route: '/settings/login-history' });
    expect(await screen.findByText('Mar 05, 2026, 14:05')).toBeInTheDocument();
  });
});

describe('sign out all other sessions (decision 082)', { timeout: 20_000 }, () => {
  it('asks for the current password in a dialog, shows a wrong one on the field, then signs out', async () => {
    let answer = wrongPassword;
    const api = mockApi({
      'GET /users/login-history': () =>
        json(200, {
          success: true,
          data: [],
          pagination: {
            currentPage: 1,
            totalPages: 1,
            totalItems: 0,
            itemsPerPage: 10,
            hasNext: false,
            hasPrev: false,
          },
        }),
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
    expect(password).toHaveAccessibleDescription(/Current password is required/);

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
