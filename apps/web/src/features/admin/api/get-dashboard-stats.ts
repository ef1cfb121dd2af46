import type { DashboardStats } from '@pastebox/contract/schemas/dashboard';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** GET /api/admin/dashboard/stats: totals, 7-day activity, storage usage, newest shares (admin only). */
export function getDashboardStats(): Promise<DashboardStats> {
  return apiRequest<DashboardStats>('/admin/dashboard/stats');
}

export const dashboardStatsQueryOptions = queryOptions({
  queryKey: queryKeys.dashboardStats,
  queryFn: getDashboardStats,
  // The landing page should count what was just created elsewhere: refetch on every visit,
  // showing the last answer meanwhile.
  staleTime: 0,
});

/** The dashboard's numbers. */
export function useDashboardStats() {
  return useQuery(dashboardStatsQueryOptions);
}
