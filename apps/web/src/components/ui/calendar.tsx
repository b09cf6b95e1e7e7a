import { ChevronLeft, ChevronRight } from 'lucide-react';
import type { ComponentProps } from 'react';
import { DayPicker, type ChevronProps } from 'react-day-picker';
import { cn } from '../../lib/cn';
import { buttonVariants } from './button';

function Chevron({ orientation, className }: ChevronProps) {
  const Icon = orientation === 'left' ? ChevronLeft : ChevronRight;
  return <Icon aria-hidden="true" className={cn('size-4', className)} />;
}

/**
 * A month calendar (react-day-picker with date-fns) in the portal's theme. docs/member-portal.md
 * §2: the week starts on Sunday and the days of the neighbouring months are shown. Its stylesheet
 * is these classes, so no library CSS is loaded. Day buttons are 40 px, the smallest comfortable
 * tap target.
 */
export function Calendar({ className, classNames, ...props }: ComponentProps<typeof DayPicker>) {
  return (
    <DayPicker
      weekStartsOn={0}
      showOutsideDays
      className={cn('relative', className)}
      classNames={{
        months: 'relative flex flex-col gap-4',
        month: 'grid gap-3',
        month_caption: 'flex h-10 items-center justify-center px-10',
        caption_label: 'text-sm font-medium',
        nav: 'absolute inset-x-0 top-0 z-10 flex items-center justify-between',
        button_previous: cn(
          buttonVariants({ variant: 'ghost', size: 'icon' }),
          'aria-disabled:opacity-50',
        ),
        button_next: cn(
          buttonVariants({ variant: 'ghost', size: 'icon' }),
          'aria-disabled:opacity-50',
        ),
        month_grid: 'w-full border-collapse',
        weekdays: 'flex',
        weekday: 'w-10 text-center text-xs font-normal text-muted-foreground',
        week: 'mt-1 flex w-full',
        day: 'size-10 p-0 text-center text-sm',
        day_button: cn(
          buttonVariants({ variant: 'ghost' }),
          'size-10 p-0 font-normal aria-selected:opacity-100',
        ),
        selected:
          '[&>button]:bg-primary [&>button]:text-primary-foreground [&>button]:hover:bg-primary [&>button]:hover:text-primary-foreground',
        today: '[&>button]:border [&>button]:border-primary',
        outside: 'text-muted-foreground [&>button]:text-muted-foreground',
        disabled: 'opacity-50 [&>button]:pointer-events-none',
        hidden: 'invisible',
        ...classNames,
      }}
      components={{ Chevron }}
      {...props}
    />
  );
}
