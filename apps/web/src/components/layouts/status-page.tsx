import type { ReactNode } from 'react';
import { Logo } from '../brand/logo';

/** The frame of the open pages (not found, access denied, suspended): one centred message. */
export function StatusPage({
  title,
  children,
  footer,
}: {
  title: string;
  children: ReactNode;
  footer?: ReactNode;
}) {
  return (
    <div className="flex min-h-dvh flex-col bg-gradient-to-b from-secondary to-background">
      <title>{title}</title>
      <header className="flex justify-center px-4 pt-10 pb-4">
        <Logo />
      </header>
      <main className="flex flex-1 items-center justify-center px-4 py-8">
        <div className="flex w-full max-w-lg flex-col items-center gap-4 text-center">
          {children}
        </div>
      </main>
      {footer ? (
        <footer className="px-4 py-6 text-center text-sm text-muted-foreground">{footer}</footer>
      ) : null}
    </div>
  );
}
