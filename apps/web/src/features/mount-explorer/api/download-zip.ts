import type { ZipLinkResult } from '@pastebox/contract/schemas/fs';
import { apiRequest } from '@/lib/api-client';
import { fsCallPath } from '@/lib/fs/fs-family';
import { followDownloadLink } from './get-file-link';

/**
 * "Download as ZIP" (issue 33): GET fs/download-zip-link signs a one-minute link to the
 * folder's streamed ZIP, which the browser's download manager follows — an archive of
 * gigabytes never passes through the page's memory, and shows the browser's own progress.
 */
export async function downloadZip(path: string): Promise<void> {
  const { url } = await apiRequest<ZipLinkResult>(fsCallPath('download-zip-link', { path }));
  followDownloadLink(url);
}
