import { MAX_PAGE_BUTTONS } from '@coop/shared/constants';
import { ChevronLeft, ChevronRight, ChevronsLeft, ChevronsRight } from 'lucide-react';
import { cn } from '../../lib/cn';
import { Button } from './button';

const range = (from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, index) => from + index);

/**
 * The page buttons to show, at most `maxButtons` slots: every page when they fit, otherwise the
 * first and last page and the pages around the current one, with a gap (null) where pages are
 * skipped.
 */
export function pageWindow(
  current: number,
  total: number,
  maxButtons: number = MAX_PAGE_BUTTONS,
): (number | null)[] {
  if (total <= maxButtons) return range(1, total);
  const besideOneGap = maxButtons - 2;
  if (current < besideOneGap) return [...range(1, besideOneGap), null, total];
  if (current > total - besideOneGap + 1) {
    return [1, null, ...range(total - besideOneGap + 1, total)];
  }
  const middle = maxButtons - 4;
  const start = current - Math.floor((middle - 1) / 2);
  return [1, null, ...range(start, start + middle - 1), null, total];
}

type PaginationProps = {
  currentPage: number;
  totalPages: number;
  onPageChange: (page: number) => void;
  className?: string;
  label?: string;
  /** Adds 'First page' and 'Last page' buttons around Previous and Next. */
  showFirstLast?: boolean;
};

// 40 px buttons on touch screens, 32 px from the desktop breakpoint up.
const pagerButton = 'h-10 min-w-10 md:h-8 md:min-w-8';

export function Pagination({
  currentPage,
  totalPages,
  onPageChange,
  className,
  label = 'Pagination',
  showFirstLast = false,
}: PaginationProps) {
  if (totalPages <= 1) return null;
  const onFirst = currentPage <= 1;
  const onLast = currentPage >= totalPages;
  return (
    <nav
      aria-label={label}
      className={cn('flex flex-wrap items-center justify-center gap-1', className)}
    >
      {showFirstLast ? (
        <Button
          variant="outline"
          size="sm"
          className={pagerButton}
          onClick={() => onPageChange(1)}
          disabled={onFirst}
          aria-label="First page"
        >
          <ChevronsLeft aria-hidden="true" />
        </Button>
      ) : null}
      <Button
        variant="outline"
        size="sm"
        className={pagerButton}
        onClick={() => onPageChange(currentPage - 1)}
        disabled={onFirst}
        aria-label="Previous page"
      >
        <ChevronLeft aria-hidden="true" />
        <span className="hidden sm:inline">Previous</span>
      </Button>
      {/* On phones the page numbers take a row of their own, above the arrows. */}
      <ul className="flex items-center justify-center gap-1 max-sm:order-first max-sm:w-full">
        {pageWindow(currentPage, totalPages).map((page, index) =>
          page === null ? (
            <li key={`gap-${index}`} aria-hidden="true" className="px-1 text-muted-foreground">
              …
            </li>
          ) : (
            <li key={page}>
              <Button
                variant={page === currentPage ? 'default' : 'ghost'}
                size="sm"
                className={pagerButton}
                onClick={() => onPageChange(page)}
                aria-label={`Page ${page}`}
                aria-current={page === currentPage ? 'page' : undefined}
              >
                {page}
              </Button>
            </li>
          ),
        )}
      </ul>
      <Button
        variant="outline"
        size="sm"
        className={pagerButton}
        onClick={() => onPageChange(currentPage + 1)}
        disabled={onLast}
        aria-label="Next page"
      >
        <span className="hidden sm:inline">Next</span>
        <ChevronRight aria-hidden="true" />
      </Button>
      {showFirstLast ? (
        <Button
          variant="outline"
          size="sm"
          className={pagerButton}
          onClick={() => onPageChange(totalPages)}
          disabled={onLast}
          aria-label="Last page"
        >
          <ChevronsRight aria-hidden="true" />
        </Button>
      ) : null}
    </nav>
  );
}
