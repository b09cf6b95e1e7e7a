import { APP_NAME } from '../../config/app';

/** The document title of a page: 'Loans · Coop Portal'. */
export const documentTitle = (page: string) => `${page} · ${APP_NAME}`;

/** A page's heading and document title (React 19 hoists <title> into <head>). */
export function PageTitle({ title, description }: { title: string; description?: string }) {
  return (
    <div className="grid gap-1">
      <title>{documentTitle(title)}</title>
      <h1 className="text-2xl font-semibold tracking-tight">{title}</h1>
      {description ? <p className="text-muted-foreground">{description}</p> : null}
    </div>
  );
}
