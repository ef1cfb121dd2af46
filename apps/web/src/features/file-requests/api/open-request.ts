import type {
  OpenFileRequestBody,
  RequestUploadToken,
} from '@pastebox/contract/schemas/file-request';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { publicRequestPath } from './get-public-request';

/**
 * POST /api/public/requests/{slug}/open: the password and the sender's name/e-mail as the
 * request asks → an upload token (one page opening counted). WRONG_PASSWORD,
 * REQUEST_DETAILS_REQUIRED, REQUEST_CLOSED, SHARE_EXPIRED, RATE_LIMITED otherwise.
 */
export function openRequest(slug: string, body: OpenFileRequestBody): Promise<RequestUploadToken> {
  return apiRequest<RequestUploadToken>(publicRequestPath(slug, '/open'), {
    method: 'POST',
    body,
    anonymous: true,
  });
}

export function useOpenRequest(slug: string) {
  return useMutation({ mutationFn: (body: OpenFileRequestBody) => openRequest(slug, body) });
}
