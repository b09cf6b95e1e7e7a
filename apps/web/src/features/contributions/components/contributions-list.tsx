import { useEffect, useRef, useState } from 'react';
import { toast } from '../../../lib/toast';
import { ListPager } from '../../../components/list/pagination-footer';
import { QueryState } from '../../../components/list/query-state';
import { failureMessage } from '../../../lib/api-client';
import { pageEdges } from '../../../lib/month-groups';
import { usePageInRange, type ListParams } from '../../../lib/use-list-params';
import { useContributions } from '../api/get-contributions';
import { CONTRIBUTION_LIST_CONFIG, type ContributionSortField } from './contribution-list-config';
import { CONTRIBUTION_MESSAGES, isSelectableContribution } from '@coop/shared/contribution-rules';
import { ConfirmContributions } from './contribution-actions';
import { ContributionsTable } from './contributions-table';

const NOTHING_SELECTED: ReadonlySet<string> = new Set();

type ContributionsListProps = {
  list: ListParams<ContributionSortField>;
};

/** The member's contributions for the list's current query, with selection, confirm and paging. */
export function ContributionsList({ list }: ContributionsListProps) {
  const contributions = useContributions(list.query);
  const { isError, error, errorUpdatedAt } = contributions;
  const errorMessage = isError ? failureMessage(error, CONTRIBUTION_MESSAGES.fetchFailed) : null;

  // docs/member-portal.md §8: a failed load is also announced as a toast, once per failure (one
  // toast id, so a second run of the effect, as StrictMode does, updates it rather than stacking
  // another).
  useEffect(() => {
    if (errorMessage === null) return;
    toast.error(CONTRIBUTION_MESSAGES.errorTitle, {
      id: 'contributions-load-failure',
      description: errorMessage,
    });
  }, [errorMessage, errorUpdatedAt]);

  usePageInRange(list, contributions);

  // A selection belongs to the rows it was made on: another page or filter starts afresh.
  const queryKey = JSON.stringify(list.query);
  const [selection, setSelection] = useState({ queryKey, ids: NOTHING_SELECTED });
  const selectedIds = selection.queryKey === queryKey ? selection.ids : NOTHING_SELECTED;
  const select = (ids: ReadonlySet<string>) => setSelection({ queryKey, ids });

  const rows = contributions.data?.data ?? [];
  const pendingRows = rows.filter(isSelectableContribution);
  const selected = pendingRows.filter((row) => selectedIds.has(row.id));
  const listRef = useRef<HTMLDivElement>(null);

  return (
    <div className="grid gap-4">
      <QueryState
        isPending={contributions.isPending}
        errorMessage={errorMessage}
        onRetry={() => void contributions.refetch()}
        isEmpty={rows.length === 0}
        emptyMessage={CONTRIBUTION_MESSAGES.empty}
        loadingLabel="Loading contributions"
      >
        <div className="grid gap-4">
          {pendingRows.length > 0 ? (
            <div className="flex flex-wrap items-center justify-between gap-3 rounded-xl border bg-card p-3 pl-4">
              <p className="text-sm" aria-live="polite">
                {selected.length === 0
                  ? 'Select pending contributions to confirm them.'
                  : `${selected.length} selected`}
              </p>
              <ConfirmContributions
                contributions={selected}
                onConfirmed={() => select(NOTHING_SELECTED)}
                focusAfterConfirm={() => listRef.current?.focus()}
              />
            </div>
          ) : null}
          {/* Focus lands here after a confirmation, so the keyboard goes on from the list. */}
          <div ref={listRef} tabIndex={-1} aria-label="Contributions list" role="region">
            <ContributionsTable
              contributions={rows}
              selectedIds={selectedIds}
              onSelectedIdsChange={select}
              busy={contributions.isPlaceholderData}
              pageEdges={pageEdges(contributions.data?.pagination)}
            />
          </div>
        </div>
      </QueryState>
      {/* The footer stays under an empty list too: 'No items to display'. */}
      <ListPager
        list={list}
        page={contributions.data}
        failed={errorMessage !== null}
        label="Contribution pages"
        pageSizeOptions={CONTRIBUTION_LIST_CONFIG.pageSizeOptions}
      />
    </div>
  );
}
