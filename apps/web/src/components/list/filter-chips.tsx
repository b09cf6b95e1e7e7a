import { X } from 'lucide-react';
import { formatDisplayDate, formatMonth, formatShortDate } from '@coop/shared/dates';
import {
  isFilterActive,
  type FilterDefinition,
  type FilterValue,
  type FilterValues,
} from '../../lib/list-filters';

/**
 * How an active filter's value reads in its chip; a date range reads 'MMM dd - MMM dd'
 * (docs/member-portal.md §2).
 */
export function chipText(definition: FilterDefinition, value: FilterValue): string {
  if (typeof value === 'object') {
    const start = value.start ? formatShortDate(value.start) : null;
    const end = value.end ? formatShortDate(value.end) : null;
    if (start && end) return `${start} - ${end}`;
    return start ? `From ${start}` : `Until ${end ?? ''}`;
  }
  const text = (value ?? '').trim();
  if (definition.formatValue) return definition.formatValue(text);
  switch (definition.type) {
    case 'select':
      return definition.options.find((option) => option.value === text)?.label ?? text;
    case 'month':
      return formatMonth(text);
    case 'date':
      return formatDisplayDate(text);
    default:
      return text;
  }
}

type FilterChipsProps = {
  definitions: readonly FilterDefinition[];
  values: FilterValues;
  onRemove: (key: string) => void;
};

/**
 * The active filters as chips, each with a button that removes it (docs/member-portal.md §2). Small
 * screens show the first three letters of the label; screen readers always hear the whole label.
 */
export function FilterChips({ definitions, values, onRemove }: FilterChipsProps) {
  const active = definitions.filter((definition) => isFilterActive(values[definition.key]));
  if (active.length === 0) return null;
  return (
    <ul aria-label="Active filters" className="flex flex-wrap gap-2">
      {active.map((definition) => (
        <li
          key={definition.key}
          className="inline-flex min-h-8 items-center gap-1 rounded-full border bg-secondary py-0.5 pr-0.5 pl-3 text-sm text-secondary-foreground"
        >
          <span>
            <span aria-hidden="true" className="font-medium sm:hidden">
              {definition.label.slice(0, 3)}
            </span>
            <span className="sr-only font-medium sm:not-sr-only">{definition.label}</span>:{' '}
            {chipText(definition, values[definition.key])}
          </span>
          <button
            type="button"
            onClick={() => onRemove(definition.key)}
            aria-label={`Remove ${definition.label} filter`}
            className="relative inline-flex size-7 items-center justify-center rounded-full text-muted-foreground after:absolute after:-inset-1.5 after:content-[''] hover:bg-accent hover:text-foreground"
          >
            <X aria-hidden="true" className="size-4" />
          </button>
        </li>
      ))}
    </ul>
  );
}
