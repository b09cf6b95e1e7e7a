import { Slot } from 'radix-ui';
import type { ReactElement, ReactNode } from 'react';
import { cn } from '../../lib/cn';
import { Label } from '../ui/label';

type FormFieldProps = {
  /** The control's id; its message gets `${id}-error`. */
  id: string;
  label: ReactNode;
  /** The validation message under the field, if any. */
  error?: string | undefined;
  /** Ids of other text that describes the field, such as a requirements checklist. */
  describedBy?: string;
  /** Shown at the end of the label's line, e.g. a 'Forgot password?' link. */
  labelAside?: ReactNode;
  /** A line under the control saying what the value means; it describes the control. */
  hint?: ReactNode;
  /** The control (Input, PasswordInput, Textarea, NativeSelect); it receives the id and ARIA wiring. */
  children: ReactElement;
  className?: string;
};

/**
 * A labelled form control with its validation message. The control gets its id, aria-invalid
 * while there is a message, and aria-describedby pointing at the message (and at `describedBy`),
 * so a screen reader reads the message when the field is focused.
 */
export function FormField({
  id,
  label,
  error,
  describedBy,
  labelAside,
  hint,
  children,
  className,
}: FormFieldProps) {
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedByIds = [error ? errorId : null, hint ? hintId : null, describedBy]
    .filter(Boolean)
    .join(' ');
  const labelElement = <Label htmlFor={id}>{label}</Label>;
  return (
    // Rows packed at the top: beside a taller field in a two-column row (one showing its error),
    // a stretched grid would grow its label's row and push its input below its neighbour's.
    <div className={cn('grid content-start gap-2', className)}>
      {labelAside ? (
        <div className="flex items-center justify-between gap-2">
          {labelElement}
          {labelAside}
        </div>
      ) : (
        labelElement
      )}
      <Slot.Root
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedByIds || undefined}
      >
        {children}
      </Slot.Root>
      {hint ? (
        <p id={hintId} className="text-sm text-muted-foreground">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="text-sm font-medium text-destructive">
          {error}
        </p>
      ) : null}
    </div>
  );
}
