import { useEffect, useEffectEvent, useId, useState, type ComponentProps } from 'react';
import { isIsoMonth } from '@coop/shared/dates';
import type { DateRangeValue, FilterDefinition, FilterValue } from '../../lib/list-filters';
import { DatePicker } from '../ui/date-picker';
import { Input } from '../ui/input';
import { Label } from '../ui/label';
import { NativeSelect } from '../ui/native-select';

/**
 * docs/member-portal.md §2: a select's empty choice reads 'Select {label}' unless the list names
 * it.
 */
export const selectPlaceholder = (definition: FilterDefinition) =>
  definition.placeholder ?? `Select ${definition.label}`;

type TypedInputProps = Omit<ComponentProps<'input'>, 'value' | 'onChange'> & {
  value: string;
  onValueChange: (value: string) => void;
  /** Waits this long after the last keystroke before reporting, so typing sends one request. */
  debounceMs: number;
};

/** A text input whose value reaches the list after a pause in typing. */
function DebouncedInput({ value, onValueChange, debounceMs, ...props }: TypedInputProps) {
  const [draft, setDraft] = useState(value);
  const [shown, setShown] = useState(value);
  // What this field reported and the list has not yet handed back (the URL updates later).
  const [unechoed, setUnechoed] = useState<readonly string[]>([]);
  if (value !== shown) {
    setShown(value);
    const echo = unechoed.indexOf(value);
    if (echo >= 0) {
      // Our own report coming back: the member may have typed on meanwhile, keep the draft.
      setUnechoed(unechoed.slice(echo + 1));
    } else {
      // Changed from outside (Reset, a removed chip, Back): show it.
      setDraft(value);
      setUnechoed([]);
    }
  }
  const report = useEffectEvent((text: string) => {
    setUnechoed((current) => [...current, text]);
    onValueChange(text);
  });

  useEffect(() => {
    if (draft === value || debounceMs === 0) return;
    const timer = setTimeout(() => report(draft), debounceMs);
    return () => clearTimeout(timer);
  }, [draft, value, debounceMs]);

  return (
    <Input
      {...props}
      value={draft}
      onChange={(event) => {
        setDraft(event.target.value);
        if (debounceMs === 0) onValueChange(event.target.value);
      }}
    />
  );
}

function DateRangeField({
  definition,
  value,
  onChange,
}: {
  definition: FilterDefinition;
  value: DateRangeValue;
  onChange: (value: FilterValue) => void;
}) {
  const change = (next: DateRangeValue) => onChange(next.start || next.end ? next : undefined);
  return (
    // Two dates side by side need two columns of the panel's grid to show in full.
    <fieldset className="grid gap-2 sm:col-span-2">
      <legend className="mb-2 text-sm leading-none font-medium">{definition.label}</legend>
      <div className="grid grid-cols-2 gap-2">
        <DatePicker
          label="Start date"
          placeholder="Start date"
          value={value.start}
          max={value.end}
          onChange={(start) => change({ ...value, start })}
        />
        <DatePicker
          label="End date"
          placeholder="End date"
          value={value.end}
          min={value.start}
          onChange={(end) => change({ ...value, end })}
        />
      </div>
    </fieldset>
  );
}

type FilterFieldProps = {
  definition: FilterDefinition;
  value: FilterValue;
  /** Reports the new value; undefined when the field was cleared. */
  onChange: (value: FilterValue) => void;
  /** For typed fields in the live panel; 0 (the default) reports every keystroke. */
  debounceMs?: number;
};

/** One filter of a list, drawn by its type, with its label (docs/decisions/012-web-list-kit.md). */
export function FilterField({ definition, value, onChange, debounceMs = 0 }: FilterFieldProps) {
  const id = useId();
  const text = typeof value === 'string' ? value : '';
  const report = (next: string) => onChange(next === '' ? undefined : next);

  if (definition.type === 'dateRange') {
    return (
      <DateRangeField
        definition={definition}
        value={typeof value === 'object' ? value : {}}
        onChange={onChange}
      />
    );
  }

  if (definition.type === 'date') {
    return (
      <div className="grid gap-2">
        {/* The button carries the label in its own name, with the picked date after it. */}
        <span className="text-sm leading-none font-medium" aria-hidden="true">
          {definition.label}
        </span>
        <DatePicker
          label={definition.label}
          placeholder={definition.placeholder}
          value={text || undefined}
          onChange={onChange}
        />
      </div>
    );
  }

  let control;
  if (definition.type === 'select') {
    control = (
      <NativeSelect id={id} value={text} onChange={(event) => report(event.target.value)}>
        <option value="">{selectPlaceholder(definition)}</option>
        {definition.options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </NativeSelect>
    );
  } else if (definition.type === 'month') {
    // Browsers without a month picker show a text box: only a whole 'yyyy-MM' is reported.
    control = (
      <DebouncedInput
        id={id}
        type="month"
        placeholder={definition.placeholder ?? 'yyyy-mm'}
        value={text}
        debounceMs={debounceMs}
        onValueChange={(next) => {
          if (next === '' || isIsoMonth(next)) report(next);
        }}
      />
    );
  } else {
    control = (
      <DebouncedInput
        id={id}
        type={definition.type === 'number' ? 'number' : 'search'}
        inputMode={definition.type === 'number' ? 'decimal' : undefined}
        placeholder={definition.placeholder}
        value={text}
        debounceMs={debounceMs}
        onValueChange={report}
      />
    );
  }

  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>{definition.label}</Label>
      {control}
    </div>
  );
}
