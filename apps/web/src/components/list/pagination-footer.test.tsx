import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { PaginationFooter } from './pagination-footer';

const renderFooter = (currentPage: number, totalItems: number, limit = 25) => {
  const onPageChange = vi.fn();
  const onPageSizeChange = vi.fn();
  render(
    <PaginationFooter
      label="Contribution pages"
      pagination={{
        currentPage,
        totalPages: Math.max(1, Math.ceil(totalItems / limit)),
        totalItems,
        limit,
      }}
      pageSizeOptions={[10, 25, 50, 100]}
      onPageChange={onPageChange}
      onPageSizeChange={onPageSizeChange}
    />,
  );
  return { onPageChange, onPageSizeChange, user: userEvent.setup() };
};

const pageButtons = () =>
  within(screen.getByRole('navigation', { name: 'Contribution pages' })).getAllByRole('button', {
    name: /^Page \d+$/,
  });

describe('PaginationFooter', () => {
  it("says 'Showing X to Y of Z results'", () => {
    renderFooter(2, 120);
    expect(screen.getByText('Showing 26 to 50 of 120 results')).toBeInTheDocument();
  });

  it('counts the last, shorter page to the last row', () => {
    renderFooter(5, 120);
    expect(screen.getByText('Showing 101 to 120 of 120 results')).toBeInTheDocument();
  });

  it("says 'No items to display' for an empty list, and offers no page buttons", () => {
    renderFooter(1, 0);
    expect(screen.getByText('No items to display')).toBeInTheDocument();
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Rows per page')).toBeInTheDocument();
  });

  it('changes the page size from the list of options', async () => {
    const { onPageSizeChange, user } = renderFooter(1, 120);
    const size = screen.getByLabelText('Rows per page');
    expect(size).toHaveValue('25');
    expect(
      within(size)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['10', '25', '50', '100']);
    await user.selectOptions(size, '50');
    expect(onPageSizeChange).toHaveBeenCalledWith(50);
  });

  it('goes to the first, previous, next and last page', async () => {
    const { onPageChange, user } = renderFooter(3, 120);
    await user.click(screen.getByRole('button', { name: 'First page' }));
    await user.click(screen.getByRole('button', { name: 'Previous page' }));
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    await user.click(screen.getByRole('button', { name: 'Last page' }));
    expect(onPageChange.mock.calls).toEqual([[1], [2], [4], [5]]);
  });

  it('disables first and previous on the first page, next and last on the last', () => {
    renderFooter(1, 50);
    expect(screen.getByRole('button', { name: 'First page' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Previous page' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Next page' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Last page' })).toBeEnabled();
  });

  it('shows at most 7 numbered buttons, the current one marked', async () => {
    const { onPageChange, user } = renderFooter(10, 500);
    expect(pageButtons().map((button) => button.textContent)).toEqual(['1', '9', '10', '11', '20']);
    expect(screen.getByRole('button', { name: 'Page 10' })).toHaveAttribute('aria-current', 'page');
    await user.click(screen.getByRole('button', { name: 'Page 20' }));
    expect(onPageChange).toHaveBeenCalledWith(20);
  });

  it('shows every page when there are 7 or fewer', () => {
    renderFooter(1, 7 * 25);
    expect(pageButtons()).toHaveLength(7);
  });
});
