import { useState, type ReactNode } from 'react';
import { SubmitButton } from '../../../../components/form/submit-button';
import { Alert, AlertDescription } from '../../../../components/ui/alert';
import { Button } from '../../../../components/ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '../../../../components/ui/dialog';
import { failureMessage } from '../../../../lib/api-client';

/** A dialog whose form closes it once the action succeeded. */
export function ActionDialog({
  trigger,
  title,
  description,
  children,
  variant = 'default',
}: {
  trigger: string;
  title: string;
  description: string;
  children: (close: () => void) => ReactNode;
  variant?: 'default' | 'outline' | 'destructive';
}) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant={variant}>{trigger}</Button>
      </DialogTrigger>
      <DialogContent className="max-h-dvh overflow-y-auto">
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        {open ? children(() => setOpen(false)) : null}
      </DialogContent>
    </Dialog>
  );
}

export function FormFooter({
  pending,
  pendingLabel,
  label,
  disabled,
  variant,
}: {
  pending: boolean;
  pendingLabel: string;
  label: string;
  disabled?: boolean;
  variant?: 'destructive';
}) {
  return (
    <DialogFooter>
      <DialogClose asChild>
        <Button type="button" variant="outline" disabled={pending}>
          Cancel
        </Button>
      </DialogClose>
      <SubmitButton
        isPending={pending}
        pendingLabel={pendingLabel}
        disabled={disabled ?? false}
        {...(variant ? { variant } : {})}
      >
        {label}
      </SubmitButton>
    </DialogFooter>
  );
}

export function ActionError({ error, fallback }: { error: unknown; fallback: string }) {
  return (
    <Alert variant="destructive" role="alert">
      <AlertDescription>{failureMessage(error, fallback)}</AlertDescription>
    </Alert>
  );
}
