import { backendUrl } from '@/lib/backend';

/**
 * The server answers its own URLs (local-storage upload URLs, preview and download links)
 * relative, as `/api/…`. Resolve them against the configured backend so a front end served
 * from another origin still reaches the API; absolute URLs (S3) are left alone.
 */
export function resolveServerUrl(url: string): string {
  return url.startsWith('/') && !url.startsWith('//') ? `${backendUrl()}${url}` : url;
}
