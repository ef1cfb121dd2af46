import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { invalidateAfterChange } from '@/lib/query-keys';

/** POST /api/admin/pastes/clear-expired {clearExpired: true} (admin only, SPEC §6). */
export function clearExpiredPastes(): Promise<{ deleted: number }> {
  return apiRequest<{ deleted: number }>('/admin/pastes/clear-expired', {
    method: 'POST',
    body: { clearExpired: true },
  });
}

/** Clears expired shares and refreshes the lists. */
export function useClearExpiredPastes() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: clearExpiredPastes,
    onSuccess: () => invalidateAfterChange(queryClient, 'paste'),
  });
}
