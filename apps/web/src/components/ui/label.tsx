import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn';

/** A plain <label>: callers always pass htmlFor, so the field gets its accessible name. */
export function Label({ className, ...props }: ComponentProps<'label'>) {
  return (
    <label className={cn('text-sm leading-none font-medium select-none', className)} {...props} />
  );
}
