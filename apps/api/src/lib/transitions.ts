import { canTransition, type TransitionTable } from '@coop/shared/transitions';
import { DomainError, type DomainErrorOptions } from './domain-error.js';

/**
 * Refuses a status change the shared transition table does not allow (409). Use cases call it
 * after locking the row and before writing, so the check and the write see the same state.
 * `refusal` names the code and message the client sees; the default is a generic conflict.
 */
export function assertTransition<Status extends string>(
  table: TransitionTable<Status>,
  from: Status,
  to: Status,
  refusal: Pick<DomainErrorOptions, 'code' | 'message'> = {
    code: 'INVALID_TRANSITION',
    message: `Cannot change the status from ${from} to ${to}`,
  },
): void {
  if (!canTransition(table, from, to)) throw new DomainError(refusal);
}
