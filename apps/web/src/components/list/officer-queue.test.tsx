import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { errorFromAnswer } from '../../lib/api-client';
import { toast } from '../../lib/toast';
import { reviewDecisions } from './officer-queue';

type Row = { id: string; status: string; who: string };

const ROW: Row = { id: 'r1', status: 'pending', who: 'Ada Obi' };

const approveCall = vi.fn<(input: { id: string; idempotencyKey: string }) => Promise<object>>();
const rejectCall =
  vi.fn<(input: { id: string; reason: string; idempotencyKey: string }) => Promise<object>>();

// One kind of request, as a queue describes it: the calls stand in for its API's mutation hooks.
const [Approve, Reject] = reviewDecisions<Row>({
  context: (row) => `${row.who}’s request`,
  approve: {
    label: 'Approve',
    title: 'Approve request',
    description: (row) => `Grants ${row.who}’s request.`,
    texts: { confirm: 'Approve it', pending: 'Approving...', failure: 'Could not approve' },
    details: (row) => <p>About {row.who}</p>,
    useAction: () => ({ mutateAsync: approveCall }),
  },
  reject: {
    title: 'Reject request',
    description: (row) => `${row.who} is told why.`,
    texts: { confirm: 'Reject it', failure: 'Could not reject' },
    useAction: () => ({ mutateAsync: rejectCall }),
  },
});

afterEach(() => {
  vi.restoreAllMocks();
  approveCall.mockReset();
  rejectCall.mockReset();
});

function renderRow() {
  if (!Approve || !Reject) throw new Error('a review makes two decisions');
  render(
    <>
      <Approve row={ROW} />
      <Reject row={ROW} />
    </>,
  );
  return userEvent.setup();
}

describe('a queue’s review (approve and reject)', () => {
  it('approves with the opening’s key, toasts the answer and closes', async () => {
    const success = vi.spyOn(toast, 'success').mockImplementation(() => undefined);
    approveCall.mockResolvedValue({ message: 'Approved' });
    const user = renderRow();
    await user.click(screen.getByRole('button', { name: 'Approve Ada Obi’s request' }));
    const dialog = screen.getByRole('dialog', { name: 'Approve request' });
    expect(dialog).toHaveAccessibleDescription('Grants Ada Obi’s request.');
    expect(within(dialog).getByText('About Ada Obi')).toBeVisible();
    await user.click(within(dialog).getByRole('button', { name: 'Approve it' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(approveCall).toHaveBeenCalledWith({
      id: 'r1',
      idempotencyKey: expect.stringMatching(/^[0-9a-f-]{36}$/),
    });
    expect(success).toHaveBeenCalledWith('Approved');
  });

  it('shows the server’s refusal (an officer’s own request) inside the dialog, which stays open', async () => {
    approveCall.mockRejectedValue(
      errorFromAnswer(403, {
        success: false,
        error: 'Forbidden',
        code: 'DEDUCTION_CHANGE_SELF_DECISION',
        message: 'You cannot decide your own request: another officer must',
        timestamp: new Date().toISOString(),
      }),
    );
    const user = renderRow();
    await user.click(screen.getByRole('button', { name: 'Approve Ada Obi’s request' }));
    const dialog = screen.getByRole('dialog', { name: 'Approve request' });
    await user.click(within(dialog).getByRole('button', { name: 'Approve it' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'You cannot decide your own request: another officer must',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Approve it' }));
    await waitFor(() => expect(approveCall).toHaveBeenCalledTimes(2));
    // A retry in the same opening is the same decision.
    expect(approveCall.mock.calls[0]?.[0].idempotencyKey).toBe(
      approveCall.mock.calls[1]?.[0].idempotencyKey,
    );
  });

  it('rejects with a reason the member sees, sent trimmed, and says a refusal with its fallback', async () => {
    const success = vi.spyOn(toast, 'success').mockImplementation(() => undefined);
    rejectCall.mockRejectedValueOnce(new Error('offline')).mockResolvedValue({ message: 'Done' });
    const user = renderRow();
    await user.click(screen.getByRole('button', { name: 'Reject Ada Obi’s request' }));
    const dialog = screen.getByRole('dialog', { name: 'Reject request' });
    expect(dialog).toHaveAccessibleDescription('Ada Obi is told why.');
    const reason = within(dialog).getByRole('textbox', { name: 'Reason for rejecting' });
    expect(reason).toHaveAccessibleDescription(/; the member sees it\.$/);
    await user.type(reason, '  Below the minimum  ');
    await user.click(within(dialog).getByRole('button', { name: 'Reject it' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Could not reject');
    await user.click(within(dialog).getByRole('button', { name: 'Reject it' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(rejectCall).toHaveBeenLastCalledWith({
      id: 'r1',
      reason: 'Below the minimum',
      idempotencyKey: expect.stringMatching(/^[0-9a-f-]{36}$/),
    });
    expect(success).toHaveBeenCalledWith('Done');
  });
});
