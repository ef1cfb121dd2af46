import { queryOptions, useQuery } from '@tanstack/react-query';
import { backendUrl } from '@/lib/backend';
import { queryKeys } from '@/lib/query-keys';

/** Text previews show the start of the file only; the rest is a download away. */
export const TEXT_PREVIEW_BYTES = 64 * 1024;

/** A visit link as an absolute URL (the server answers absolute links; older ones were paths). */
export function visitLinkUrl(link: string): string {
  return /^https?:\/\//i.test(link) ? link : `${backendUrl()}${link}`;
}

/**
 * GET the share's preview link (a management visit token: no view counted) for its first
 * 64 KiB; a server that ignores Range still answers, and the text is cut here.
 */
export async function getFilePreviewText(previewUrl: string): Promise<string> {
  const response = await fetch(visitLinkUrl(previewUrl), {
    headers: { Range: `bytes=0-${TEXT_PREVIEW_BYTES - 1}` },
  });
  if (!response.ok) {
    throw new Error(`HTTP ${response.status}`);
  }
  const text = await response.text();
  return text.slice(0, TEXT_PREVIEW_BYTES);
}

/** The text preview of one share; idle until there is a link. */
export function useFilePreviewText(fileId: string, previewUrl: string | undefined) {
  return useQuery({
    ...queryOptions({
      queryKey: queryKeys.managedFiles.previewText(fileId),
      queryFn: () => getFilePreviewText(previewUrl ?? ''),
      staleTime: 60_000,
    }),
    enabled: previewUrl !== undefined,
  });
}
