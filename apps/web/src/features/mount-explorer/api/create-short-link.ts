import type { ShortLinkResult } from '@pastebox/contract/schemas/fs';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { fsCallPath } from '@/lib/fs/fs-family';

/**
 * POST fs/short-link (issue 30): the signed link GET file-link would answer, and a short
 * link (/api/s/{code}) that redirects to it until it expires — what the share QR encodes,
 * so a phone reads it at a glance instead of squinting at 300 characters.
 */
export function createShortLink(path: string, expiresIn: number): Promise<ShortLinkResult> {
  return apiRequest<ShortLinkResult>(fsCallPath('short-link'), {
    method: 'POST',
    body: { path, expires_in: expiresIn },
  });
}

/** Makes the share links of one file; each call draws a new code. */
export function useCreateShortLink(path: string) {
  return useMutation({
    mutationFn: (expiresIn: number) => createShortLink(path, expiresIn),
  });
}
