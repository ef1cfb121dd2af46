import type { SsoSettings, UpdateSsoSettingsBody } from '@pastebox/contract/schemas/sso';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** GET /api/admin/sso-settings (admin only): what applies now; the secret is never answered. */
export function getSsoSettings(): Promise<SsoSettings> {
  return apiRequest<SsoSettings>('/admin/sso-settings');
}

export function useSsoSettings() {
  return useQuery({ queryKey: queryKeys.ssoSettings, queryFn: getSsoSettings });
}

/** PUT /api/admin/sso-settings: any subset; fields the environment fixes are ignored. */
export function updateSsoSettings(body: UpdateSsoSettingsBody): Promise<SsoSettings> {
  return apiRequest<SsoSettings>('/admin/sso-settings', { method: 'PUT', body });
}

/** Saves, keeps the answer, and lets the login screen ask again whether SSO is on. */
export function useUpdateSsoSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateSsoSettings,
    onSuccess: (saved) => {
      queryClient.setQueryData(queryKeys.ssoSettings, saved);
      return queryClient.invalidateQueries({ queryKey: queryKeys.ssoLoginInfo });
    },
  });
}
