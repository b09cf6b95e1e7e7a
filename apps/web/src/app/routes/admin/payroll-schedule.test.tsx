import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ScheduleDetail, ScheduleLine, ScheduleSummary } from '@coop/shared/payroll-schedules';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { buildUser, signInAs } from '../../../testing/auth';
import { json, listAnswer, mockApi, noNotifications } from '../../../testing/fetch-mock';
import { renderAppAt } from '../../../testing/render-app';

const HQ_V2: ScheduleSummary = {
  id: '00000000-0000-4000-8000-0000000000a2',
  month: '2025-05',
  payrollGroup: {
    id: '00000000-0000-4000-8000-0000000000f1',
    code: 'MOF-HQ',
    name: 'Ministry of Finance, headquarters',
  },
  version: 2,
  members: 2,
  savings: 45_000,
  shares: 6_000,
  instalments: 20_000,
  fines: 2_000,
  total: 73_000,
  generatedAt: '2025-06-20T09:00:00.000Z',
  generatedBy: 'Tola Treasurer',
  postedAt: null,
  changeCount: 2,
};

const DETAIL: ScheduleDetail = {
  schedule: HQ_V2,
  baseline: { id: '00000000-0000-4000-8000-0000000000a1', month: '2025-05', version: 1 },
  changes: [
    {
      userId: '00000000-0000-4000-8000-000000000001',
      membershipId: 'M0001',
      memberName: 'Bola Ade',
      kind: 'savings',
      text: 'Savings raised from ₦20,000 to ₦25,000',
    },
    {
      userId: '00000000-0000-4000-8000-000000000002',
      membershipId: 'M0002',
      memberName: 'Sule Bello',
      kind: 'left_group',
      text: 'Left the group',
    },
  ],
};

const LINE: ScheduleLine = {
  id: '00000000-0000-4000-8000-000000000001',
  membershipId: 'M0001',
  memberName: 'Bola Ade',
  staffNumber: 'HQ-002',
  savings: 25_000,
  shares: 4_000,
  instalment: 20_000,
  loanNumber: 'LN-000007',
  fines: 0,
  total: 49_000,
};

// A download is an <a download> click; jsdom cannot navigate, so the click is recorded instead.
const savedFiles: string[] = [];
beforeEach(() => {
  savedFiles.length = 0;
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    savedFiles.push(this.download);
  });
  vi.stubGlobal(
    'URL',
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:schedule'), revokeObjectURL: vi.fn() }),
  );
});

const list = (schedules: ScheduleSummary[], month = '2025-05') =>
  json(200, { success: true, data: { month, schedules } });

