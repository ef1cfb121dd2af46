import { LIMITS } from '@pastebox/contract/limits';
import type { FileShare } from '@pastebox/contract/schemas/file';
import type { PasteboxApi } from '../api';
import { ProgressBar } from '../progress';
import { formUpload } from './form-upload';
import type { FileToSend } from './local-file';
import { multipartUpload } from './multipart-upload';
import type { FileShareRequest } from './share-request';

export interface SentFile {
  share: FileShare;
  /** Multipart only: parts sent by this run and parts resumed from an earlier one. */
  parts?: { sent: number; resumed: number };
}

/**
 * Uploads one file as a new share the way the web app does (DESIGN §6): more than one
 * part's worth goes multipart (resumable), a smaller file in one streamed form.
 */
export async function sendFile(
  api: PasteboxApi,
  file: FileToSend,
  request: FileShareRequest,
): Promise<SentFile> {
  const progress = new ProgressBar(file.name, file.size);
  try {
    if (file.size > LIMITS.multipartChunkBytes) {
      const outcome = await multipartUpload(api, file, request, progress);
      return { share: outcome.share, parts: { sent: outcome.sent, resumed: outcome.resumed } };
    }
    const share = await formUpload(api, file, request);
    progress.set(file.size);
    return { share };
  } finally {
    progress.finish();
  }
}
