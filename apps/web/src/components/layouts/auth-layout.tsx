import type { ReactNode } from 'react';
import { Logo } from '../brand/logo';

/**
 * The frame of the sign-in, activation and password screens: the brand above one centred card,
 * full width on a phone.
 */
export function AuthLayout({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="flex min-h-dvh flex-col bg-gradient-to-b from-secondary to-background">
      <title>{title}</title>
      <header className="flex justify-center px-4 pt-10 pb-6 sm:pt-16">
        <Logo />
      </header>
      <main className="flex flex-1 justify-center px-4 pb-10">
        <div className="w-full max-w-md">{children}</div>
      </main>
    </div>
  );
}
