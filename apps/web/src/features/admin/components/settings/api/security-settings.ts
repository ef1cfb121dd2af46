import type {
  SecuritySettings,
  UpdateSecuritySettingsBody,
} from '@pastebox/contract/schemas/security-settings';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** GET /api/admin/security-settings (admin only): audit retention, two factors for all. */
export function getSecuritySettings(): Promise<SecuritySettings> {
  return apiRequest<SecuritySettings>('/admin/security-settings');
}

export function useSecuritySettings() {
  return useQuery({ queryKey: queryKeys.securitySettings, queryFn: getSecuritySettings });
}

/** PUT /api/admin/security-settings: any subset of the fields. */
export function updateSecuritySettings(
  body: UpdateSecuritySettingsBody,
): Promise<SecuritySettings> {
  return apiRequest<SecuritySettings>('/admin/security-settings', { method: 'PUT', body });
}

export function useUpdateSecuritySettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateSecuritySettings,
    onSuccess: (saved) => queryClient.setQueryData(queryKeys.securitySettings, saved),
  });
}
