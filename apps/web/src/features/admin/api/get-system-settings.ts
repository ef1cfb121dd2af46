import type { SystemSettings } from '@pastebox/contract/schemas/system-settings';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** Root of the system-settings query key: the update invalidates through it. */
export const SYSTEM_SETTINGS_KEY = ['admin', 'system-settings'] as const;

/** GET /api/admin/system-settings (admin only): max upload size and WebDAV upload mode. */
export function getSystemSettings(): Promise<SystemSettings> {
  return apiRequest<SystemSettings>('/admin/system-settings');
}

export const systemSettingsQueryOptions = queryOptions({
  queryKey: SYSTEM_SETTINGS_KEY,
  queryFn: getSystemSettings,
});

/** The current system settings. */
export function useSystemSettings() {
  return useQuery(systemSettingsQueryOptions);
}
