import type { FileShare } from '@pastebox/contract/schemas/file';
import { unwrapAnswer } from '@/lib/api-client';
import { authStore } from '@/lib/auth/auth-store';
import { apiUrl } from '@/lib/backend';
import type { UploadRequest } from './types';
import { sendXhr } from './xhr';

/** After the last byte, how long the server may take to store it and answer. */
export const FORM_RESPONSE_TIMEOUT_MS = 120_000;

/**
 * The form of POST /api/upload (SPEC §7): every text field before the file, because the
 * server streams the body and reads the fields it needs before the file arrives.
 */
export function buildUploadForm(
  request: Pick<UploadRequest, 'file' | 'filename' | 'mimetype' | 'options'>,
) {
  const { options } = request;
  const form = new FormData();
  const fields: [string, string][] = [
    ['s3_config_id', options.storageConfigId ?? ''],
    ['slug', options.slug.trim()],
    ['remark', options.remark.trim()],
    ['password', options.password],
    ['expires_in', String(options.expiresIn)],
    ['max_views', String(options.maxViews)],
    ['mimetype', request.mimetype],
    ['size', String(request.file.size)],
  ];
  for (const [name, value] of fields) {
    if (value !== '') {
      form.append(name, value);
    }
  }
  form.append('file', request.file, request.filename);
  return form;
}

/** Uploads a file through the server in one streamed form request, with progress. */
export async function formUpload(request: UploadRequest): Promise<FileShare> {
  const total = request.file.size;
  request.onProgress({ stage: 'uploading', loaded: 0, total });
  const authorization = authStore.authorization();
  const response = await sendXhr({
    method: 'POST',
    url: apiUrl('/upload'),
    headers: { accept: 'application/json', ...(authorization ? { authorization } : {}) },
    body: buildUploadForm(request),
    signal: request.signal,
    responseTimeoutMs: FORM_RESPONSE_TIMEOUT_MS,
    // The form adds a few hundred bytes of headers: report the file's share of it.
    onUploadProgress: (loaded, sent) =>
      request.onProgress({
        stage: 'uploading',
        loaded: sent > 0 ? Math.min(total, Math.round((loaded / sent) * total)) : loaded,
        total,
      }),
    onBodySent: () => request.onProgress({ stage: 'processing', loaded: total, total }),
  });
  return unwrapAnswer<FileShare>(response, authorization !== null);
}
