import type {
  AdminInstructionDetail,
  DeductionInstruction,
  PayrollGroup,
} from '@coop/shared/deductions';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, mockApi } from '../../../../testing/fetch-mock';
import { renderWithProviders } from '../../../../testing/render';
import { InstructionSection } from './instruction-section';

const USER_ID = '00000000-0000-4000-8000-000000000001';
const HQ: PayrollGroup = {
  id: '00000000-0000-4000-8000-0000000000f1',
  code: 'MOF-HQ',
  name: 'Ministry of Finance, headquarters',
  members: 12,
  createdAt: '2025-01-01T09:00:00.000Z',
};
const PORT: PayrollGroup = {
  ...HQ,
  id: '00000000-0000-4000-8000-0000000000f2',
  code: 'NPA',
  name: 'Ports Authority',
  members: 3,
};
const MEMBER = { id: USER_ID, firstName: 'Bola', lastName: 'Ade', membershipId: 'M0001' };

const instruction = (overrides: Partial<DeductionInstruction> = {}): DeductionInstruction => ({
  id: '00000000-0000-4000-8000-0000000000c1',
  payrollGroup: { id: HQ.id, code: HQ.code, name: HQ.name },
  staffNumber: 'HQ-002',
  savingsAmount: 20_000,
  shareAmount: 5_000,
  totalAmount: 25_000,
  effectiveMonth: '2025-03',
  source: 'import',
  createdBy: null,
  createdAt: '2025-02-20T09:00:00.000Z',
  ...overrides,
});

const detail = (overrides: Partial<AdminInstructionDetail> = {}): AdminInstructionDetail => ({
  member: MEMBER,
  current: instruction(),
  upcoming: null,
  history: [instruction()],
  openRequest: null,
  defaultEffectiveMonth: '2025-06',
  ...overrides,
});

describe('the member page’s deduction instruction', { timeout: 20_000 }, () => {
  it('shows the instruction in effect and its history, and changes it from a month', async () => {
    let answer = detail();
    const api = mockApi({
      [`GET /admin/payroll/instructions/${USER_ID}`]: () =>
        json(200, { success: true, data: answer }),
      'GET /admin/payroll/groups': () => json(200, { success: true, data: [HQ, PORT] }),
      [`PUT /admin/payroll/instructions/${USER_ID}`]: (request) => {
        const next = instruction({
          id: '00000000-0000-4000-8000-0000000000c2',
          payrollGroup: { id: PORT.id, code: PORT.code, name: PORT.name },
          staffNumber: 'NPA-77',
          savingsAmount: 30_000,
          shareAmount: 5_000,
          effectiveMonth: '2025-06',
          source: 'officer',
          createdBy: 'Tola Treasurer',
        });
        expect(request.body).toEqual({
          payrollGroupId: PORT.id,
          staffNumber: 'NPA-77',
          savingsAmount: 30_000,
          shareAmount: 5_000,
          effectiveMonth: '2025-06',
        });
        answer = detail({ upcoming: next, history: [next, instruction()] });
        return json(200, { success: true, data: answer, message: 'Deduction instruction saved' });
      },
    });
    const { user } = renderWithProviders(<InstructionSection userId={USER_ID} name="Bola Ade" />);
    const section = await screen.findByRole('region', { name: 'Deduction instruction' });
    const facts = await within(section).findByRole('group', { name: 'Instruction in effect' });
    expect(
      within(facts).getByText('Ministry of Finance, headquarters (MOF-HQ)'),
    ).toBeInTheDocument();
    expect(within(facts).getByText('HQ-002')).toBeInTheDocument();
    expect(within(facts).getByText('₦20,000')).toBeInTheDocument();
    expect(within(facts).getByText('March 2025')).toBeInTheDocument();
    expect(screen.getByRole('table', { name: 'Instruction history' })).toBeInTheDocument();
    expect(screen.getAllByText('Members import').length).toBeGreaterThan(0);

    await user.click(screen.getByRole('button', { name: 'Change instruction' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change instruction' });
    // The member's group is chosen already, once the groups are there.
    expect(await within(dialog).findByLabelText('Payroll group')).toHaveValue(HQ.id);
    expect(within(dialog).getByLabelText('From month')).toHaveValue('2025-06');
    await waitFor(() =>
      expect(
        within(dialog).getByRole('option', { name: 'NPA: Ports Authority' }),
      ).toBeInTheDocument(),
    );
    await user.selectOptions(within(dialog).getByLabelText('Payroll group'), PORT.id);
    await user.clear(within(dialog).getByLabelText('Staff number'));
    await user.type(within(dialog).getByLabelText('Staff number'), 'NPA-77');
    await user.clear(within(dialog).getByLabelText('Savings a month (₦)'));
    await user.type(within(dialog).getByLabelText('Savings a month (₦)'), '30000');
    await user.click(within(dialog).getByRole('button', { name: 'Change instruction' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(
      await screen.findByText('From June 2025: savings ₦30,000, shares ₦5,000 (NPA).'),
    ).toBeInTheDocument();
    expect(
      api.callsTo(`PUT /admin/payroll/instructions/${USER_ID}`)[0]?.headers.get('Idempotency-Key'),
    ).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('says when the member has none and offers to set one, refusing an empty form under its fields', async () => {
    mockApi({
      [`GET /admin/payroll/instructions/${USER_ID}`]: () =>
        json(200, { success: true, data: detail({ current: null, history: [] }) }),
      'GET /admin/payroll/groups': () => json(200, { success: true, data: [HQ] }),
    });
    const { user } = renderWithProviders(<InstructionSection userId={USER_ID} name="Bola Ade" />);
    expect(
      await screen.findByText('Bola Ade has no deduction instruction in effect this month.'),
    ).toBeInTheDocument();
    expect(screen.getByText('No instructions yet')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Set instruction' }));
    const dialog = await screen.findByRole('dialog', { name: 'Set instruction' });
    await within(dialog).findByLabelText('Payroll group');
    await user.click(within(dialog).getByRole('button', { name: 'Set instruction' }));
    expect(await within(dialog).findByText('Enter the staff number')).toBeInTheDocument();
    // The group's error under the select, beside the select's own first option.
    expect(within(dialog).getAllByText('Choose a payroll group')).toHaveLength(2);
  });
});
