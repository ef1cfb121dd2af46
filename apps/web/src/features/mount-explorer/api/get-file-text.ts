import { queryOptions, useQuery } from '@tanstack/react-query';
import { authStore } from '@/lib/auth/auth-store';
import { queryKeys } from '@/lib/query-keys';
import { readFile } from './read-file';

/** The most of a text file the preview shows; the rest is a download away. */
export const TEXT_PREVIEW_BYTES = 1024 * 1024;

export interface PreviewText {
  text: string;
  /** The file goes on beyond what was fetched. */
  truncated: boolean;
}

/** The start of a text file for its preview, through fs/preview with a Range request. */
export async function getPreviewText(path: string, signal?: AbortSignal): Promise<PreviewText> {
  const { bytes, total } = await readFile('preview', path, {
    maxBytes: TEXT_PREVIEW_BYTES,
    signal,
  });
  const truncated = total > bytes.byteLength;
  // stream: true leaves a multi-byte character cut at the end undecoded rather than garbled.
  return { text: new TextDecoder('utf-8').decode(bytes, { stream: truncated }), truncated };
}

export function usePreviewText(path: string) {
  return useQuery(
    queryOptions({
      queryKey: [...queryKeys.fs.text(authStore.get().authType, path), 'preview'],
      queryFn: ({ signal }) => getPreviewText(path, signal),
      staleTime: 30_000,
      retry: false,
    }),
  );
}

/** The file is not UTF-8 text: editing it would corrupt it. */
export class NotTextError extends Error {
  constructor() {
    super('not UTF-8 text');
    this.name = 'NotTextError';
  }
}

/** A whole text file for the editor (fs/download: the exact bytes), strictly UTF-8. */
export async function getEditableText(path: string, signal?: AbortSignal): Promise<string> {
  const { bytes } = await readFile('download', path, { signal });
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new NotTextError();
  }
}

/**
 * The editor's starting text. Read once per opening (gcTime 0): a listing refresh after a
 * save must never pull the text from under the person typing.
 */
export function useEditableText(path: string, enabled: boolean) {
  return useQuery({
    queryKey: [...queryKeys.fs.text(authStore.get().authType, path), 'whole'],
    queryFn: ({ signal }) => getEditableText(path, signal),
    enabled,
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
    refetchOnMount: 'always',
  });
}
