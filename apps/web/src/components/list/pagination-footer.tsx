import type { Pagination as PageInfo } from '@coop/shared/http';
import { useId } from 'react';
import { cn } from '../../lib/cn';
import { Label } from '../ui/label';
import { NativeSelect } from '../ui/native-select';
import { Pagination } from '../ui/pagination';

type PaginationFooterProps = {
  pagination: Pick<PageInfo, 'currentPage' | 'totalPages' | 'totalItems' | 'limit'>;
  /** The page sizes a member may choose, e.g. CONTRIBUTIONS_PAGE_SIZE_OPTIONS. */
  pageSizeOptions: readonly number[];
  onPageChange: (page: number) => void;
  onPageSizeChange: (limit: number) => void;
  /** Names the page buttons' navigation landmark: 'Contribution pages'. */
  label?: string;
  className?: string;
};

/**
 * 'Showing 26 to 50 of 120 results', or 'No items to display' (docs/member-portal.md §2
 * Contributions footer).
 */
export function rangeSummary({
  currentPage,
  totalItems,
  limit,
}: PaginationFooterProps['pagination']): string {
  if (totalItems === 0) return 'No items to display';
  const from = Math.min((currentPage - 1) * limit + 1, totalItems);
  const to = Math.min(currentPage * limit, totalItems);
  return `Showing ${from} to ${to} of ${totalItems} results`;
}

/** A list's footer: where the member is, how many rows a page holds, and the page buttons. */
export function PaginationFooter({
  pagination,
  pageSizeOptions,
  onPageChange,
  onPageSizeChange,
  label = 'Pages',
  className,
}: PaginationFooterProps) {
  const sizeId = useId();
  return (
    <div
      className={cn(
        'flex flex-col items-center gap-3 text-sm md:flex-row md:justify-between',
        className,
      )}
    >
      <p className="text-muted-foreground" aria-live="polite">
        {rangeSummary(pagination)}
      </p>
      <div className="flex flex-col items-center gap-3 md:flex-row">
        <div className="flex items-center gap-2">
          <Label htmlFor={sizeId} className="whitespace-nowrap text-muted-foreground">
            Rows per page
          </Label>
          <NativeSelect
            id={sizeId}
            className="w-20"
            value={String(pagination.limit)}
            onChange={(event) => onPageSizeChange(Number(event.target.value))}
          >
            {pageSizeOptions.map((size) => (
              <option key={size} value={size}>
                {size}
              </option>
            ))}
          </NativeSelect>
        </div>
        <Pagination
          label={label}
          currentPage={pagination.currentPage}
          totalPages={pagination.totalPages}
          onPageChange={onPageChange}
          showFirstLast
        />
      </div>
    </div>
  );
}

type ListPagerProps = Omit<
  PaginationFooterProps,
  'pagination' | 'onPageChange' | 'onPageSizeChange'
> & {
  /** The list's state (docs/decisions/128-list-pages-route-owns-state.md), which the footer moves. */
  list: { setPage: (page: number) => void; setPageSize: (limit: number) => void };
  /** The page the list's query answered, if it has. */
  page: { pagination: PaginationFooterProps['pagination'] } | undefined;
  /** The list failed: its alert says so, and no footer is shown under it. */
  failed: boolean;
};

/** The footer under a list on the list kit: once its page is there, never under a failure. */
export function ListPager({ list, page, failed, ...footer }: ListPagerProps) {
  if (!page || failed) return null;
  return (
    <PaginationFooter
      {...footer}
      pagination={page.pagination}
      onPageChange={list.setPage}
      onPageSizeChange={list.setPageSize}
    />
  );
}
