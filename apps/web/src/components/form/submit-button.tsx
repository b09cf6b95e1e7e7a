import { LoaderCircle } from 'lucide-react';
import { Button, type ButtonProps } from '../ui/button';

type SubmitButtonProps = Omit<ButtonProps, 'type' | 'asChild'> & {
  isPending: boolean;
  /** What the button says while the form is being sent: 'Signing in...'. */
  pendingLabel: string;
};

/** A form's submit button: disabled, with a spinner and its busy label, while the form is sent. */
export function SubmitButton({
  isPending,
  pendingLabel,
  disabled,
  children,
  ...props
}: SubmitButtonProps) {
  return (
    <Button type="submit" disabled={isPending || disabled} {...props}>
      {isPending ? <LoaderCircle aria-hidden="true" className="animate-spin" /> : null}
      {isPending ? pendingLabel : children}
    </Button>
  );
}
