import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { PageTitle } from './page-title';

/**
 * The top bar's search page (its term in `?q=`): what to type while there is none, else whose
 * records match and each part of the results, `children(term)`.
 */
export function SearchPage({
  hint,
  matching,
  children,
}: {
  /** What may be searched for, said before anything is: 'Type a loan ID, …'. */
  hint: string;
  /** Whose records the results are: (term) => 'Your loans and transactions matching “…”.' */
  matching: (term: string) => string;
  children: (term: string) => ReactNode;
}) {
  const [params] = useSearchParams();
  const term = (params.get('q') ?? '').trim();
  if (term === '') {
    return (
      <div className="grid gap-6">
        <PageTitle title="Search" description={hint} />
      </div>
    );
  }
  return (
    <div className="grid gap-8">
      <PageTitle title="Search results" description={matching(term)} />
      {children(term)}
    </div>
  );
}
