import type { UserSettingsResponse, UserSettingsUpdate } from '@coop/shared/settings';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { applyDarkMode } from '../../../lib/theme';

export const settingsKeys = { all: ['settings'] as const };

/** GET /users/settings */
export function getSettings(signal?: AbortSignal): Promise<UserSettingsResponse> {
  return api.get<UserSettingsResponse>('/users/settings', { signal });
}

export const settingsQueryOptions = () =>
  queryOptions({
    queryKey: settingsKeys.all,
    queryFn: ({ signal }) => getSettings(signal),
    staleTime: 5 * 60_000,
  });

export function useSettings() {
  return useQuery(settingsQueryOptions());
}

/** PUT /users/settings: the fields given change, the others stay. */
export function updateSettings(update: UserSettingsUpdate): Promise<UserSettingsResponse> {
  return api.put<UserSettingsResponse>('/users/settings', update);
}

export function useUpdateSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateSettings,
    onSuccess: (answer) => {
      queryClient.setQueryData(settingsKeys.all, answer);
      applyDarkMode(answer.data.darkMode);
    },
  });
}
