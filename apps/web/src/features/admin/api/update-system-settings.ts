import type {
  SystemSettings,
  UpdateSystemSettingsBody,
} from '@pastebox/contract/schemas/system-settings';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { SYSTEM_SETTINGS_KEY } from './get-system-settings';

/**
 * The upload page's cached max upload size (features/upload/api/get-max-upload-size.ts).
 * Repeated here as a literal because features do not import each other.
 */
const MAX_UPLOAD_SIZE_KEY = ['system', 'max-upload-size'] as const;

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
      queryClient.setQueryData(SYSTEM_SETTINGS_KEY, saved);
      return queryClient.invalidateQueries({ queryKey: MAX_UPLOAD_SIZE_KEY });
    },
  });
}
