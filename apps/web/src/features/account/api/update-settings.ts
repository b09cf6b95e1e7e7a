import type { UserSettingsResponse, UserSettingsUpdate } from '@coop/shared/settings';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { applyDarkMode } from '../../../lib/theme';
import { settingsKeys } from './settings-keys';

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
