import type { SessionItem } from '@pastebox/contract/schemas/account';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** GET /api/account/sessions: the account's own sessions (issue 32). */
export function getSessions(): Promise<SessionItem[]> {
  return apiRequest<SessionItem[]>('/account/sessions');
}

export function useSessions() {
  return useQuery({ queryKey: queryKeys.account.sessions, queryFn: getSessions });
}

/** DELETE /api/account/sessions/{id}: ends one session (404 SESSION_NOT_FOUND when gone). */
export function endSession(id: string): Promise<null> {
  return apiRequest<null>(`/account/sessions/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

/** POST /api/account/sessions/end-others: ends every session but this one. */
export function endOtherSessions(): Promise<{ ended: number }> {
  return apiRequest<{ ended: number }>('/account/sessions/end-others', { method: 'POST' });
}

/**
 * Ending one session or all others; the list is read again either way, so a session that was
 * already gone (404) drops off too.
 */
export function useEndSessions() {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: queryKeys.account.sessions });
  return {
    endOne: useMutation({ mutationFn: endSession, onSettled: refresh }),
    endOthers: useMutation({ mutationFn: endOtherSessions, onSettled: refresh }),
  };
}
