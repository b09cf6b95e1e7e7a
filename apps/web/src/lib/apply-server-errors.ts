import type { FieldPath, FieldValues, UseFormSetError } from 'react-hook-form';
import { failureMessage, fieldErrors } from './api-client';

/**
 * The per-field messages of a refusal (`details: [{ field, message }]`, the API's error shape
 * whatever the status: a 400's validation error or wrong current password, a 409's phone number,
 * e-mail or bank reference already in use) that belong to `fields`; empty when it names none. A
 * message about a field the form does not have is not the member's to fix there, so it is left
 * to the caller's general error.
 */
export function serverFieldMessages<Field extends string>(
  error: unknown,
  fields: readonly Field[],
): Partial<Record<Field, string>> {
  const byField = fieldErrors(error);
  const messages: Partial<Record<Field, string>> = {};
  for (const field of fields) {
    const message = byField[field];
    if (message !== undefined) messages[field] = message;
  }
  return messages;
}

/**
 * Puts a refusal's field messages under the form's own fields (react-hook-form), e.g. a
 * password the server refuses as too common, a phone number another member uses. Returns the fields that received one: none means
 * the failure is not about a field, and the caller shows it as a general error.
 */
export function applyServerErrors<Values extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<Values>,
  fields: readonly FieldPath<Values>[],
): FieldPath<Values>[] {
  const messages = serverFieldMessages(error, fields);
  const applied = fields.filter((field) => messages[field] !== undefined);
  for (const field of applied) setError(field, { type: 'server', message: messages[field] });
  return applied;
}

/**
 * The one way a form shows a failed submission (docs/decisions/125-forms.md): a refusal's field
 * messages under their fields (a 400's validation, a 409's duplicate); anything else (a refusal about no field, a lockout, the network)
 * as the form's general error, `errors.root.server`, with `fallback` when the answer has no
 * message. react-hook-form clears it on the next submission.
 */
export function showSubmitFailure<Values extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<Values>,
  fields: readonly FieldPath<Values>[],
  fallback: string,
): void {
  if (applyServerErrors(error, setError, fields).length > 0) return;
  setError('root.server', { type: 'server', message: failureMessage(error, fallback) });
}
