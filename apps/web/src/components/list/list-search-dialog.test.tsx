import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { FilterDefinition } from '../../lib/list-filters';
import { ListSearchDialog } from './list-search-dialog';

const FILTERS: FilterDefinition[] = [
  {
    key: 'status',
    label: 'Status',
    type: 'select',
    placeholder: 'All Status',
    options: [
      { value: 'pending', label: 'Pending' },
      { value: 'paid', label: 'Paid' },
    ],
  },
];

function renderDialog() {
  const onApply = vi.fn();
  const onReset = vi.fn();
  render(
    <ListSearchDialog
      title="Search fines"
      description="Find fines by reason or status."
      filters={FILTERS}
      values={{ status: 'pending', minAmount: '500' }}
      search={{ value: 'late' }}
      onApply={onApply}
      onReset={onReset}
    />,
  );
  return { onApply, onReset, user: userEvent.setup() };
}

const trigger = () => screen.getByRole('button', { name: /^Search & filter/ });

describe('ListSearchDialog', () => {
  it('opens a titled dialog holding the current search and filters', async () => {
    const { user } = renderDialog();
    expect(trigger()).toHaveAccessibleName('Search & filter 3 active');

    await user.click(trigger());
    const dialog = screen.getByRole('dialog', { name: 'Search fines' });
    expect(dialog).toHaveAccessibleDescription('Find fines by reason or status.');
    expect(within(dialog).getByLabelText('Search')).toHaveValue('late');
    expect(within(dialog).getByLabelText('Status')).toHaveValue('pending');
    expect(within(dialog).getByLabelText('Search')).toHaveFocus();
  });

  it('sends nothing until Apply, then everything at once', async () => {
    const { onApply, user } = renderDialog();
    await user.click(trigger());
    const dialog = within(screen.getByRole('dialog'));

    await user.clear(dialog.getByLabelText('Search'));
    await user.type(dialog.getByLabelText('Search'), 'meeting');
    await user.selectOptions(dialog.getByLabelText('Status'), 'All Status');
    expect(onApply).not.toHaveBeenCalled();

    await user.click(dialog.getByRole('button', { name: 'Apply' }));
    expect(onApply).toHaveBeenCalledWith({ search: 'meeting', filters: { status: undefined } });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(trigger()).toHaveFocus();
  });

  it('resets the list and closes', async () => {
    const { onApply, onReset, user } = renderDialog();
    await user.click(trigger());
    await user.click(screen.getByRole('button', { name: 'Reset' }));
    expect(onReset).toHaveBeenCalledOnce();
    expect(onApply).not.toHaveBeenCalled();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('closes on Escape without applying, returning focus to its button', async () => {
    const { onApply, user } = renderDialog();
    await user.click(trigger());
    await user.type(screen.getByLabelText('Search'), 'x');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(onApply).not.toHaveBeenCalled();
    expect(trigger()).toHaveFocus();
  });
});
