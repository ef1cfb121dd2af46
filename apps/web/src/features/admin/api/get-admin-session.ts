import type { AdminTokenInfo } from '@pastebox/contract/schemas/auth';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** GET /api/test/admin-token: who the signed-in admin is, for the sidebar and settings. */
export function getAdminSession(): Promise<AdminTokenInfo> {
  return apiRequest<AdminTokenInfo>('/test/admin-token');
}

/** The signed-in admin's name; idle for key users. */
export function useAdminSession(enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.adminSession,
    queryFn: getAdminSession,
    enabled,
    staleTime: 5 * 60_000,
  });
}
