import { LoaderCircle } from 'lucide-react';

type SpinnerProps = {
  /** 'large' for a spinner that stands alone on the page. */
  size?: 'default' | 'large';
  /** What is loading, for screen readers. */
  label?: string;
};

// Two fixed sizes instead of a className to merge: the router's fallback renders this from the
// entry, which must not bring tailwind-merge (`cn`) to the sign-in page
// (docs/decisions/146-sign-in-page-first-load.md).
const ICON_CLASS = {
  default: 'size-6 animate-spin text-primary',
  large: 'size-8 animate-spin text-primary',
} as const;

export function Spinner({ size = 'default', label = 'Loading' }: SpinnerProps) {
  return (
    <span role="status" className="inline-flex items-center">
      <LoaderCircle aria-hidden="true" className={ICON_CLASS[size]} />
      <span className="sr-only">{label}</span>
    </span>
  );
}

/** Fills the page while a route decides what to show (the guard, a lazy page). */
export function FullPageSpinner({ label }: { label?: string }) {
  return (
    <div className="flex min-h-dvh items-center justify-center">
      <Spinner size="large" label={label} />
    </div>
  );
}
