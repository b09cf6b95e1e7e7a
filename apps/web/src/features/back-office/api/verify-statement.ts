import type {
  StatementVerificationQuery,
  StatementVerificationResponse,
} from '@coop/shared/statement-verification';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/**
 * GET /admin/statements/verify: what a statement's code certifies. A mutation, not a cached
 * query: each check is counted and audited on the server, and its answer is never kept.
 */
export function verifyStatement(
  query: StatementVerificationQuery,
): Promise<StatementVerificationResponse> {
  return api.get<StatementVerificationResponse>('/admin/statements/verify', {
    params: { code: query.code },
  });
}

export function useVerifyStatement() {
  return useMutation({ mutationFn: verifyStatement });
}
