import type { ReactNode } from 'react';
import { cn } from '../../lib/cn';

/**
 * A list drawn as the feature's own cards or rows instead of a table (docs/decisions/
 * 128-list-pages-route-owns-state.md): named for screen readers, and marked busy (and dimmed)
 * while the next page loads, as `DataTable` is.
 */
export function CardList({
  label,
  busy,
  className,
  children,
}: {
  label: string;
  busy: boolean;
  className: string;
  children: ReactNode;
}) {
  return (
    <ul
      className={cn(className, busy && 'opacity-70 transition-opacity')}
      aria-label={label}
      aria-busy={busy || undefined}
    >
      {children}
    </ul>
  );
}
