import { useState, type ReactElement, type ReactNode } from 'react';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '../ui/dialog';

// The kit's frame on its own (docs/decisions/124-dialog-kit.md): form-dialog.tsx re-exports it
// with the rest of the kit. The list kit's phone search dialog, on members' first loads, imports
// it from here, so those pages do not bring the kit's buttons, alerts and toasts with them.

/**
 * The open state of a kit dialog: the caller's when it passes `open` (a dialog opened from a
 * row's state), else the dialog's own (a dialog with its trigger).
 */
export function useDialogOpen(open?: boolean, onOpenChange?: (open: boolean) => void) {
  const [own, setOwn] = useState(false);
  const isOpen = open ?? own;
  const setOpen = (next: boolean) => {
    if (open === undefined) setOwn(next);
    onOpenChange?.(next);
  };
  return [isOpen, setOpen] as const;
}

export type KitDialogProps = {
  /** The button that opens the dialog; focus returns to it on close. Absent: `open` drives it. */
  trigger?: ReactElement;
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  /** The dialog's accessible name. */
  title: ReactNode;
  /** The dialog's accessible description: what will happen. */
  description?: ReactNode;
  /** Where focus goes on close, when its trigger is gone (call `event.preventDefault()`). */
  onCloseAutoFocus?: (event: Event) => void;
  className?: string;
};

/**
 * A dialog that holds a form and closes when the form is done: the base of the kit
 * (docs/decisions/124-dialog-kit.md). The body is mounted only while open, so a closed dialog
 * forgets what was typed. While `busy` (the form is being sent) Escape, the overlay and the close
 * button do nothing: the outcome is seen where it was asked for.
 */
export function FormDialog({
  trigger,
  open,
  onOpenChange,
  title,
  description,
  busy = false,
  onCloseAutoFocus,
  className,
  children,
}: KitDialogProps & {
  busy?: boolean;
  /** The form; `close` ends the dialog once it is done. */
  children: ReactNode | ((close: () => void) => ReactNode);
}) {
  const [isOpen, setOpen] = useDialogOpen(open, onOpenChange);
  const close = () => setOpen(false);
  return (
    <Dialog open={isOpen} onOpenChange={(next) => !(busy && !next) && setOpen(next)}>
      {trigger ? <DialogTrigger asChild>{trigger}</DialogTrigger> : null}
      <DialogContent
        className={className}
        onCloseAutoFocus={onCloseAutoFocus}
        {...(description === undefined ? { 'aria-describedby': undefined } : {})}
      >
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          {description === undefined ? null : <DialogDescription>{description}</DialogDescription>}
        </DialogHeader>
        {typeof children === 'function' ? children(close) : children}
      </DialogContent>
    </Dialog>
  );
}
