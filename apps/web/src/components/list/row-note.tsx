import type { ReactNode } from 'react';

/**
 * A short explanation under a row's status (why a request was rejected, why a fine was waived).
 * Table cells do not wrap, so the note wraps on its own within a narrow width and keeps the
 * 1280 px table inside the page; on a 390 px card it sits under the badge, right-aligned.
 */
export function RowNote({ label, children }: { label: string; children: ReactNode }) {
  return (
    <span className="mt-1 block max-w-60 text-xs font-normal break-words whitespace-normal text-muted-foreground md:max-w-xs">
      {label}: {children}
    </span>
  );
}
