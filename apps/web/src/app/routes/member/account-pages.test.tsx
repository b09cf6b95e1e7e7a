import type { User } from '@coop/shared/auth';
import type { UserSettings } from '@coop/shared/settings';
import type { Statement, Transaction } from '@coop/shared/transactions';
import { configure, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { THEME_STORAGE_KEY } from '../../../lib/theme';
import {
  apiError,
  fieldRefusal,
  json,
  listAnswer,
  mockApi,
  type MockRequest,
} from '../../../testing/fetch-mock';
import { renderWithProviders } from '../../../testing/render';
import { findToast, withToaster } from '../../../testing/toasts';
import ExportRoute from './export';
import ProfileRoute from './profile';
import SettingsRoute from './settings';
import StatementRoute from './statement';
import TransactionsRoute from './transactions';

configure({ asyncUtilTimeout: 3000 });

const USER: User = {
  _id: '00000000-0000-4000-8000-000000000001',
  id: '00000000-0000-4000-8000-000000000001',
  firstName: 'Ada',
  lastName: 'Obi',
  email: 'ada@demo.coop',
  phoneNumber: '+2348030000001',
  membershipId: 'COOP-0001',
  role: 'user',
  roles: [],
  isActive: true,
  isLoanReviewer: false,
  isExco: false,
};

const SETTINGS: UserSettings = {
  emailNotifications: true,
  smsNotifications: false,
  pushNotifications: true,
  darkMode: null,
  findableByPhone: true,
};

const ok = (data: unknown, extra: object = {}) => json(200, { success: true, data, ...extra });

// A download is an <a download> click; jsdom cannot navigate, so the click is recorded instead.
const savedFiles: string[] = [];
beforeEach(() => {
  savedFiles.length = 0;
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    savedFiles.push(this.download);
  });
});

describe('profile page', { timeout: 20_000 }, () => {
  it('shows the initials, name, member number and fields, and says who changes the rest', async () => {
    mockApi({ 'GET /users/profile': () => ok(USER) });
    renderWithProviders(<ProfileRoute />, { route: '/profile' });
    expect(await screen.findByRole('heading', { name: 'Ada Obi' })).toBeInTheDocument();
    expect(screen.getByText('AO')).toBeInTheDocument();
    expect(screen.getByText('Member #COOP-0001')).toBeInTheDocument();
    expect(screen.getByText('ada@demo.coop')).toBeInTheDocument();
    expect(screen.getByText('0803 000 0001')).toBeInTheDocument();
    expect(
      screen.getByText(
        'To change your name, e-mail address or membership ID, please contact the administrator.',
      ),
    ).toBeInTheDocument();
  });

  it("shows 'Profile Not Found' when there is no member", async () => {
    mockApi({ 'GET /users/profile': () => apiError(404, 'Profile not found', 'NOT_FOUND') });
    renderWithProviders(<ProfileRoute />, { route: '/profile' });
    expect(await screen.findByRole('heading', { name: 'Profile Not Found' })).toBeInTheDocument();
  });

  it("'Edit Profile' saves the phone number, and shows the server's refusal on the field", async () => {
    let answer = () =>
      json(409, {
        success: false,
        error: 'Conflict',
        message: 'This phone number is already used by another member',
        code: 'PHONE_IN_USE',
        details: [
          { field: 'phoneNumber', message: 'This phone number is already used by another member' },
        ],
        timestamp: '2026-01-01T00:00:00.000Z',
      });
    const api = mockApi({
      'GET /users/profile': () => ok(USER),
      'PUT /users/profile': () => answer(),
    });
    const { user } = renderWithProviders(withToaster(<ProfileRoute />), { route: '/profile' });
    await user.click(await screen.findByRole('button', { name: 'Edit Profile' }));
    const phone = screen.getByLabelText('Phone number');
    expect(phone).toHaveValue('0803 000 0001');
    await user.clear(phone);
    await user.type(phone, '0803 000 0002');
    // The phone signs in: without the current password nothing is sent.
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const password = screen.getByLabelText('Current password');
    await waitFor(() =>
      expect(password).toHaveAccessibleDescription(/Current password is required/),
    );
    expect(api.callsTo('PUT /users/profile')).toHaveLength(0);
    await user.type(password, 'Demo!2345');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    // A 409 naming the phone number goes under the phone number.
    await waitFor(() =>
      expect(phone).toHaveAccessibleDescription(
        /This phone number is already used by another member/,
      ),
    );
    expect(api.callsTo('PUT /users/profile')[0]?.body).toEqual({
      currentPassword: 'Demo!2345',
      phoneNumber: '+2348030000002',
    });

    // A wrong password is shown under the password field.
    answer = () =>
      fieldRefusal('currentPassword', 'Current password is incorrect', {
        code: 'INVALID_CURRENT_PASSWORD',
      });
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Current password is incorrect')).toBeInTheDocument();
    expect(password).toHaveAccessibleDescription(/Current password is incorrect/);

    answer = () => ok({ ...USER, phoneNumber: '+2348030000009' });
    await user.clear(phone);
    await user.type(phone, '08030000009');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await findToast('Profile updated', 'Your phone number has been saved.');
    expect(await screen.findByText('0803 000 0009')).toBeInTheDocument();
  });
});

