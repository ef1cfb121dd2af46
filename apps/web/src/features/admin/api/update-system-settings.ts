import type {
  SystemSettings,
  UpdateSystemSettingsBody,
} from '@pastebox/contract/schemas/system-settings';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { invalidateAfterChange, queryKeys } from '@/lib/query-keys';

/** PUT /api/admin/system-settings: absent fields stay as they are. */
export function updateSystemSettings(body: UpdateSystemSettingsBody): Promise<SystemSettings> {
  return apiRequest<SystemSettings>('/admin/system-settings', { method: 'PUT', body });
}

/** Saves the settings, then refreshes them and the upload page's size limit. */
export function useUpdateSystemSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateSystemSettings,
    onSuccess: (saved) => {
      queryClient.setQueryData(queryKeys.systemSettings, saved);
      return invalidateAfterChange(queryClient, 'systemSettings');
    },
  });
}
