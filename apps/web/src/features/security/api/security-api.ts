import type { ActionResponse } from '@coop/shared/http';
import type {
  DisableTwoFactorInput,
  EnableTwoFactorInput,
  LOGIN_EVENT_LABELS,
  LoginEvent,
  SignOutOthersInput,
  StartTwoFactorSetupInput,
  TwoFactorSetup,
  TwoFactorStatus,
} from '@coop/shared/security';
import type { Pagination as PageInfo } from '@coop/shared/http';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { authStore } from '../../../lib/auth-store';

export type { LoginEvent };
export type LoginEventKind = keyof typeof LOGIN_EVENT_LABELS;

const keys = {
  twoFactor: ['two-factor'] as const,
  history: (page: number) => ['login-history', page] as const,
};

export function useTwoFactorStatus() {
  return useQuery({
    queryKey: keys.twoFactor,
    queryFn: ({ signal }) =>
      api
        .get<{ success: true; data: TwoFactorStatus }>('/users/two-factor', { signal })
        .then((r) => r.data),
  });
}

export function useStartTwoFactorSetup() {
  return useMutation({
    mutationFn: (input: StartTwoFactorSetupInput) =>
      api
        .post<{ success: true; data: TwoFactorSetup }>('/users/two-factor/setup', input)
        .then((r) => r.data),
  });
}

export function useEnableTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: EnableTwoFactorInput) =>
      api
        .post<{ success: true; data: { recoveryCodes: string[] } }>(
          '/users/two-factor/enable',
          input,
        )
        .then((r) => r.data),
    onSuccess: async () => {
      // The sign-in that turned it on counts as a two-factor one from its next token: an
      // officer reaches the back office without signing in again.
      if (await api.renewAccessToken()) authStore.twoFactorSatisfied();
      await queryClient.invalidateQueries({ queryKey: keys.twoFactor });
    },
  });
}

export function useDisableTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: DisableTwoFactorInput) =>
      api.post<ActionResponse>('/users/two-factor/disable', input),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: keys.twoFactor }),
  });
}

export const LOGIN_HISTORY_PAGE_SIZE = 10;

export function useLoginHistory(page: number) {
  return useQuery({
    queryKey: keys.history(page),
    queryFn: ({ signal }) =>
      api.get<{ success: true; data: LoginEvent[]; pagination: PageInfo }>('/users/login-history', {
        params: { page, limit: LOGIN_HISTORY_PAGE_SIZE },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

export function useSignOutOthers() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SignOutOthersInput) =>
      api
        .post<{ success: true; data: { ended: number } }>(
          '/users/login-history/sign-out-others',
          input,
        )
        .then((r) => r.data),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ['login-history'] }),
  });
}
