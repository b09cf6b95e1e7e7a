import type { ActionResponse } from '@coop/shared/http';
import type { ResetPasswordInput } from '@coop/shared/auth';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** POST /auth/reset-password: no automatic sign-in afterwards (docs/security.md). */
export function resetPassword(input: ResetPasswordInput): Promise<unknown> {
  return api.post<ActionResponse>('/auth/reset-password', input, { skipAuthRefresh: true });
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
