import type { GuarantorCandidate } from '@coop/shared/guarantors';
import { configure, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, mockApi } from '../../../testing/fetch-mock';
import { CANDIDATE, ELIGIBILITY, loan, page, renderLoans } from './loans-page-fixtures';
import { CALCULATION, fieldRefusal } from './loan-terms-fixtures';

configure({ asyncUtilTimeout: 3000 });

const SECOND: GuarantorCandidate = {
  ...CANDIDATE,
  id: '00000000-0000-4000-8000-0000000000ef',
  _id: '00000000-0000-4000-8000-0000000000ef',
  firstName: 'Femi',
  lastName: 'Ade',
  email: 'femi@demo.coop',
  membershipId: 'M0022',
};

function wizardServer(request: () => Response) {
  return mockApi({
    'GET /users/loans/eligibility': () => json(200, { success: true, data: ELIGIBILITY }),
    'GET /users/loans': () => page([]),
    'GET /users/guarantees': () => page([]),
    'GET /users/guarantor-candidates': () => page([CANDIDATE, SECOND]),
    'POST /users/loans/calculate': () => json(200, { success: true, data: CALCULATION }),
    'POST /users/loans/request': request,
  });
}

async function openWizard() {
  const { user } = renderLoans('/loans/new', 'new-loan');
  const dialog = await screen.findByRole('dialog', { name: 'Request New Loan' });
  return { user, wizard: within(dialog) };
}

describe('Request New Loan (docs/member-portal.md §2, §5)', { timeout: 20_000 }, () => {
  it("checks step 1 with the calculator's amount rule, the member's maximum and the purpose", async () => {
    const api = wizardServer(() => json(500, {}));
    const { user, wizard } = await openWizard();
    const amount = wizard.getByLabelText('Loan Amount');
    const purpose = wizard.getByLabelText('Purpose');
    const next = wizard.getByRole('button', { name: 'Next' });
    expect(next).toBeDisabled();

    await user.type(amount, '60000000');
    await user.type(purpose, 'Short');
    await user.click(next);
    // The same words as the calculator's, from the same rule.
    await waitFor(() =>
      expect(amount).toHaveAccessibleDescription('Amount cannot exceed ₦50,000,000'),
    );
    expect(purpose).toHaveAccessibleDescription('Purpose must be at least 10 characters');

    await user.clear(amount);
    await user.type(amount, '500000');
    await waitFor(() =>
      expect(amount).toHaveAccessibleDescription(
        'Amount cannot exceed your maximum eligible amount of ₦400,000',
      ),
    );
    expect(wizard.getByText('5/500 characters')).toBeInTheDocument();
    expect(api.callsTo('POST /users/loans/calculate')).toHaveLength(0);
    expect(wizard.getByText('Step 1 of 3: Loan Details')).toBeInTheDocument();
  });

  it('asks for two guarantors, sends the request once per opening, and shows a refusal on the review', async () => {
    let answer = () =>
      fieldRefusal(
        409,
        'GUARANTOR_LIMIT_REACHED',
        'guarantorUserIds',
        'Femi Ade already guarantees 3 running loans, the most a member may',
      );
    const api = wizardServer(() => answer());
    const { user, wizard } = await openWizard();
    await user.type(wizard.getByLabelText('Loan Amount'), '100000');
    await user.type(wizard.getByLabelText('Purpose'), '  Stock for the shop  ');
    await user.click(wizard.getByRole('button', { name: '12 months' }));
    await user.click(wizard.getByRole('button', { name: 'Next' }));
    await wizard.findByText('Selected guarantors 0/4');
    expect(api.callsTo('POST /users/loans/calculate')[0]?.body).toEqual({
      requestedAmount: 100_000,
      repaymentTermMonths: 12,
      deductProcessingFee: true,
    });

    await user.click(wizard.getByRole('button', { name: 'Next' }));
    expect(await wizard.findByRole('alert')).toHaveTextContent(
      'You must select at least 2 guarantors',
    );
    await user.click(await wizard.findByRole('button', { name: /Ebiere Tamuno/ }));
    expect(wizard.queryByRole('alert')).not.toBeInTheDocument();
    await user.click(wizard.getByRole('button', { name: /Femi Ade/ }));
    await user.click(wizard.getByRole('button', { name: 'Next' }));

    expect(await wizard.findByText('Stock for the shop')).toBeInTheDocument();
    expect(wizard.getByText('Step 3 of 3: Review & Submit')).toBeInTheDocument();
    // Submitting cannot be taken back: the review says so before the button.
    expect(
      wizard.getByText(
        'Once submitted, the request cannot be withdrawn: your guarantors are asked at once.',
      ),
    ).toBeInTheDocument();
    await user.click(wizard.getByRole('button', { name: 'Submit Request' }));
    // No field of the review names the guarantors: the refusal is the dialog's alert.
    expect(await wizard.findByRole('alert')).toHaveTextContent(
      'Femi Ade already guarantees 3 running loans, the most a member may',
    );

    answer = () =>
      json(200, { success: true, data: loan('LN-000040', 'Stock for the shop', 'pending', []) });
    await user.click(wizard.getByRole('button', { name: 'Submit Request' }));
    expect(
      await screen.findByRole('dialog', { name: 'Loan Request Submitted' }),
    ).toBeInTheDocument();
    const sent = api.callsTo('POST /users/loans/request');
    expect(sent[1]?.body).toEqual({
      requestedAmount: 100_000,
      purpose: 'Stock for the shop',
      repaymentTermMonths: 12,
      deductProcessingFee: true,
      guarantorUserIds: [CANDIDATE.id, SECOND.id],
    });
    // A retry in the same opening is the same request, never a second loan.
    expect(sent[1]?.headers.get('Idempotency-Key')).toBe(sent[0]?.headers.get('Idempotency-Key'));
  });
});
