import type { UrlInfo } from '@pastebox/contract/schemas/url-upload';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** POST /api/url/info: name, type and size of a remote file, without downloading it. */
export function getUrlInfo(url: string): Promise<UrlInfo> {
  return apiRequest<UrlInfo>('/url/info', { method: 'POST', body: { url } });
}

/** Analyses a URL on demand (the URL tab's "Analyse" button). */
export function useUrlInfo() {
  return useMutation({ mutationFn: getUrlInfo });
}
