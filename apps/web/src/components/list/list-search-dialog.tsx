import { Search } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import {
  countActiveFilters,
  type FilterDefinition,
  type FilterValues,
} from '../../lib/list-filters';
import type { FilterChanges } from '../../lib/use-list-params';
import { Badge } from '../ui/badge';
import { Button } from '../ui/button';
import { FormDialog } from '../dialogs/dialog-frame';
import { DialogFooter } from '../ui/dialog';
import { FilterField } from './filter-field';

type ListSearchDialogProps = {
  title: string;
  description: string;
  /** The fields the dialog offers; a list may offer fewer here than in its desktop panel. */
  filters: readonly FilterDefinition[];
  values: FilterValues;
  /** The list's free-text search, the dialog's first field. */
  search?: { value: string; label?: string; placeholder?: string };
  /** Applies the dialog's fields at once (one request, back to page 1). */
  onApply: (changes: FilterChanges) => void;
  onReset: () => void;
  triggerLabel?: string;
};

const SEARCH_KEY = 'search';

type SearchFormProps = Pick<
  ListSearchDialogProps,
  'filters' | 'values' | 'search' | 'onApply' | 'onReset'
> & { close: () => void };

/** The dialog's form; mounted at each opening, so it starts from what the list shows now. */
function SearchForm({ filters, values, search, onApply, onReset, close }: SearchFormProps) {
  const [draft, setDraft] = useState<FilterValues>(values);
  const [draftSearch, setDraftSearch] = useState(search?.value ?? '');

  const apply = (event: FormEvent) => {
    event.preventDefault();
    onApply({
      ...(search ? { search: draftSearch } : {}),
      filters: Object.fromEntries(filters.map(({ key }) => [key, draft[key]])),
    });
    close();
  };

  const reset = () => {
    onReset();
    close();
  };

  return (
    <form onSubmit={apply} className="grid gap-4">
      {search ? (
        <FilterField
          definition={{
            key: SEARCH_KEY,
            label: search.label ?? 'Search',
            type: 'text',
            placeholder: search.placeholder,
          }}
          value={draftSearch}
          onChange={(value) => setDraftSearch(typeof value === 'string' ? value : '')}
        />
      ) : null}
      {filters.map((definition) => (
        <FilterField
          key={definition.key}
          definition={definition}
          value={draft[definition.key]}
          onChange={(value) => setDraft((current) => ({ ...current, [definition.key]: value }))}
        />
      ))}
      <DialogFooter>
        <Button type="button" variant="outline" onClick={reset}>
          Reset
        </Button>
        <Button type="submit">Apply</Button>
      </DialogFooter>
    </form>
  );
}

/**
 * The small-screen stand-in for the filter panel (docs/member-portal.md §2): a button that opens a
 * dialog with the list's main fields, Reset and Apply. Nothing reaches the list until Apply, so a
 * member on a slow connection picks everything first and waits once. A dialog of the kit
 * (docs/decisions/124-dialog-kit.md): focus stays inside, Escape closes it and focus returns to
 * the button.
 */
export function ListSearchDialog({
  title,
  description,
  triggerLabel = 'Search & filter',
  ...form
}: ListSearchDialogProps) {
  const activeCount = countActiveFilters(form.values, form.search?.value);
  return (
    <FormDialog
      trigger={
        <Button variant="outline" className="w-full">
          <Search aria-hidden="true" />
          {triggerLabel}
          {activeCount > 0 ? (
            <Badge variant="secondary">
              {activeCount}
              <span className="sr-only"> active</span>
            </Badge>
          ) : null}
        </Button>
      }
      title={title}
      description={description}
    >
      {(close) => <SearchForm {...form} close={close} />}
    </FormDialog>
  );
}
