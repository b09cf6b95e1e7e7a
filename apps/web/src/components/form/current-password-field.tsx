import type { ComponentProps, ReactNode } from 'react';
import { PasswordInput } from '../ui/password-input';
import { FormField } from './form-field';

type CurrentPasswordFieldProps = Omit<ComponentProps<typeof PasswordInput>, 'id'> & {
  /** The input's id; the hint gets `${id}-hint`. */
  id: string;
  /** The validation message under the field, if any (a server refusal names the field). */
  error?: string | undefined;
  /** Why the password is asked again, under the field. */
  hint?: ReactNode;
  label?: string;
};

/**
 * The member's current password, asked again before a sensitive change (decision 082): the phone
 * number, turning two-factor on or off, signing out the other sessions. One field, so each of
 * them reads, autocompletes and explains itself the same way. The rest of the props go to the
 * input: a form spreads `register('currentPassword')` (docs/decisions/125-forms.md).
 */
export function CurrentPasswordField({
  id,
  error,
  hint,
  label = 'Current password',
  ...input
}: CurrentPasswordFieldProps) {
  const hintId = `${id}-hint`;
  return (
    <div className="grid gap-2">
      <FormField id={id} label={label} error={error} describedBy={hint ? hintId : undefined}>
        <PasswordInput autoComplete="current-password" {...input} />
      </FormField>
      {hint ? (
        <p id={hintId} className="text-sm text-muted-foreground">
          {hint}
        </p>
      ) : null}
    </div>
  );
}