describe('change password dialog', { timeout: 20_000 }, () => {
  const open = async () => {
    const rendered = renderWithProviders(withToaster(<ProfileRoute />), { route: '/profile' });
    await rendered.user.click(await screen.findByRole('button', { name: 'Change Password' }));
    return rendered;
  };

  it('checks the fields with the messages members see, 8 characters', async () => {
    const api = mockApi({ 'GET /users/profile': () => ok(USER) });
    const { user } = await open();
    const dialog = screen.getByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Change Password' }));
    expect(await within(dialog).findByText('Current password is required')).toBeInTheDocument();
    expect(within(dialog).getByText('New password is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Please confirm your new password')).toBeInTheDocument();

    await user.type(within(dialog).getByLabelText('Current password'), 'Old-Pass!1');
    await user.type(within(dialog).getByLabelText('New password'), 'Short1!');
    expect(
      within(dialog).getByText('New password must be at least 8 characters'),
    ).toBeInTheDocument();
    // The API's schema compares the new password with the current one once every field is typed.
    await user.type(within(dialog).getByLabelText('Confirm new password'), 'Old-Pass!1');
    await user.clear(within(dialog).getByLabelText('New password'));
    await user.type(within(dialog).getByLabelText('New password'), 'Old-Pass!1');
    expect(
      within(dialog).getByText('New password must be different from current password'),
    ).toBeInTheDocument();
    await user.clear(within(dialog).getByLabelText('New password'));
    await user.type(within(dialog).getByLabelText('New password'), 'New-Pass!22');
    await user.clear(within(dialog).getByLabelText('Confirm new password'));
    await user.type(within(dialog).getByLabelText('Confirm new password'), 'New-Pass!2');
    expect(within(dialog).getByText('Passwords do not match')).toBeInTheDocument();
    expect(api.callsTo('PUT /users/change-password')).toHaveLength(0);
  });

  it('has show/hide toggles and a Cancel button', async () => {
    mockApi({ 'GET /users/profile': () => ok(USER) });
    const { user } = await open();
    const dialog = screen.getByRole('dialog');
    expect(within(dialog).getAllByRole('button', { name: 'Show password' })).toHaveLength(3);
    const current = within(dialog).getByLabelText('Current password');
    expect(current).toHaveAttribute('type', 'password');
    await user.click(within(dialog).getAllByRole('button', { name: 'Show password' })[0]!);
    expect(current).toHaveAttribute('type', 'text');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('sends PUT /users/change-password and confirms with its toast', async () => {
    const api = mockApi({
      'GET /users/profile': () => ok(USER),
      'PUT /users/change-password': () =>
        ok({ accessToken: 'new-token' }, { message: 'Password changed successfully' }),
    });
    const { user } = await open();
    const dialog = screen.getByRole('dialog');
    await user.type(within(dialog).getByLabelText('Current password'), 'Old-Pass!1');
    await user.type(within(dialog).getByLabelText('New password'), 'New-Pass!22');
    await user.type(within(dialog).getByLabelText('Confirm new password'), 'New-Pass!22');
    await user.click(within(dialog).getByRole('button', { name: 'Change Password' }));
    await findToast('Password changed successfully', 'Your password has been updated.');
    expect(api.callsTo('PUT /users/change-password')[0]?.body).toEqual({
      currentPassword: 'Old-Pass!1',
      newPassword: 'New-Pass!22',
      confirmPassword: 'New-Pass!22',
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it.each([
    [
      'CONTEXT_PASSWORD',
      'This password contains your name, e-mail, phone number, membership ID or a word about the cooperative. Please choose a different one.',
    ],
    [
      'BREACHED_PASSWORD',
      'This password has appeared in a data breach, so others may already know it. Please choose a different one.',
    ],
  ])(
    'shows a new password refused for %s as a toast and under the field',
    async (code, message) => {
      mockApi({
        'GET /users/profile': () => ok(USER),
        'PUT /users/change-password': () => fieldRefusal('newPassword', message, { code }),
      });
      const { user } = await open();
      const dialog = screen.getByRole('dialog');
      await user.type(within(dialog).getByLabelText('Current password'), 'Old-Pass!1');
      await user.type(within(dialog).getByLabelText('New password'), 'Chidi-Eze!2031');
      await user.type(within(dialog).getByLabelText('Confirm new password'), 'Chidi-Eze!2031');
      await user.click(within(dialog).getByRole('button', { name: 'Change Password' }));
      await findToast('Failed to change password', message);
      expect(within(dialog).getByText(message)).toHaveAttribute('id', 'change-newPassword-error');
    },
  );

  it('shows a refusal as a toast and under the field', async () => {
    mockApi({
      'GET /users/profile': () => ok(USER),
      'PUT /users/change-password': () =>
        fieldRefusal('currentPassword', 'Current password is incorrect', {
          code: 'INVALID_CURRENT_PASSWORD',
        }),
    });
    const { user } = await open();
    const dialog = screen.getByRole('dialog');
    await user.type(within(dialog).getByLabelText('Current password'), 'Wrong-Pass!1');
    await user.type(within(dialog).getByLabelText('New password'), 'New-Pass!22');
    await user.type(within(dialog).getByLabelText('Confirm new password'), 'New-Pass!22');
    await user.click(within(dialog).getByRole('button', { name: 'Change Password' }));
    await findToast('Failed to change password', 'Current password is incorrect');
    expect(within(dialog).getByText('Current password is incorrect')).toBeInTheDocument();
  });
});

describe('settings page', { timeout: 20_000 }, () => {
  beforeEach(() => {
    localStorage.removeItem(THEME_STORAGE_KEY);
    document.documentElement.classList.remove('dark');
  });
  afterEach(() => document.documentElement.classList.remove('dark'));

  const settingsApi = (initial: UserSettings = SETTINGS) => {
    let current = initial;
    return mockApi({
      'GET /users/settings': () => ok(current),
      'PUT /users/settings': ({ body }: MockRequest) => {
        current = { ...current, ...(body as Partial<UserSettings>) };
        return ok(current, { message: 'Settings saved successfully' });
      },
    });
  };

  it('shows the switches with the defaults; push is not available yet; 2FA and login history link to their pages', async () => {
    settingsApi();
    renderWithProviders(<SettingsRoute />, { route: '/settings' });
    const email = await screen.findByRole('switch', { name: 'Email notifications' });
    expect(email).toHaveAttribute('aria-checked', 'true');
    const sms = screen.getByRole('switch', { name: 'SMS notifications' });
    expect(sms).toHaveAttribute('aria-checked', 'false');
    expect(sms).toBeEnabled();
    const push = screen.getByRole('switch', { name: 'Push notifications' });
    expect(push).toBeDisabled();
    expect(push).toHaveAccessibleDescription('Not available yet');
    expect(screen.getByRole('switch', { name: 'Dark mode' })).toHaveAttribute(
      'aria-checked',
      'false',
    );
    expect(screen.getByRole('link', { name: 'Enable two-factor' })).toHaveAttribute(
      'href',
      '/settings/two-factor',
    );
    expect(screen.getByRole('link', { name: 'View login history' })).toHaveAttribute(
      'href',
      '/settings/login-history',
    );
  });

  it('every switch saves the moment it is flipped and confirms it; there is no separate Save', async () => {
    const api = settingsApi();
    const { user } = renderWithProviders(withToaster(<SettingsRoute />), { route: '/settings' });
    const email = await screen.findByRole('switch', { name: 'Email notifications' });
    expect(screen.queryByRole('button', { name: 'Save Changes' })).not.toBeInTheDocument();
    await user.click(email);
    await findToast('Settings saved', 'Your settings have been updated.');
    expect(api.callsTo('PUT /users/settings')[0]?.body).toEqual({ emailNotifications: false });
    await waitFor(() => expect(email).toHaveAttribute('aria-checked', 'false'));
  });

  it('push shows what the server says, the same as the data export', async () => {
    settingsApi({ ...SETTINGS, pushNotifications: false });
    renderWithProviders(<SettingsRoute />, { route: '/settings' });
    const toggle = await screen.findByRole('switch', { name: 'Push notifications' });
    expect(toggle).toHaveAttribute('aria-checked', 'false');
    expect(toggle).toHaveAccessibleDescription('Not available yet');
  });

  it('the SMS switch says what is texted and that security texts cannot be turned off, and saves when flipped', async () => {
    const api = settingsApi();
    const { user } = renderWithProviders(withToaster(<SettingsRoute />), { route: '/settings' });
    const sms = await screen.findByRole('switch', { name: 'SMS notifications' });
    expect(sms).toHaveAccessibleDescription(
      'Texts to the phone number on your profile about deductions, guarantor requests, loan decisions and instalments due. Security texts (a new sign-in, a password or two-factor change) are always sent and cannot be turned off.',
    );
    await user.click(sms);
    await findToast('Settings saved', 'Your settings have been updated.');
    expect(api.callsTo('PUT /users/settings')[0]?.body).toEqual({ smsNotifications: true });
    await waitFor(() => expect(sms).toHaveAttribute('aria-checked', 'true'));
  });

  it('dark mode switches the theme at once, saves it and remembers it for the first paint', async () => {
    const api = settingsApi();
    const { user } = renderWithProviders(<SettingsRoute />, { route: '/settings' });
    await user.click(await screen.findByRole('switch', { name: 'Dark mode' }));
    await waitFor(() => expect(document.documentElement).toHaveClass('dark'));
    expect(api.callsTo('PUT /users/settings')[0]?.body).toEqual({ darkMode: true });
    expect(localStorage.getItem(THEME_STORAGE_KEY)).toBe('dark');
    expect(screen.getByRole('switch', { name: 'Dark mode' })).toHaveAttribute(
      'aria-checked',
      'true',
    );
    await user.click(screen.getByRole('switch', { name: 'Dark mode' }));
    await waitFor(() => expect(document.documentElement).not.toHaveClass('dark'));
    expect(localStorage.getItem(THEME_STORAGE_KEY)).toBe('light');
  });

  it("'Manage' lets the member decide whether they are findable by phone", async () => {
    const api = settingsApi();
    const { user } = renderWithProviders(withToaster(<SettingsRoute />), { route: '/settings' });
    await user.click(await screen.findByRole('button', { name: 'Manage' }));
    const dialog = screen.getByRole('dialog');
    const findable = within(dialog).getByRole('switch', { name: 'Findable by phone number' });
    expect(findable).toHaveAttribute('aria-checked', 'true');
    await user.click(findable);
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await findToast('Settings saved', 'Your settings have been updated.');
    expect(api.callsTo('PUT /users/settings')[0]?.body).toEqual({ findableByPhone: false });
    expect(
      await screen.findByText('Members cannot find you by your phone number.'),
    ).toBeInTheDocument();
  });

  it("Security 'Change' opens the change-password dialog; Privacy 'Export' downloads the data", async () => {
    const created = vi.fn(() => 'blob:export');
    vi.stubGlobal(
      'URL',
      Object.assign(URL, { createObjectURL: created, revokeObjectURL: vi.fn() }),
    );
    const exportApi = mockApi({
      'GET /users/settings': () => ok(SETTINGS),
      'GET /users/export/data': () =>
        new Response('{"profile":{}}', {
          status: 200,
          headers: {
            'Content-Type': 'application/json',
            'Content-Disposition': 'attachment; filename="coop-data-COOP-0001-2026-01-01.json"',
          },
        }),
    });
    const { user } = renderWithProviders(<SettingsRoute />, { route: '/settings' });
    await user.click(await screen.findByRole('button', { name: 'Change' }));
    expect(screen.getByRole('dialog', { name: 'Change Password' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await user.click(screen.getByRole('button', { name: 'Export' }));
    await waitFor(() => expect(created).toHaveBeenCalled());
    expect(exportApi.callsTo('GET /users/export/data')[0]?.query.get('format')).toBe('json');
    expect(savedFiles).toEqual(['coop-data-COOP-0001-2026-01-01.json']);
  });

  it("shows 'Settings Not Found' when there is no member", async () => {
    mockApi({ 'GET /users/settings': () => apiError(404, 'Not found', 'NOT_FOUND') });
    renderWithProviders(<SettingsRoute />, { route: '/settings' });
    expect(await screen.findByRole('heading', { name: 'Settings Not Found' })).toBeInTheDocument();
  });
});

const MOVEMENT: Transaction = {
  id: '1',
  transactionId: '00000000-0000-4000-8000-0000000000aa',
  date: '2025-04-10',
  type: 'withdrawal',
  account: 'savings',
  description: 'Savings withdrawal',
  amount: -20_000,
  balanceAfter: 70_000,
  reference: null,
};

describe('transaction history', { timeout: 20_000 }, () => {
  it('lists movements with signed amounts and balances, and filters by type', async () => {
    const api = mockApi({
      'GET /users/transactions': ({ query }: MockRequest) =>
        listAnswer(query.get('type') === 'dividend' ? [] : [MOVEMENT], { totalItems: 1 }),
    });
    const { user } = renderWithProviders(<TransactionsRoute />, { route: '/transactions' });
    expect(await screen.findByRole('heading', { name: 'Transaction History' })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Transactions' });
    expect(within(table).getByText('Savings withdrawal')).toBeInTheDocument();
    expect(within(table).getByText('−₦20,000')).toBeInTheDocument();
    expect(within(table).getByText('₦70,000')).toBeInTheDocument();
    const typeSelects = screen.getAllByLabelText('Type');
    await user.selectOptions(typeSelects[0]!, 'dividend');
    expect(await screen.findByText('No transactions found')).toBeInTheDocument();
    expect(api.callsTo('GET /users/transactions').at(-1)?.query.get('type')).toBe('dividend');
  });
});

const STATEMENT: Statement = {
  member: { firstName: 'Ada', lastName: 'Obi', membershipId: 'COOP-0001', email: 'ada@demo.coop' },
  startDate: '2025-04-01',
  endDate: '2025-06-15',
  generatedAt: '2025-06-15T09:00:00.000Z',
  accounts: [
    {
      account: 'savings',
      openingBalance: 90_000,
      totalIncrease: 60_000,
      totalDecrease: 20_000,
      closingBalance: 130_000,
    },
    {
      account: 'share_holding',
      openingBalance: 15_000,
      totalIncrease: 10_000,
      totalDecrease: 0,
      closingBalance: 25_000,
    },
  ],
  transactions: [MOVEMENT],
};

const MONTHS = [
  { month: '2025-05', savings: 100_000, shares: 20_000 },
  { month: '2025-06', savings: 140_000, shares: 25_000 },
];

describe('statement page', { timeout: 20_000 }, () => {
  it('shows a period’s balances and movements, and downloads the PDF and CSV for it', async () => {
    const created = vi.fn(() => 'blob:statement');
    vi.stubGlobal(
      'URL',
      Object.assign(URL, { createObjectURL: created, revokeObjectURL: vi.fn() }),
    );
    const file = (type: string) => () =>
      new Response('file', {
        status: 200,
        headers: { 'Content-Type': type, 'Content-Disposition': 'attachment; filename="s.pdf"' },
      });
    const api = mockApi({
      'GET /users/statement': () => ok(STATEMENT),
      'GET /users/statement/download': file('application/pdf'),
      'GET /users/dashboard/savings-history': () => ok(MONTHS),
    });
    const { user } = renderWithProviders(<StatementRoute />, { route: '/reports/statement' });
    expect(await screen.findByText('Apr 01, 2025 to Jun 15, 2025')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Savings' })).toBeInTheDocument();
    expect(screen.getByText('₦130,000')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Download PDF' }));
    await waitFor(() => expect(created).toHaveBeenCalledTimes(1));
    await user.click(screen.getByRole('button', { name: 'Download CSV' }));
    await waitFor(() => expect(created).toHaveBeenCalledTimes(2));
    const downloads = api.callsTo('GET /users/statement/download');
    expect(downloads.map((call) => call.query.get('format'))).toEqual(['pdf', 'csv']);
    expect(downloads[0]?.query.get('startDate')).toMatch(/^\d{4}-01-01$/);
    expect(savedFiles).toEqual(['s.pdf', 's.pdf']);
    // Savings over time, the dashboard's chart, with its table for screen readers.
    expect(screen.getByRole('heading', { name: 'Savings over time' })).toBeInTheDocument();
    expect(
      within(screen.getByRole('table', { name: 'Savings over time' }))
        .getAllByRole('row')
        .map((row) => row.textContent),
    ).toEqual(['MonthSavingsShare holding', 'May 2025₦100,000₦20,000', 'June 2025₦140,000₦25,000']);
  });

  it('refuses a reversed period with the message, without asking the server', async () => {
    const api = mockApi({
      'GET /users/statement': () => ok(STATEMENT),
      'GET /users/dashboard/savings-history': () => ok(MONTHS),
    });
    const { user } = renderWithProviders(<StatementRoute />, { route: '/reports/statement' });
    await screen.findByRole('heading', { name: 'Savings' });
    const from = screen.getByLabelText('From');
    await user.clear(from);
    await user.type(from, '2099-01-01');
    await user.click(screen.getByRole('button', { name: 'Show statement' }));
    expect(await screen.findByText('Start date must be on or before end date')).toBeInTheDocument();
    expect(api.callsTo('GET /users/statement')).toHaveLength(1);
  });
});

describe('export page', { timeout: 20_000 }, () => {
  it('downloads the data as JSON or CSV', async () => {
    const created = vi.fn(() => 'blob:export');
    vi.stubGlobal(
      'URL',
      Object.assign(URL, { createObjectURL: created, revokeObjectURL: vi.fn() }),
    );
    const api = mockApi({
      'GET /users/export/data': () =>
        new Response('section,record,field,value\r\n', {
          status: 200,
          headers: { 'Content-Type': 'text/csv' },
        }),
    });
    const { user } = renderWithProviders(<ExportRoute />, { route: '/profile/export' });
    await user.click(screen.getByRole('button', { name: 'Download CSV' }));
    await waitFor(() => expect(created).toHaveBeenCalled());
    await user.click(screen.getByRole('button', { name: 'Download JSON' }));
    await waitFor(() => expect(created).toHaveBeenCalledTimes(2));
    expect(api.callsTo('GET /users/export/data').map((call) => call.query.get('format'))).toEqual([
      'csv',
      'json',
    ]);
    // No file name from the server: the page names it.
    expect(savedFiles).toEqual(['coop-data.csv', 'coop-data.json']);
  });
});
