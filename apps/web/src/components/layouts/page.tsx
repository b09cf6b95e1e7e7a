import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { PageTitle } from './page-title';

type PageProps = {
  title: string;
  description?: string;
  /** The way back to the page this one was opened from: the list a record belongs to. */
  back?: { to: string; label: string };
  /** What the page offers beside its title (buttons, a dialog's trigger), in a row that wraps. */
  actions?: ReactNode;
  children: ReactNode;
};

/**
 * A page's frame (docs/decisions/140-web-written-once.md): the way back if any, the title (the
 * document title too) with the page's actions beside it, then the content, one column. Every
 * back-office page has it, and the member's pages that are one list (`listRoute`).
 */
export function Page({ title, description, back, actions, children }: PageProps) {
  const heading = <PageTitle title={title} description={description} />;
  return (
    <div className="grid grid-cols-1 gap-6">
      {back ? (
        <Link
          to={back.to}
          className="flex w-fit items-center gap-1 text-sm text-primary underline-offset-4 hover:underline"
        >
          <ArrowLeft aria-hidden="true" className="size-4" />
          {back.label}
        </Link>
      ) : null}
      {actions ? (
        <div className="flex flex-wrap items-end justify-between gap-4">
          {heading}
          <div className="flex flex-wrap gap-2">{actions}</div>
        </div>
      ) : (
        heading
      )}
      {children}
    </div>
  );
}
