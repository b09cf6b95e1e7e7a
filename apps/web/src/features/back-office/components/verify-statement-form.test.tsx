import { configure, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiError, json, mockApi } from '../../../testing/fetch-mock';
import { renderWithProviders } from '../../../testing/render';
import { VerifyStatementForm } from './verify-statement-form';

configure({ asyncUtilTimeout: 3000 });

const issued = {
  code: '7K3M-Q9TD-2XWB',
  member: {
    id: '00000000-0000-4000-8000-000000000001',
    firstName: 'Ada',
    lastName: 'Obi',
    membershipId: 'COOP-0001',
  },
  startDate: '2025-03-01',
  endDate: '2025-06-15',
  issuedAt: '2025-06-15T09:00:00.000Z',
  accounts: [
    { account: 'savings', openingBalance: 60_000, closingBalance: 150_000 },
    { account: 'share_holding', openingBalance: 10_000, closingBalance: 25_000 },
    { account: 'loan', openingBalance: 0, closingBalance: 91_000 },
  ],
  contentSha256: 'ab'.repeat(32),
};

const UNKNOWN =
  'No statement was issued with this code. The statement may have been altered, or the code mistyped.';

describe('Verify a statement', { timeout: 20_000 }, () => {
  it('shows what the cooperative issued with a code typed in any case, with a link to the member', async () => {
    const api = mockApi({
      'GET /admin/statements/verify': () => json(200, { success: true, data: issued }),
    });
    const { user } = renderWithProviders(<VerifyStatementForm />);
    await user.type(screen.getByLabelText('Verification code'), '7k3m q9td 2xwb');
    await user.click(screen.getByRole('button', { name: 'Check code' }));

    expect(await screen.findByRole('status')).toHaveTextContent('Issued by the cooperative');
    expect(api.callsTo('GET /admin/statements/verify')[0]?.query.get('code')).toBe('7K3MQ9TD2XWB');
    expect(screen.getByRole('link', { name: 'Ada Obi' })).toHaveAttribute(
      'href',
      '/admin/members/00000000-0000-4000-8000-000000000001',
    );
    for (const text of [
      'COOP-0001',
      'Mar 01, 2025 to Jun 15, 2025',
      '7K3M-Q9TD-2XWB',
      'ab'.repeat(32),
    ]) {
      expect(screen.getByText(text)).toBeInTheDocument();
    }
    const table = within(screen.getByRole('table', { name: 'Balances on the statement' }));
    const savings = within(table.getByRole('row', { name: /Savings/ }));
    expect(savings.getByText('₦60,000')).toBeInTheDocument();
    expect(savings.getByText('₦150,000')).toBeInTheDocument();
    expect(table.getByRole('row', { name: /Loan/ })).toHaveTextContent('₦91,000');
  });

  it('says when no statement was issued with the code, and holds a mistyped code before sending it', async () => {
    const api = mockApi({
      'GET /admin/statements/verify': () => apiError(404, UNKNOWN, 'NOT_FOUND'),
    });
    const { user } = renderWithProviders(<VerifyStatementForm />);
    const input = screen.getByLabelText('Verification code');
    await user.type(input, 'ABC');
    await user.click(screen.getByRole('button', { name: 'Check code' }));
    await waitFor(() =>
      expect(input).toHaveAccessibleDescription(
        'Enter the 12-character code printed on the statement, such as 7K3M-Q9TD-2XWB',
      ),
    );
    expect(api.callsTo('GET /admin/statements/verify')).toHaveLength(0);

    await user.clear(input);
    await user.type(input, '2222-2222-2222');
    await user.click(screen.getByRole('button', { name: 'Check code' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(UNKNOWN);
    expect(screen.queryByText('Issued by the cooperative')).not.toBeInTheDocument();
  });
});
