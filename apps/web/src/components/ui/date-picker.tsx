import { CalendarDays } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import type { Matcher } from 'react-day-picker';
import { formatLongDate } from '@coop/shared/dates';
import { parseCalendarDate, toCalendarDate } from '../../lib/calendar-date';
import { cn } from '../../lib/cn';
import { Button } from './button';
import { Popover, PopoverContent, PopoverTrigger } from './popover';
import { Spinner } from './spinner';

// The calendar (react-day-picker) is its own chunk, fetched when a member points at or focuses a
// date button, so a list page paints without it and phones, which never show the desktop filter
// panel, never download it.
const loadCalendar = () => import('./calendar');
const Calendar = lazy(() => loadCalendar().then((module) => ({ default: module.Calendar })));
const preloadCalendar = () => void loadCalendar().catch(() => undefined);

type DatePickerProps = {
  /** What the date is ('Start date'); screen readers hear it before the value. */
  label: string;
  /** 'yyyy-MM-dd', or undefined when no date is picked. */
  value: string | undefined;
  onChange: (value: string | undefined) => void;
  /** Shown while no date is picked; defaults to 'Pick a date'. */
  placeholder?: string;
  /** The earliest and latest days that can be picked, 'yyyy-MM-dd'. */
  min?: string | undefined;
  max?: string | undefined;
  id?: string;
  className?: string;
};

/** A button that opens a calendar in a popover; picking a day closes it. */
export function DatePicker({
  label,
  value,
  onChange,
  placeholder = 'Pick a date',
  min,
  max,
  id,
  className,
}: DatePickerProps) {
  const [open, setOpen] = useState(false);
  const selected = value ? (parseCalendarDate(value) ?? undefined) : undefined;
  const minDate = min ? parseCalendarDate(min) : null;
  const maxDate = max ? parseCalendarDate(max) : null;
  const disabled: Matcher[] = [];
  if (minDate) disabled.push({ before: minDate });
  if (maxDate) disabled.push({ after: maxDate });
  // docs/member-portal.md §2: a picked date reads as a long date, 'March 5, 2025'.
  const text = selected && value ? formatLongDate(value) : placeholder;

  return (
    <Popover open={open} onOpenChange={setOpen}>
      <PopoverTrigger asChild>
        <Button
          id={id}
          variant="outline"
          className={cn('w-full justify-start px-3 font-normal', className)}
          onPointerEnter={preloadCalendar}
          onFocus={preloadCalendar}
        >
          <CalendarDays aria-hidden="true" className="text-muted-foreground" />
          {text === label ? null : <span className="sr-only">{label}: </span>}
          <span className={cn('truncate', !selected && 'text-muted-foreground')}>{text}</span>
        </Button>
      </PopoverTrigger>
      <PopoverContent aria-label={label}>
        <Suspense
          fallback={
            <div className="flex h-72 w-70 items-center justify-center">
              <Spinner label="Loading calendar" />
            </div>
          }
        >
          <Calendar
            mode="single"
            autoFocus
            selected={selected}
            defaultMonth={selected ?? maxDate ?? minDate ?? undefined}
            disabled={disabled}
            onSelect={(date) => {
              onChange(date ? toCalendarDate(date) : undefined);
              setOpen(false);
            }}
          />
        </Suspense>
      </PopoverContent>
    </Popover>
  );
}
