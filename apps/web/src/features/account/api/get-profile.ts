import type { ProfileUpdate } from '@coop/shared/users';
import type { CurrentUserResponse } from '@coop/shared/auth';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { authStore } from '../../../lib/auth-store';

export const profileKeys = { all: ['profile'] as const };

/** GET /users/profile */
export function getProfile(signal?: AbortSignal): Promise<CurrentUserResponse> {
  return api.get<CurrentUserResponse>('/users/profile', { signal });
}

export const profileQueryOptions = () =>
  queryOptions({ queryKey: profileKeys.all, queryFn: ({ signal }) => getProfile(signal) });

export function useProfile() {
  return useQuery(profileQueryOptions());
}

/**
 * What the dialog sends: the number as typed (the server normalises it) or null, and the current
 * password (a phone number signs in, so changing it asks for the password again).
 */
export type ProfileUpdateInput = { phoneNumber: string | null; currentPassword: string };

/** PUT /users/profile: the member's phone number, the only field they may change. */
export function updateProfile(input: ProfileUpdateInput): Promise<CurrentUserResponse> {
  const body: Record<keyof ProfileUpdate, string | null> = {
    currentPassword: input.currentPassword,
    phoneNumber: input.phoneNumber,
  };
  return api.put<CurrentUserResponse>('/users/profile', body);
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (answer) => {
      queryClient.setQueryData(profileKeys.all, answer);
      // The user menu shows the same member.
      authStore.userLoaded(answer.data);
    },
  });
}
