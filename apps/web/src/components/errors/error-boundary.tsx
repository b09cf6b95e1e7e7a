import { TriangleAlert } from 'lucide-react';
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { buttonVariants } from '../ui/button-variants';

type ErrorBoundaryProps = {
  children: ReactNode;
  /** When it changes (the member followed a link), a failed boundary tries again. */
  resetKey: string;
};
type ErrorBoundaryState = { failedAt: string | null };

/**
 * Catches a page that fails to load or crashes. The usual cause is a new release: the old page's
 * hashed files are gone, and a reload fetches the new ones.
 */
export class ErrorBoundary extends Component<ErrorBoundaryProps, ErrorBoundaryState> {
  override state: ErrorBoundaryState = { failedAt: null };

  static getDerivedStateFromError(): Partial<ErrorBoundaryState> {
    // Recorded against the current key in componentDidCatch; any non-null value shows the error.
    return { failedAt: '' };
  }

  static getDerivedStateFromProps(
    props: ErrorBoundaryProps,
    state: ErrorBoundaryState,
  ): Partial<ErrorBoundaryState> | null {
    if (state.failedAt === '') return { failedAt: props.resetKey };
    if (state.failedAt !== null && state.failedAt !== props.resetKey) return { failedAt: null };
    return null;
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error(error, info.componentStack);
  }

  override render() {
    if (this.state.failedAt === null) return this.props.children;
    return (
      <main className="flex min-h-dvh flex-col items-center justify-center gap-4 p-6 text-center">
        <TriangleAlert aria-hidden="true" className="size-10 text-destructive" />
        <h1 className="text-2xl font-semibold">Something went wrong</h1>
        <p className="max-w-sm text-muted-foreground">
          This page could not be loaded. Please reload to try again.
        </p>
        {/* The kit's button look without `Button`, whose className merging (`cn`, tailwind-merge)
            would come with the entry and so with the sign-in page's first load
            (docs/decisions/146-sign-in-page-first-load.md). */}
        <button type="button" className={buttonVariants()} onClick={() => window.location.reload()}>
          Reload page
        </button>
      </main>
    );
  }
}
