import type { InviteInfo } from '@pastebox/contract/schemas/account';
import { useMutation, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

const invitePath = (token: string) => `/invites/${encodeURIComponent(token)}`;

/**
 * GET /api/invites/{token}: whom the invitation is for; 410 INVITE_INVALID once used,
 * replaced or expired. Sent without credentials: whoever is signed in on this browser is
 * not the person invited.
 */
export function useInvite(token: string) {
  return useQuery({
    queryKey: ['invite', token],
    queryFn: () => apiRequest<InviteInfo>(invitePath(token), { anonymous: true }),
    // A refused link stays refused: asking again would only delay the page.
    retry: false,
    staleTime: Infinity,
  });
}

/** POST /api/invites/{token} {password}: the invitation is used; the person signs in next. */
export function useAcceptInvite(token: string) {
  return useMutation({
    mutationFn: (password: string) =>
      apiRequest<{ username: string }>(invitePath(token), {
        method: 'POST',
        body: { password },
        anonymous: true,
      }),
  });
}
