import { configure, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiError, json, mockApi } from '../../../testing/fetch-mock';
import { renderWithProviders } from '../../../testing/render';
import { CalculatorTab } from './calculator-tab';
import { CALCULATION, fieldRefusal } from './loan-terms-fixtures';

configure({ asyncUtilTimeout: 3000 });

const CALCULATE = 'POST /users/loans/calculate';

describe('Loan Calculator (docs/member-portal.md §2, §5)', { timeout: 15_000 }, () => {
  it('waits for an amount, says the amount rule under the field, and clears it once corrected', async () => {
    const api = mockApi({ [CALCULATE]: () => json(200, { success: true, data: CALCULATION }) });
    const { user } = renderWithProviders(<CalculatorTab />);
    const amount = screen.getByLabelText('Loan Amount');
    expect(screen.getByRole('button', { name: 'Calculate Loan' })).toBeDisabled();

    await user.type(amount, '60000000');
    await user.click(screen.getByRole('button', { name: 'Calculate Loan' }));
    await waitFor(() =>
      expect(amount).toHaveAccessibleDescription('Amount cannot exceed ₦50,000,000'),
    );
    expect(amount).toHaveAttribute('aria-invalid', 'true');
    await user.clear(amount);
    await user.type(amount, '0');
    await user.click(screen.getByRole('button', { name: 'Calculate Loan' }));
    await waitFor(() =>
      expect(amount).toHaveAccessibleDescription('Amount must be a positive number'),
    );
    expect(api.callsTo(CALCULATE)).toHaveLength(0);

    // Edited to a good amount, the message goes as the member types.
    await user.clear(amount);
    await user.type(amount, '100000');
    await waitFor(() => expect(amount).not.toHaveAccessibleDescription());
    await user.click(screen.getByRole('button', { name: '12 months' }));
    await user.click(screen.getByLabelText('Deduct processing fees from loan amount'));
    await user.click(screen.getByRole('button', { name: 'Calculate Loan' }));
    expect(await screen.findByText('Loan Breakdown')).toBeInTheDocument();
    // The schedule's Balance says it counts the interest still to come.
    expect(
      screen.getByText(
        'Balance is what is left to repay after each instalment, interest included.',
      ),
    ).toBeInTheDocument();
    expect(api.callsTo(CALCULATE)[0]?.body).toEqual({
      requestedAmount: 100_000,
      repaymentTermMonths: 12,
      deductProcessingFee: false,
    });
  });

  it("puts the server's refusal of the amount under the field, and any other in an alert", async () => {
    let answer = () =>
      fieldRefusal(
        400,
        'LOAN_AMOUNT_BELOW_FEES',
        'requestedAmount',
        'The amount must be above the processing fees of ₦2,000',
      );
    mockApi({ [CALCULATE]: () => answer() });
    const { user } = renderWithProviders(<CalculatorTab />);
    const amount = screen.getByLabelText('Loan Amount');
    await user.type(amount, '1500');
    await user.click(screen.getByRole('button', { name: 'Calculate Loan' }));
    await waitFor(() =>
      expect(amount).toHaveAccessibleDescription(
        'The amount must be above the processing fees of ₦2,000',
      ),
    );
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();

    answer = () => apiError(503, 'The service is busy. Please try again.', 'SERVICE_UNAVAILABLE');
    await user.clear(amount);
    await user.type(amount, '100000');
    await user.click(screen.getByRole('button', { name: 'Calculate Loan' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The service is busy. Please try again.',
    );
    expect(screen.queryByText('Loan Breakdown')).not.toBeInTheDocument();
  });
});
