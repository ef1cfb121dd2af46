import type { FileLinkResult } from '@pastebox/contract/schemas/fs';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { authStore } from '@/lib/auth/auth-store';
import { fsCallPath } from '@/lib/fs/fs-family';
import { queryKeys } from '@/lib/query-keys';

export interface FileLinkOptions {
  /** Seconds the link works (the server allows at most 7 days). */
  expiresIn: number;
  /** An attachment under the file's name instead of inline. */
  forceDownload?: boolean;
}

/**
 * GET fs/file-link: an absolute URL that works without credentials until it expires —
 * presigned for S3, signed by this server for local storage (SPEC §7).
 */
export function getFileLink(path: string, options: FileLinkOptions): Promise<FileLinkResult> {
  return apiRequest<FileLinkResult>(
    fsCallPath('file-link', {
      path,
      expires_in: String(options.expiresIn),
      ...(options.forceDownload ? { force_download: 'true' } : {}),
    }),
  );
}

/** How long a link made to show a file in the page (preview, thumbnail) lives. */
const VIEW_LINK_SECONDS = 3600;

/**
 * A short-lived inline link to show a file in an <img>, a player or a frame, which cannot
 * send the Authorization header. Reused for most of its life, renewed well before it ends.
 */
export function useViewLink(path: string, enabled = true) {
  return useQuery({
    queryKey: [...queryKeys.fs.entry(authStore.get().authType, path), 'view-link'],
    queryFn: () => getFileLink(path, { expiresIn: VIEW_LINK_SECONDS }),
    enabled,
    staleTime: (VIEW_LINK_SECONDS / 2) * 1000,
    retry: false,
  });
}

/** Starts the browser's download of a file through a short-lived attachment link. */
export async function downloadFile(path: string): Promise<void> {
  const { url } = await getFileLink(path, { expiresIn: 300, forceDownload: true });
  followDownloadLink(url);
}

/** Hands a link that answers an attachment to the browser's download manager. */
export function followDownloadLink(url: string): void {
  // An <a> click rather than location.href: the page stays, whatever the link answers.
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.rel = 'noopener';
  anchor.download = '';
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
}
