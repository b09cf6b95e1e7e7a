import { configure, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, mockApi } from '../../../../testing/fetch-mock';
import { renderWithProviders } from '../../../../testing/render';
import { DeclareDividendForm } from './declare-dividend-form';

configure({ asyncUtilTimeout: 3000 });

const PREVIEW = 'POST /admin/dividends/preview';

describe('Declare a dividend: the preview form', { timeout: 15_000 }, () => {
  it("reads the year and the percent with the API's rules, and puts a refusal's field message under it", async () => {
    let answer = () =>
      json(409, {
        success: false,
        error: 'Conflict',
        message: 'The 2025 dividend was already declared: a year is declared once',
        code: 'DIVIDEND_ALREADY_DECLARED',
        timestamp: '2026-11-27T10:00:00.000Z',
      });
    const api = mockApi({ [PREVIEW]: () => answer() });
    const { user } = renderWithProviders(<DeclareDividendForm />);
    const year = screen.getByLabelText('Financial year');
    const rate = screen.getByLabelText('Rate (%)');

    await user.clear(year);
    await user.type(year, '25');
    await user.type(rate, '150');
    await user.click(screen.getByRole('button', { name: 'Preview' }));
    await waitFor(() =>
      expect(year).toHaveAccessibleDescription('Enter the financial year, like 2025'),
    );
    // The API's own rule for a rate, in its words.
    expect(rate).toHaveAccessibleDescription('The rate cannot exceed 100 %');
    await user.clear(rate);
    await user.type(rate, '0');
    await user.click(screen.getByRole('button', { name: 'Preview' }));
    await waitFor(() => expect(rate).toHaveAccessibleDescription('The rate must be above 0 %'));
    expect(api.callsTo(PREVIEW)).toHaveLength(0);

    await user.clear(year);
    await user.type(year, '2025');
    await user.clear(rate);
    await user.type(rate, '7.5');
    await user.click(screen.getByRole('button', { name: 'Preview' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The 2025 dividend was already declared: a year is declared once',
    );
    expect(api.callsTo(PREVIEW)[0]?.body).toEqual({ dividendYear: 2025, rateBps: 750 });

    // A refusal naming a field of the form goes under that field.
    answer = () =>
      json(400, {
        success: false,
        error: 'Bad Request',
        message: 'The rate can have at most two decimals',
        code: 'VALIDATION_ERROR',
        details: [{ field: 'rateBps', message: 'The rate can have at most two decimals' }],
        timestamp: '2026-11-27T10:00:00.000Z',
      });
    await user.click(screen.getByRole('button', { name: 'Preview' }));
    await waitFor(() =>
      expect(rate).toHaveAccessibleDescription('The rate can have at most two decimals'),
    );
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
