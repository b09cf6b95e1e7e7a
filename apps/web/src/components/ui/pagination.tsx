import { MAX_PAGE_BUTTONS } from '@coop/shared/constants';
import { ChevronLeft, ChevronRight } from 'lucide-react';
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
};

export function Pagination({
  currentPage,
  totalPages,
  onPageChange,
  className,
  label = 'Pagination',
}: PaginationProps) {
  if (totalPages <= 1) return null;
  return (
    <nav aria-label={label} className={cn('flex items-center justify-center gap-1', className)}>
      <Button
        variant="outline"
        size="sm"
        onClick={() => onPageChange(currentPage - 1)}
        disabled={currentPage <= 1}
        aria-label="Previous page"
      >
        <ChevronLeft aria-hidden="true" />
        <span className="hidden sm:inline">Previous</span>
      </Button>
      <ul className="flex items-center gap-1">
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
                className="min-w-8"
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
        onClick={() => onPageChange(currentPage + 1)}
        disabled={currentPage >= totalPages}
        aria-label="Next page"
      >
        <span className="hidden sm:inline">Next</span>
        <ChevronRight aria-hidden="true" />
      </Button>
    </nav>
  );
}
