import type { ReactNode } from 'react';
import { PasswordInput } from '../ui/password-input';
import { FormField } from './form-field';

type CurrentPasswordFieldProps = {
  /** The input's id; the hint gets `${id}-hint`. */
  id: string;
  value: string;
  onChange: (value: string) => void;
  /** The validation message under the field, if any (a server refusal names the field). */
  error?: string | undefined;
  /** Why the password is asked again, under the field. */
  hint?: ReactNode;
  label?: string;
  /** The request field it is sent as. */
  name?: string;
};

/**
 * The member's current password, asked again before a sensitive change (decision 082): the phone
 * number, turning two-factor on or off, signing out the other sessions. One field, so each of
 * them reads, autocompletes and explains itself the same way.
 */
export function CurrentPasswordField({
  id,
  value,
  onChange,
  error,
  hint,
  label = 'Current password',
  name = 'currentPassword',
}: CurrentPasswordFieldProps) {
  const hintId = `${id}-hint`;
  return (
    <div className="grid gap-2">
      <FormField id={id} label={label} error={error} describedBy={hint ? hintId : undefined}>
        <PasswordInput
          name={name}
          autoComplete="current-password"
          value={value}
          onChange={(event) => onChange(event.target.value)}
        />
      </FormField>
      {hint ? (
        <p id={hintId} className="text-sm text-muted-foreground">
          {hint}
        </p>
      ) : null}
    </div>
  );
}
