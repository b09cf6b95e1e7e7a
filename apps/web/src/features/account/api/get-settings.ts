import type { UserSettingsResponse } from '@coop/shared/settings';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { settingsKeys } from './settings-keys';

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
