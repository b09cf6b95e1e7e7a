import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { useListParams, type ListParamsConfig } from './use-list-params';

const config: ListParamsConfig<'contributionDate' | 'totalAmount'> = {
  defaults: { limit: 25, sortBy: 'contributionDate', sortOrder: 'desc' },
  sortFields: ['contributionDate', 'totalAmount'],
  pageSizeOptions: [10, 25, 50, 100],
  filters: [
    {
      key: 'status',
      label: 'Status',
      type: 'select',
      options: [
        { value: 'pending', label: 'Pending' },
        { value: 'confirmed', label: 'Confirmed' },
      ],
    },
    { key: 'contributionMonth', label: 'Month', type: 'month' },
    { key: 'dateRange', label: 'Date range', type: 'dateRange' },
    { key: 'minAmount', label: 'Min amount', type: 'number' },
  ],
};

function renderList(url: string) {
  const wrapper = ({ children }: { children: ReactNode }) => (
    <MemoryRouter initialEntries={[url]}>{children}</MemoryRouter>
  );
  const { result } = renderHook(() => ({ list: useListParams(config), location: useLocation() }), {
    wrapper,
  });
  return {
    list: () => result.current.list,
    search: () => result.current.location.search,
  };
}

describe('useListParams', () => {
  it('starts from the defaults, none of them written into the URL', () => {
    const { list, search } = renderList('/contributions');
    expect(list().query).toEqual({
      page: 1,
      limit: 25,
      sortBy: 'contributionDate',
      sortOrder: 'desc',
    });
    expect(search()).toBe('');
  });

  it('reads every part of the state from the URL and turns it into the API query', () => {
    const { list } = renderList(
      '/contributions?page=3&limit=50&sortBy=totalAmount&sortOrder=asc&search=March+2025' +
        '&status=pending&contributionMonth=2025-03&startDate=2025-03-01&endDate=2025-03-31' +
        '&minAmount=1500',
    );
    expect(list()).toMatchObject({
      page: 3,
      limit: 50,
      sortBy: 'totalAmount',
      sortOrder: 'asc',
      search: 'March 2025',
      filters: {
        status: 'pending',
        contributionMonth: '2025-03',
        dateRange: { start: '2025-03-01', end: '2025-03-31' },
        minAmount: '1500',
      },
    });
    expect(list().query).toEqual({
      page: 3,
      limit: 50,
      sortBy: 'totalAmount',
      sortOrder: 'asc',
      search: 'March 2025',
      status: 'pending',
      contributionMonth: '2025-03',
      startDate: '2025-03-01',
      endDate: '2025-03-31',
      minAmount: 1500,
    });
  });

  it('falls back to the default for anything unreadable in the URL', () => {
    const { list } = renderList(
      '/contributions?page=abc&limit=7&sortBy=password&sortOrder=up&status=stolen' +
        '&contributionMonth=2025-13&startDate=2023-02-29&endDate=soon&minAmount=lots',
    );
    expect(list()).toMatchObject({
      page: 1,
      limit: 25,
      sortBy: 'contributionDate',
      sortOrder: 'desc',
      filters: {},
    });
    for (const page of ['0', '-2', '1.5', '1e3']) {
      expect(renderList(`/contributions?page=${page}`).list().page).toBe(1);
    }
  });

  it('writes changes into the URL and leaves defaults out', () => {
    const { list, search } = renderList('/contributions');
    act(() => list().setPage(2));
    expect(search()).toBe('?page=2');
    act(() => list().setPage(1));
    expect(search()).toBe('');
    act(() => list().setSort('totalAmount', 'asc'));
    expect(search()).toBe('?sortBy=totalAmount&sortOrder=asc');
  });

  it('goes back to page 1 on any filter change', () => {
    const { list, search } = renderList('/contributions?page=4');
    act(() => list().setFilter('status', 'pending'));
    expect(search()).toBe('?status=pending');

    act(() => list().setPage(3));
    act(() => list().setFilter('dateRange', { start: '2025-03-01', end: '2025-03-31' }));
    expect(search()).toBe('?status=pending&startDate=2025-03-01&endDate=2025-03-31');

    act(() => list().setPage(3));
    act(() => list().setSearch('March'));
    expect(search()).toBe('?status=pending&startDate=2025-03-01&endDate=2025-03-31&search=March');
    expect(list().page).toBe(1);
  });

  it('moves a page past the end to the last page, in place of the history entry', () => {
    const { list, search } = renderList('/contributions?page=9&status=pending');
    act(() => list().keepPageInRange(3));
    expect(search()).toBe('?page=3&status=pending');
    act(() => list().keepPageInRange(5));
    expect(search()).toBe('?page=3&status=pending');
  });

  it('keeps every change made before the router has rendered the previous one', () => {
    const { list, search } = renderList('/contributions?page=3');
    act(() => {
      const current = list();
      current.setFilter('status', 'pending');
      current.setSearch('March');
      current.setPageSize(50);
    });
    expect(search()).toBe('?status=pending&search=March&limit=50');
  });

  it('goes back to page 1 when the page size changes', () => {
    const { list, search } = renderList('/contributions?page=4');
    act(() => list().setPageSize(50));
    expect(search()).toBe('?limit=50');
    act(() => list().setPageSize(25));
    expect(search()).toBe('');
  });

  it('removes a filter, applies several at once, and resets to the defaults', () => {
    const { list, search } = renderList(
      '/contributions?tab=mine&limit=10&status=pending&minAmount=1500',
    );
    act(() => list().setFilter('minAmount', undefined));
    expect(search()).toBe('?tab=mine&limit=10&status=pending');

    act(() =>
      list().applyFilters({
        search: 'April',
        filters: { status: undefined, contributionMonth: '2025-04' },
      }),
    );
    expect(list()).toMatchObject({
      search: 'April',
      filters: { contributionMonth: '2025-04' },
    });

    act(() => list().reset());
    // Parameters the list does not own (a tab) are kept.
    expect(search()).toBe('?tab=mine');
  });
});
