import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FilterValue } from '../../lib/list-filters';
import { FilterField } from './filter-field';

/**
 * A field whose value comes back from the list later than it was reported, as it does through
 * the URL (router updates run in a transition).
 */
function SlowList({ echoMs }: { echoMs: number }) {
  const [value, setValue] = useState<FilterValue>('');
  const [reports, setReports] = useState<string[]>([]);
  return (
    <>
      <FilterField
        definition={{ key: 'search', label: 'Search', type: 'text' }}
        value={value}
        debounceMs={300}
        onChange={(next) => {
          setReports((all) => [...all, typeof next === 'string' ? next : JSON.stringify(next)]);
          setTimeout(() => setValue(next), echoMs);
        }}
      />
      <button type="button" onClick={() => setValue('')}>
        Clear
      </button>
      <output data-testid="reports">{reports.join('|')}</output>
    </>
  );
}

describe('FilterField typing', () => {
  beforeEach(() => vi.useFakeTimers({ shouldAdvanceTime: true }));
  afterEach(() => vi.useRealTimers());

  it('reports once the member pauses, and keeps what they typed meanwhile', async () => {
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    render(<SlowList echoMs={1000} />);
    const field = screen.getByLabelText('Search');

    await user.type(field, 'Feb');
    await act(() => vi.advanceTimersByTimeAsync(310));
    expect(screen.getByTestId('reports')).toHaveTextContent(/^Feb$/);
    // The member types on, pauses (reported), and 'Feb' comes back only now, mid-word.
    await user.type(field, 'ruar');
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(field).toHaveValue('Februar');
    await user.type(field, 'y');
    await act(() => vi.advanceTimersByTimeAsync(3000));
    expect(field).toHaveValue('February');
    expect(screen.getByTestId('reports')).toHaveTextContent(/^Feb\|Februar\|February$/);
  });

  it('shows a value changed from outside', async () => {
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    render(<SlowList echoMs={0} />);
    const field = screen.getByLabelText('Search');

    await user.type(field, 'March');
    await act(() => vi.advanceTimersByTimeAsync(400));
    await user.click(screen.getByRole('button', { name: 'Clear' }));
    expect(field).toHaveValue('');
  });
});
