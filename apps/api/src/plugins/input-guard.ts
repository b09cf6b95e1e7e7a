import fp from 'fastify-plugin';
import { CONTROL_CHARACTERS_MESSAGE, controlCharacterField } from '@coop/shared/http';
import { DomainError } from '../lib/domain-error.js';

/**
 * Control characters (NUL first: PostgreSQL text cannot hold it) in any string of a request's
 * body, query or path parameters answer 400 VALIDATION_ERROR before the route's schema runs,
 * with the shared rule (decision 080). Anonymous callers of signed-in routes still get 401 first.
 */
export const inputGuard = fp(async (app) => {
  app.addHook('preValidation', async (req) => {
    for (const [part, value] of [
      ['params', req.params],
      ['query', req.query],
      ['body', req.body],
    ] as const) {
      const field = controlCharacterField(value);
      if (field === null) continue;
      throw new DomainError({
        code: 'VALIDATION_ERROR',
        message: CONTROL_CHARACTERS_MESSAGE,
        details: [{ field: field || part, message: CONTROL_CHARACTERS_MESSAGE }],
      });
    }
  });
});
