import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn';

type SwitchProps = Omit<ComponentProps<'button'>, 'onChange' | 'role'> & {
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
};

/** An on/off switch (WAI-ARIA `switch`): a button that says whether it is on. 44 px tall to touch. */
export function Switch({ checked, onCheckedChange, className, disabled, ...props }: SwitchProps) {
  return (
    <button
      type="button"
      role="switch"
      aria-checked={checked}
      disabled={disabled}
      onClick={() => onCheckedChange(!checked)}
      className={cn(
        'group inline-flex h-11 w-14 shrink-0 items-center justify-center rounded-full focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring disabled:cursor-not-allowed',
        className,
      )}
      {...props}
    >
      <span
        aria-hidden="true"
        className={cn(
          // Disabled: a dashed, empty track whichever theme, so an unavailable switch never
          // looks like one that is off and could be turned on.
          'relative inline-flex h-6 w-11 items-center rounded-full border-2 border-transparent transition-colors group-disabled:border-dashed group-disabled:border-muted-foreground/60 group-disabled:bg-transparent',
          checked ? 'bg-primary' : 'bg-input',
        )}
      >
        <span
          className={cn(
            'size-5 rounded-full bg-background shadow-sm transition-transform group-disabled:scale-75 group-disabled:bg-muted-foreground/60 group-disabled:shadow-none',
            checked ? 'translate-x-5' : 'translate-x-0',
          )}
        />
      </span>
    </button>
  );
}
