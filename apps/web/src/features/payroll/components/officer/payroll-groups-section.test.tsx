import type { PayrollGroup } from '@coop/shared/deductions';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiError, json, mockApi } from '../../../../testing/fetch-mock';
import { renderWithProviders } from '../../../../testing/render';
import { PayrollGroupsSection } from './payroll-groups-section';

const HQ: PayrollGroup = {
  id: '00000000-0000-4000-8000-0000000000f1',
  code: 'MOF-HQ',
  name: 'Ministry of Finance, headquarters',
  members: 12,
  createdAt: '2025-01-01T09:00:00.000Z',
};

describe('the Payroll page’s payroll groups', { timeout: 20_000 }, () => {
  it('lists the groups, adds one and renames one', async () => {
    let groups = [HQ];
    const api = mockApi({
      'GET /admin/payroll/groups': () => json(200, { success: true, data: groups }),
      'POST /admin/payroll/groups': (request) => {
        const added = {
          ...HQ,
          id: '00000000-0000-4000-8000-0000000000f2',
          members: 0,
          ...(request.body as object),
        };
        groups = [...groups, added];
        return json(201, { success: true, data: added, message: 'Payroll group added' });
      },
      [`PUT /admin/payroll/groups/${HQ.id}`]: (request) => {
        groups = [{ ...HQ, ...(request.body as object) }, ...groups.slice(1)];
        return json(200, { success: true, data: groups[0], message: 'Payroll group renamed' });
      },
    });
    const { user } = renderWithProviders(<PayrollGroupsSection />);
    const table = await screen.findByRole('table', { name: 'Payroll groups' });
    expect(within(table).getByText('Ministry of Finance, headquarters')).toBeInTheDocument();
    expect(within(table).getByText('12')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Add group' }));
    const add = await screen.findByRole('dialog', { name: 'Add payroll group' });
    await user.type(within(add).getByLabelText('Code'), 'NPA');
    await user.type(within(add).getByLabelText('Name'), 'Ports Authority');
    await user.click(within(add).getByRole('button', { name: 'Add group' }));
    expect(await within(table).findByText('Ports Authority')).toBeInTheDocument();
    expect(api.callsTo('POST /admin/payroll/groups')[0]?.body).toEqual({
      code: 'NPA',
      name: 'Ports Authority',
    });

    await user.click(within(table).getByRole('button', { name: 'Rename MOF-HQ' }));
    const rename = await screen.findByRole('dialog', { name: 'Rename MOF-HQ' });
    await user.clear(within(rename).getByLabelText('Name'));
    await user.type(within(rename).getByLabelText('Name'), 'Finance HQ');
    await user.click(within(rename).getByRole('button', { name: 'Rename' }));
    expect(await within(table).findByText('Finance HQ')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('shows the server’s refusal of a code already used under the form', async () => {
    mockApi({
      'GET /admin/payroll/groups': () => json(200, { success: true, data: [HQ] }),
      'POST /admin/payroll/groups': () =>
        apiError(409, 'A payroll group with this code already exists', 'CONFLICT'),
    });
    const { user } = renderWithProviders(<PayrollGroupsSection />);
    await user.click(await screen.findByRole('button', { name: 'Add group' }));
    const add = await screen.findByRole('dialog', { name: 'Add payroll group' });
    await user.type(within(add).getByLabelText('Code'), 'MOF-HQ');
    await user.type(within(add).getByLabelText('Name'), 'Again');
    await user.click(within(add).getByRole('button', { name: 'Add group' }));
    expect(
      await within(add).findByText('A payroll group with this code already exists'),
    ).toBeInTheDocument();
  });
});