// The whole app renders: slow under load.
describe('the back office: the deduction schedule', { timeout: 30_000 }, () => {
  it('says when a month has no schedule yet, and generates it with a key', async () => {
    let generated = false;
    const api = mockApi({
      'GET /users/notifications': noNotifications,
      'GET /admin/payroll/schedules': () =>
        list(generated ? [{ ...HQ_V2, version: 1, changeCount: 0 }] : []),
      'POST /admin/payroll/schedules': () => {
        generated = true;
        return json(201, {
          success: true,
          data: { month: '2025-05', schedules: [{ ...HQ_V2, version: 1 }], skipped: [] },
          message: 'Schedule for May 2025 generated',
        });
      },
    });
    signInAs(buildUser({ role: 'admin' }));
    renderAppAt('/admin/payroll/schedule?month=2025-05');
    expect(
      await screen.findByText('No schedule for May 2025 yet', undefined, { timeout: 10_000 }),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Payroll month')).toHaveValue('2025-05');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Generate schedule' }));
    const dialog = await screen.findByRole('dialog', { name: 'Generate schedule: May 2025' });
    await user.click(within(dialog).getByRole('button', { name: 'Generate schedule' }));
    expect(await screen.findByText('Schedule for May 2025 generated')).toBeInTheDocument();
    const [sent] = api.callsTo('POST /admin/payroll/schedules');
    expect(sent?.body).toEqual({ month: '2025-05' });
    expect(sent?.headers.get('Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/);
    expect(await screen.findByRole('button', { name: 'Generate again' })).toBeInTheDocument();
    expect(
      within(screen.getByRole('table', { name: 'Deduction schedules for May 2025' })).getByText(
        'Version 1 · 2 members',
      ),
    ).toBeInTheDocument();
  });

  it('shows each group’s totals, opens a group’s changes and lines, and downloads its files', async () => {
    const api = mockApi({
      'GET /users/notifications': noNotifications,
      'GET /admin/payroll/schedules': () => list([HQ_V2]),
      [`GET /admin/payroll/schedules/${HQ_V2.id}`]: () =>
        json(200, { success: true, data: DETAIL }),
      [`GET /admin/payroll/schedules/${HQ_V2.id}/lines`]: () =>
        listAnswer([LINE], { limit: 25, totalItems: 2 }),
      [`GET /admin/payroll/schedules/${HQ_V2.id}/export.csv`]: () =>
        new Response('membershipId,month\r\n', {
          status: 200,
          headers: {
            'Content-Type': 'text/csv; charset=utf-8',
            'Content-Disposition': 'attachment; filename="deduction-schedule-2025-05-MOF-HQ.csv"',
          },
        }),
      [`GET /admin/payroll/schedules/${HQ_V2.id}/export.pdf`]: () =>
        new Response('%PDF-1.7', {
          status: 200,
          headers: {
            'Content-Type': 'application/pdf',
            'Content-Disposition': 'attachment; filename="deduction-schedule-2025-05-MOF-HQ.pdf"',
          },
        }),
    });
    signInAs(buildUser({ role: 'admin' }));
    renderAppAt('/admin/payroll/schedule?month=2025-05');
    const table = await screen.findByRole(
      'table',
      { name: 'Deduction schedules for May 2025' },
      { timeout: 10_000 },
    );
    const row = within(table).getAllByRole('row')[1]!;
    for (const text of ['Version 2 · 2 members', '₦73,000', 'Not posted']) {
      expect(within(row).getByText(text)).toBeInTheDocument();
    }
    const user = userEvent.setup();
    await user.click(within(row).getByRole('button', { name: 'Open MOF-HQ’s schedule' }));
    expect(
      await screen.findByRole('heading', {
        name: 'MOF-HQ, Ministry of Finance, headquarters: version 2',
      }),
    ).toBeInTheDocument();
    expect(
      screen.getByRole('heading', { name: 'Changes since version 1 of May 2025' }),
    ).toBeInTheDocument();
    const card = screen.getByRole('region', {
      name: 'MOF-HQ, Ministry of Finance, headquarters: version 2',
    });
    for (const [name, amount] of [
      ['Savings', '₦45,000'],
      ['Shares', '₦6,000'],
      ['Loan instalments', '₦20,000'],
      ['Fines', '₦2,000'],
      ['Total', '₦73,000'],
    ] as const) {
      expect(
        within(card).getAllByText(name, { selector: 'dt' })[0]?.nextElementSibling,
      ).toHaveTextContent(amount);
    }
    const changes = screen.getAllByRole('listitem').map((item) => item.textContent);
    expect(changes).toContain('Bola Ade (M0001): Savings raised from ₦20,000 to ₦25,000');
    expect(changes).toContain('Sule Bello (M0002): Left the group');
    const lines = await screen.findByRole('table', { name: 'MOF-HQ schedule, version 2' });
    expect(within(lines).getByText('LN-000007')).toBeInTheDocument();
    expect(within(lines).getByText('₦49,000')).toBeInTheDocument();
    expect(
      api.callsTo(`GET /admin/payroll/schedules/${HQ_V2.id}/lines`)[0]?.query.get('sortBy'),
    ).toBe('membershipId');

    await user.click(within(row).getByRole('button', { name: 'CSV of MOF-HQ’s schedule' }));
    await waitFor(() => expect(savedFiles).toEqual(['deduction-schedule-2025-05-MOF-HQ.csv']));
    await user.click(within(row).getByRole('button', { name: 'PDF of MOF-HQ’s schedule' }));
    await waitFor(() =>
      expect(savedFiles).toEqual([
        'deduction-schedule-2025-05-MOF-HQ.csv',
        'deduction-schedule-2025-05-MOF-HQ.pdf',
      ]),
    );
  });

  it('shows a posted month’s schedule as posted, with the server’s refusal to generate it again', async () => {
    mockApi({
      'GET /users/notifications': noNotifications,
      'GET /admin/payroll/schedules': () =>
        list([{ ...HQ_V2, postedAt: '2025-06-01T10:00:00.000Z' }]),
      'POST /admin/payroll/schedules': () =>
        json(409, {
          success: false,
          code: 'PAYROLL_MONTH_POSTED',
          message:
            'May 2025 is posted for every payroll group: its schedules are final and cannot be generated again',
        }),
    });
    signInAs(buildUser({ role: 'admin' }));
    renderAppAt('/admin/payroll/schedule?month=2025-05');
    const table = await screen.findByRole(
      'table',
      { name: 'Deduction schedules for May 2025' },
      { timeout: 10_000 },
    );
    expect(within(table).getByText('Posted')).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Generate again' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Generate schedule' }));
    expect(
      await within(dialog).findByText(
        'May 2025 is posted for every payroll group: its schedules are final and cannot be generated again',
      ),
    ).toBeInTheDocument();
  });
});
