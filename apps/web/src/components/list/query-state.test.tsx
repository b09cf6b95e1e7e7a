import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { QueryState } from './query-state';

const renderState = (state: Partial<Parameters<typeof QueryState>[0]>) =>
  render(
    <QueryState
      isPending={false}
      errorMessage={null}
      onRetry={vi.fn()}
      isEmpty={false}
      emptyMessage="No contributions found"
      loadingLabel="Loading contributions"
      {...state}
    >
      <p>The list</p>
    </QueryState>,
  );

describe('QueryState', () => {
  it('shows a labelled spinner while loading', () => {
    renderState({ isPending: true });
    expect(screen.getByRole('status')).toHaveTextContent('Loading contributions');
    expect(screen.queryByText('The list')).not.toBeInTheDocument();
  });

  it("shows the failure with 'Try again'", async () => {
    const onRetry = vi.fn();
    renderState({ errorMessage: 'Failed to fetch contributions', onRetry });
    expect(screen.getByRole('alert')).toHaveTextContent('Failed to fetch contributions');
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(onRetry).toHaveBeenCalledOnce();
  });

  it("shows the list's own empty text", () => {
    renderState({ isEmpty: true });
    expect(screen.getByText('No contributions found')).toBeInTheDocument();
    expect(screen.queryByText('The list')).not.toBeInTheDocument();
  });

  it('shows the list otherwise', () => {
    renderState({});
    expect(screen.getByText('The list')).toBeInTheDocument();
  });
});
