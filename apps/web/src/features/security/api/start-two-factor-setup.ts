import type { SuccessResponse } from '@coop/shared/http';
import type { StartTwoFactorSetupInput, TwoFactorSetup } from '@coop/shared/security';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** POST /users/two-factor/setup: a new secret to scan; nothing changes until it is confirmed. */
export async function startTwoFactorSetup(
  input: StartTwoFactorSetupInput,
): Promise<TwoFactorSetup> {
  const { data } = await api.post<SuccessResponse<TwoFactorSetup>>(
    '/users/two-factor/setup',
    input,
  );
  return data;
}

export function useStartTwoFactorSetup() {
  return useMutation({ mutationFn: startTwoFactorSetup });
}
