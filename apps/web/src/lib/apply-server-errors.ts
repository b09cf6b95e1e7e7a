import type { FieldPath, FieldValues, UseFormSetError } from 'react-hook-form';
import { failureMessage, fieldErrors, toApiError } from './api-client';

/**
 * The per-field messages of a 400 answer (`details: [{ field, message }]`: a validation error, a
 * password refused as too common, a wrong current password) that belong to `fields`; empty for
 * any other failure. A message about a field the form does not have is
 * not the member's to fix there, so it is left to the caller's general error.
 */
export function serverFieldMessages<Field extends string>(
  error: unknown,
  fields: readonly Field[],
): Partial<Record<Field, string>> {
  if (toApiError(error).status !== 400) return {};
  const byField = fieldErrors(error);
  const messages: Partial<Record<Field, string>> = {};
  for (const field of fields) {
    const message = byField[field];
    if (message !== undefined) messages[field] = message;
  }
  return messages;
}

/**
 * Puts a 400 answer's field messages under the form's own fields (react-hook-form), e.g. a
 * password the server refuses as too common. Returns the fields that received one: none means
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
 * The one way a form shows a failed submission (docs/decisions/125-forms.md): a 400's field
 * messages under their fields; anything else (a refusal about no field, a lockout, the network)
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
