import type { ActionResponse } from '@coop/shared/http';
import type { ForgotPasswordInput } from '@coop/shared/auth';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** POST /auth/forgot-password: the same answer whether or not the e-mail belongs to a member. */
export function requestPasswordReset(input: ForgotPasswordInput): Promise<unknown> {
  return api.post<ActionResponse>('/auth/forgot-password', input, { skipAuthRefresh: true });
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}
