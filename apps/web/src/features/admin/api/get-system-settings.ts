import type { SystemSettings } from '@pastebox/contract/schemas/system-settings';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** GET /api/admin/system-settings (admin only): max upload size and WebDAV upload mode. */
export function getSystemSettings(): Promise<SystemSettings> {
  return apiRequest<SystemSettings>('/admin/system-settings');
}

export const systemSettingsQueryOptions = queryOptions({
  queryKey: queryKeys.systemSettings,
  queryFn: getSystemSettings,
});

/** The current system settings. */
export function useSystemSettings() {
  return useQuery(systemSettingsQueryOptions);
}
