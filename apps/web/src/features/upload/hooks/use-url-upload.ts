import type { FileShare } from '@pastebox/contract/schemas/file';
import type { UrlInfo } from '@pastebox/contract/schemas/url-upload';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { invalidateAfterChange } from '@/lib/query-keys';
import { uploadFile } from '@/lib/uploader/upload-file';
import type { UploadOptions } from '@/lib/uploader/types';
import { downloadRemoteFile, urlUploadPercent } from '@/lib/uploader/url-download';
import { rememberUpload } from '@/features/upload/lib/recent-uploads';

export type UrlUploadPhase = 'ready' | 'downloading' | 'uploading' | 'done' | 'error';

export interface UrlUploadState {
  phase: UrlUploadPhase;
  /** SPEC §4: 0–49 while downloading, 50–99 while uploading, 100 when done. */
  percent: number;
  /** Bytes downloaded, shown when the remote size is unknown. */
  downloaded: number;
  viaProxy: boolean;
  share: FileShare | null;
  error: unknown;
}

const READY: UrlUploadState = {
  phase: 'ready',
  percent: 0,
  downloaded: 0,
  viaProxy: false,
  share: null,
  error: null,
};

export interface UrlUploadInput {
  info: UrlInfo;
  filename: string;
  options: UploadOptions;
  maxBytes: number;
  providerType: string | null;
}

/**
 * A URL upload (SPEC §4): the browser downloads the file (falling back to the server's
 * proxy), then uploads it through the same uploader as dropped files. Cancel stops either
 * phase; leaving the page cancels too.
 */
export function useUrlUpload() {
  const queryClient = useQueryClient();
  const [state, setState] = useState<UrlUploadState>(READY);
  const controller = useRef<AbortController | null>(null);
  const patch = (change: Partial<UrlUploadState>) => setState((old) => ({ ...old, ...change }));

  useEffect(() => () => controller.current?.abort(), []);

  const start = async (input: UrlUploadInput) => {
    const abort = new AbortController();
    controller.current = abort;
    setState({ ...READY, phase: 'downloading' });
    try {
      const { blob } = await downloadRemoteFile({
        url: input.info.url,
        signal: abort.signal,
        maxBytes: input.maxBytes,
        expectedSize: input.info.size,
        onProgress: (loaded, total) =>
          patch({
            downloaded: loaded,
            percent: urlUploadPercent('download', total ? loaded / total : 0),
          }),
        onFallback: () => patch({ viaProxy: true }),
      });
      patch({ phase: 'uploading', percent: urlUploadPercent('upload', 0) });
      const share = await uploadFile({
        file: blob,
        filename: input.filename,
        mimetype: input.info.mimetype || blob.type,
        options: input.options,
        providerType: input.providerType,
        fingerprint: null,
        signal: abort.signal,
        onProgress: (progress) =>
          patch({
            percent: urlUploadPercent(
              'upload',
              progress.total > 0 ? progress.loaded / progress.total : 1,
            ),
          }),
      });
      rememberUpload({
        slug: share.slug,
        filename: share.filename || input.filename,
        size: share.size,
        uploadedAt: share.created_at || new Date().toISOString(),
      });
      void invalidateAfterChange(queryClient, 'fileObject');
      patch({ phase: 'done', percent: urlUploadPercent('done', 1), share });
    } catch (error) {
      patch({ phase: 'error', error });
    } finally {
      if (controller.current === abort) {
        controller.current = null;
      }
    }
  };

  return {
    state,
    start: (input: UrlUploadInput) => void start(input),
    cancel: () => controller.current?.abort(),
    reset: () => {
      controller.current?.abort();
      setState(READY);
    },
  };
}
