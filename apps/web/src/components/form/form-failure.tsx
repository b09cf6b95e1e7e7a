import { CircleAlert } from 'lucide-react';
import { Alert, AlertDescription } from '../ui/alert';

/**
 * A form's general error (`errors.root.server`: a refusal about no field, or validation that could
 * not load), above its fields; nothing when there is none (docs/decisions/125-forms.md). A
 * dialog's form uses the dialog kit's `DialogFailure`.
 */
export function FormFailure({ message }: { message: string | null | undefined }) {
  if (!message) return null;
  return (
    <Alert variant="destructive" role="alert">
      <CircleAlert aria-hidden="true" />
      <AlertDescription>{message}</AlertDescription>
    </Alert>
  );
}
