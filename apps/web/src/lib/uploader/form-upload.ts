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
  request: Pick<UploadRequest, 'file' | 'filename' | 'mimetype' | 'options' | 'sealed'>,
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
    ['private', options.private ? 'true' : ''],
    ['mimetype', request.mimetype],
    ['size', String(request.file.size)],
    ['encrypted', request.sealed ? 'true' : ''],
    ['encrypted_meta', request.sealed?.meta ?? ''],
  ];
  for (const [name, value] of fields) {
    if (value !== '') {
      form.append(name, value);
    }
  }
  form.append('file', request.file, request.filename);
  return form;
}

/**
 * POSTs a form holding the file to `path` of the API with the file's progress, and unwraps
 * the answer (`signedIn`: a 401 then means the session ended). The form adds a few hundred
 * bytes of headers: the progress reports the file's share of what was sent.
 */
export async function sendFileForm<T>(
  request: Pick<UploadRequest<unknown>, 'file' | 'signal' | 'onProgress'>,
  path: string,
  form: FormData,
  auth: { headers: Record<string, string>; signedIn: boolean },
): Promise<T> {
  const total = request.file.size;
  request.onProgress({ stage: 'uploading', loaded: 0, total });
  const response = await sendXhr({
    method: 'POST',
    url: apiUrl(path),
    headers: auth.headers,
    body: form,
    signal: request.signal,
    responseTimeoutMs: FORM_RESPONSE_TIMEOUT_MS,
    onUploadProgress: (loaded, sent) =>
      request.onProgress({
        stage: 'uploading',
        loaded: sent > 0 ? Math.min(total, Math.round((loaded / sent) * total)) : loaded,
        total,
      }),
    onBodySent: () => request.onProgress({ stage: 'processing', loaded: total, total }),
  });
  return unwrapAnswer<T>(response, auth.signedIn);
}

/** `sendFileForm` as the signed-in caller (the session's or key's authorization). */
export function postFileForm<T>(
  request: Pick<UploadRequest<unknown>, 'file' | 'signal' | 'onProgress'>,
  path: string,
  form: FormData,
): Promise<T> {
  const authorization = authStore.authorization();
  const headers = { accept: 'application/json', ...(authorization ? { authorization } : {}) };
  return sendFileForm<T>(request, path, form, { headers, signedIn: authorization !== null });
}

/** Uploads a file through the server in one streamed form request, with progress. */
export function formUpload(request: UploadRequest): Promise<FileShare> {
  return postFileForm<FileShare>(request, '/upload', buildUploadForm(request));
}
