import type { GuarantorCandidate } from '@coop/shared/guarantors';
import { GUARANTOR_SEARCH_DEBOUNCE_MS, INFINITE_SCROLL_TRIGGER } from '@coop/shared/constants';
import { LOAN_MESSAGES } from '@coop/shared/loan-rules';
import { FALLBACK_MESSAGES } from '@coop/shared/messages';
import { useEffect, useId, useState } from 'react';
import { Badge } from '../../../components/ui/badge';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { Spinner } from '../../../components/ui/spinner';
import { failureMessage } from '../../../lib/api-client';
import { cn } from '../../../lib/cn';
import { useGuarantorCandidates } from '../api/get-guarantor-candidates';

/** The search term, trimmed and debounced 300 ms (docs/member-portal.md §5, §9). */
function useDebounced(value: string): string {
  const [debounced, setDebounced] = useState(value.trim());
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value.trim()), GUARANTOR_SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [value]);
  return debounced;
}

export const fullName = (person: { firstName: string; lastName: string }) =>
  `${person.firstName} ${person.lastName}`;

/**
 * Candidate search with infinite scroll (loads more at 80 % scroll) and the EXCO badge. Members in
 * `excluded` (by id or e-mail) are not offered; `onPick` toggles one.
 */
export function GuarantorPicker(props: {
  selectedIds: readonly string[];
  excluded: { ids: readonly string[]; emails: readonly string[] };
  onPick: (candidate: GuarantorCandidate) => void;
  disabledReason?: string | null;
}) {
  const searchId = useId();
  const [term, setTerm] = useState('');
  const search = useDebounced(term);
  const candidates = useGuarantorCandidates(search);
  const people = (candidates.data?.pages.flatMap((page) => page.data) ?? []).filter(
    (person) =>
      !props.excluded.ids.includes(person.id) &&
      !props.excluded.emails.includes(person.email.toLowerCase()),
  );

  return (
    <div className="grid gap-2">
      <Label htmlFor={searchId}>Search guarantors</Label>
      <Input
        id={searchId}
        type="search"
        value={term}
        onChange={(event) => setTerm(event.target.value)}
        placeholder="Search by name, email, or membership ID..."
      />
      <div
        className="max-h-64 overflow-y-auto rounded-md border"
        onScroll={(event) => {
          const el = event.currentTarget;
          if (
            el.scrollTop + el.clientHeight >= el.scrollHeight * INFINITE_SCROLL_TRIGGER &&
            candidates.hasNextPage &&
            !candidates.isFetchingNextPage
          ) {
            void candidates.fetchNextPage();
          }
        }}
      >
        {candidates.isPending ? (
          <div className="flex justify-center p-4">
            <Spinner label="Loading members" />
          </div>
        ) : candidates.isError ? (
          <p className="p-3 text-sm text-destructive" role="alert">
            Error loading users: {failureMessage(candidates.error, FALLBACK_MESSAGES.searchUsers)}
          </p>
        ) : people.length === 0 ? (
          <p className="p-3 text-sm text-muted-foreground">
            {search ? LOAN_MESSAGES.noGuarantorsMatching : LOAN_MESSAGES.noAvailableGuarantors}
          </p>
        ) : (
          <ul aria-label="Available guarantors">
            {people.map((person) => {
              const selected = props.selectedIds.includes(person.id);
              return (
                <li key={person.id} className="border-b last:border-0">
                  <button
                    type="button"
                    aria-pressed={selected}
                    disabled={!selected && Boolean(props.disabledReason)}
                    onClick={() => props.onPick(person)}
                    className={cn(
                      'flex w-full items-center justify-between gap-2 px-3 py-2 text-left text-sm hover:bg-muted disabled:opacity-50',
                      selected && 'bg-primary/10',
                    )}
                  >
                    <span>
                      <span className="font-medium">{fullName(person)}</span>{' '}
                      <span className="text-muted-foreground">
                        {person.membershipId} · {person.email}
                      </span>
                    </span>
                    <span className="flex items-center gap-2">
                      {person.isExco ? <Badge variant="info">EXCO</Badge> : null}
                      {selected ? <span className="text-xs font-medium">Selected</span> : null}
                    </span>
                  </button>
                </li>
              );
            })}
          </ul>
        )}
        {candidates.isFetchingNextPage ? (
          <div className="flex justify-center p-2">
            <Spinner label="Loading more members" />
          </div>
        ) : null}
      </div>
    </div>
  );
}
