import { configure, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, mockApi } from '../../../testing/fetch-mock';
import { renderWithProviders } from '../../../testing/render';
import { CANDIDATE, guarantor, page } from './loans-page-fixtures';
import { fieldRefusal } from './loan-terms-fixtures';
import { ReassignDialog } from './reassign-dialog';

configure({ asyncUtilTimeout: 3000 });

const USER = { id: '00000000-0000-4000-8000-0000000000aa', email: 'yetunde@demo.coop' };

describe('Reassign Guarantor (docs/member-portal.md §2, §5, §8)', { timeout: 15_000 }, () => {
  it('asks for a pick first; a refusal naming the new guarantor shows under the pick, and Escape waits for the answer', async () => {
    const declined = guarantor('Hadiza', 'rejected');
    const reassign = `POST /users/guarantees/${declined.id}/reassign`;
    let finish: (response: Response) => void = () => undefined;
    let answer: () => Response | Promise<Response> = () =>
      fieldRefusal(
        409,
        'GUARANTOR_NOT_AVAILABLE',
        'newGuarantorUserId',
        'This member is already a guarantor on this loan',
      );
    const api = mockApi({
      'GET /users/guarantor-candidates': () => page([CANDIDATE]),
      [reassign]: () => answer(),
    });
    const { user } = renderWithProviders(
      <ReassignDialog
        target={{ guarantor: declined, others: [] }}
        currentUser={USER}
        onClose={() => undefined}
      />,
    );
    const dialog = within(await screen.findByRole('dialog', { name: 'Reassign Guarantor' }));
    await user.click(dialog.getByRole('button', { name: 'Reassign Guarantor' }));
    expect(await dialog.findByRole('alert')).toHaveTextContent('Please select a new guarantor');
    expect(api.callsTo(reassign)).toHaveLength(0);

    await user.click(await dialog.findByRole('button', { name: /Ebiere Tamuno/ }));
    expect(dialog.queryByRole('alert')).not.toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Reassign Guarantor' }));
    expect(await dialog.findByRole('alert')).toHaveTextContent(
      'This member is already a guarantor on this loan',
    );
    expect(dialog.getByText(/New guarantor:/)).toHaveTextContent('Ebiere Tamuno');

    answer = () =>
      new Promise<Response>((resolve) => {
        finish = resolve;
      });
    await user.click(dialog.getByRole('button', { name: 'Reassign Guarantor' }));
    expect(await dialog.findByRole('button', { name: 'Reassigning...' })).toBeDisabled();
    await user.keyboard('{Escape}');
    expect(screen.getByRole('dialog', { name: 'Reassign Guarantor' })).toBeInTheDocument();
    finish(json(200, { success: true, data: guarantor('Ebiere', 'pending', true) }));
    await waitFor(() =>
      expect(api.callsTo(reassign)[1]?.body).toEqual({
        newGuarantorUserId: CANDIDATE.id,
        guarantorId: declined.id,
      }),
    );
  });
});
