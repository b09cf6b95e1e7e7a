import { LoaderCircle } from 'lucide-react';
import { cn } from '../../lib/cn';

type SpinnerProps = {
  className?: string;
  /** What is loading, for screen readers. */
  label?: string;
};

export function Spinner({ className, label = 'Loading' }: SpinnerProps) {
  return (
    <span role="status" className="inline-flex items-center">
      <LoaderCircle
        aria-hidden="true"
        className={cn('size-6 animate-spin text-primary', className)}
      />
      <span className="sr-only">{label}</span>
    </span>
  );
}

/** Fills the page while a route decides what to show (the guard, a lazy page). */
export function FullPageSpinner({ label }: { label?: string }) {
  return (
    <div className="flex min-h-dvh items-center justify-center">
      <Spinner className="size-8" label={label} />
    </div>
  );
}
