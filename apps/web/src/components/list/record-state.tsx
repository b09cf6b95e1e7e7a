import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { failureMessage } from '../../lib/api-client';
import { QueryState } from './query-state';

type RecordStateProps<Data> = {
  /** The query of one record (a loan, a member, the overview), as its `useX` hook returns it. */
  query: Pick<UseQueryResult<Data>, 'data' | 'error' | 'isError' | 'isPending' | 'refetch'>;
  /** Said when the call failed without a message of the server's: 'Failed to fetch the loan'. */
  failure: string;
  /** What is loading, for screen readers: 'Loading the loan'. */
  loadingLabel: string;
  /** The record, drawn once it is there. */
  children: (data: Data) => ReactNode;
};

/**
 * One record's states on a page of its own: loading, failed (the server's message, or `failure`,
 * with Try again), or the record. A record is never empty, so there is no empty text; a list has
 * `QueryState`'s.
 */
export function RecordState<Data>({
  query,
  failure,
  loadingLabel,
  children,
}: RecordStateProps<Data>) {
  return (
    <QueryState
      isPending={query.isPending}
      errorMessage={query.isError ? failureMessage(query.error, failure) : null}
      onRetry={() => void query.refetch()}
      isEmpty={false}
      emptyMessage=""
      loadingLabel={loadingLabel}
    >
      {query.data === undefined ? null : children(query.data)}
    </QueryState>
  );
}
