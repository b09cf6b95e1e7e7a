import { DEFAULT_POLICY } from '@coop/shared/policy';
import { configure, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, mockApi } from '../../../testing/fetch-mock';
import { renderWithProviders } from '../../../testing/render';
import { PolicyForm } from './policy-form';

configure({ asyncUtilTimeout: 3000 });

const view = { policy: DEFAULT_POLICY, updatedAt: null, updatedBy: null, isDefault: true };

describe('Policy form', { timeout: 20_000 }, () => {
  it('shows the payroll deductions section, each value with what it means', async () => {
    mockApi({ 'GET /admin/policy': () => json(200, { success: true, data: view }) });
    const { user } = renderWithProviders(<PolicyForm />);
    const cutOff = await screen.findByLabelText('Change cut-off day of the month');
    expect(cutOff).toHaveValue('15');
    expect(cutOff).toHaveAccessibleDescription(
      'A change asked for after this day takes effect a month later.',
    );
    expect(screen.getByLabelText('Least monthly savings a member may ask for (₦)')).toHaveValue(
      '5000',
    );
    expect(screen.getByLabelText('Least monthly shares a member may ask for (₦)')).toHaveValue(
      '1000',
    );
    const limit = screen.getByLabelText(
      'Changes the policy approves without an officer, up to (₦)',
    );
    expect(limit).toHaveValue('0');
    expect(limit).toHaveAccessibleDescription(
      'Savings and shares moved together; 0 sends every change to an officer.',
    );
    await user.clear(cutOff);
    await user.type(cutOff, '29');
    await user.click(screen.getByRole('button', { name: 'Save policy' }));
    await waitFor(() =>
      expect(cutOff).toHaveAccessibleDescription(
        'At most day 28, so every month has it A change asked for after this day takes effect a month later.',
      ),
    );
  });

  it("holds each value to the policy's own rules, and puts a refusal under the field it names", async () => {
    let finish: (response: Response) => void = () => undefined;
    const api = mockApi({
      'GET /admin/policy': () => json(200, { success: true, data: view }),
      'PUT /admin/policy': () =>
        new Promise<Response>((resolve) => {
          finish = resolve;
        }),
    });
    const { user } = renderWithProviders(<PolicyForm />);
    const insurance = await screen.findByLabelText('Insurance fee (% of the amount)');
    const approvals = screen.getByLabelText('Reviewer approvals a loan needs');
    const fineDays = screen.getByLabelText('Days a member has to pay a fine');

    await user.clear(insurance);
    await user.type(insurance, '101');
    await user.clear(approvals);
    await user.type(approvals, '0');
    await user.click(screen.getByRole('button', { name: 'Save policy' }));
    await waitFor(() => expect(insurance).toHaveAccessibleDescription('Cannot exceed 100 %'));
    // The rule the API holds a policy to, now said before anything is sent.
    expect(approvals).toHaveAccessibleDescription('At least 1');
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Correct the fields marked above, then save again.',
    );

    await user.clear(insurance);
    await user.type(insurance, '1.5');
    await user.clear(approvals);
    await user.type(approvals, '3');
    await user.click(screen.getByRole('button', { name: 'Save policy' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Save the policy?' }));
    expect(dialog.getByText('1 % → 1.5 %')).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Save 2 changes' }));
    // While it is sent, Escape does not hide the outcome.
    expect(await dialog.findByRole('button', { name: 'Saving...' })).toBeDisabled();
    await user.keyboard('{Escape}');
    expect(screen.getByRole('dialog', { name: 'Save the policy?' })).toBeInTheDocument();

    finish(
      json(400, {
        success: false,
        error: 'Bad Request',
        message: 'Cannot exceed 366 days',
        code: 'VALIDATION_ERROR',
        details: [{ field: 'fine.paymentDueDays', message: 'Cannot exceed 366 days' }],
        timestamp: '2026-11-27T10:00:00.000Z',
      }),
    );
    await waitFor(() => expect(fineDays).toHaveAccessibleDescription('Cannot exceed 366 days'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(api.callsTo('PUT /admin/policy')[0]?.body).toEqual({
      ...DEFAULT_POLICY,
      loan: { ...DEFAULT_POLICY.loan, insuranceFeeBps: 150, requiredCertifications: 3 },
    });
  });
});
