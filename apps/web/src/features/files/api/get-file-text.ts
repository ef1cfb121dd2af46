import { queryOptions, useQuery } from '@tanstack/react-query';
import { queryKeys } from '@/lib/query-keys';
import { resolveServerUrl } from '@/lib/uploader/server-url';

/** The most of a text file the page shows; the rest is a download away. */
export const TEXT_PREVIEW_BYTES = 1024 * 1024;

export interface FileText {
  text: string;
  /** The file goes on beyond what was fetched. */
  truncated: boolean;
}

/**
 * The start of a text file through its preview URL (the visit token means no view is
 * spent). A Range request keeps a huge log from being downloaded whole; a server that
 * ignores Range still works, the text is cut here.
 */
export async function getFileText(previewUrl: string, size: number): Promise<FileText> {
  const response = await fetch(resolveServerUrl(previewUrl), {
    headers: { range: `bytes=0-${TEXT_PREVIEW_BYTES - 1}` },
  });
  if (!response.ok) {
    throw new Error(`HTTP error ${response.status}`);
  }
  const bytes = new Uint8Array(await response.arrayBuffer()).subarray(0, TEXT_PREVIEW_BYTES);
  // stream: true leaves a multi-byte character cut at the end undecoded rather than garbled.
  const text = new TextDecoder('utf-8').decode(bytes, { stream: size > bytes.byteLength });
  return { text, truncated: size > bytes.byteLength };
}

/** The start of a text file for its preview; fetched once per visit link. */
export function useFileText(previewUrl: string, size: number) {
  return useQuery(
    queryOptions({
      queryKey: queryKeys.fileText(previewUrl),
      queryFn: () => getFileText(previewUrl, size),
      staleTime: Infinity,
      retry: false,
    }),
  );
}
