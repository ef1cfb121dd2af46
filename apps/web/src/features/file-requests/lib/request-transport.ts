import {
  REQUEST_TOKEN_HEADER,
  type RequestMultipartInitBody,
  type RequestReceipt,
} from '@pastebox/contract/schemas/file-request';
import type {
  MultipartCompleteBody,
  MultipartSession,
  PartUrlResult,
} from '@pastebox/contract/schemas/upload';
import { unwrapAnswer } from '@/lib/api-client';
import { apiUrl } from '@/lib/backend';
import type { UploadRequest } from '@/lib/uploader/types';
import { sendFileForm } from '@/lib/uploader/form-upload';
import { publicRequestPath } from '@/features/file-requests/api/get-public-request';

/**
 * What an upload to a request is sent with: the request, whether it offers resumable
 * multipart sessions, and its current upload token (read at each call, so files queued
 * before the page was opened again use the new token).
 */
export interface RequestUploadTarget {
  slug: string;
  multipart: boolean;
  token: () => string;
}

export type RequestUploadRequest = UploadRequest<RequestUploadTarget>;

function tokenHeaders(target: RequestUploadTarget): Record<string, string> {
  return { accept: 'application/json', [REQUEST_TOKEN_HEADER]: target.token() };
}

/**
 * One JSON call of a stranger's upload, under /public/requests/{slug}, with the token
 * header and no session credentials: the stranger is not the signed-in user.
 */
async function tokenCall<T>(
  target: RequestUploadTarget,
  rest: string,
  options: { method?: 'GET' | 'POST'; body?: unknown; signal?: AbortSignal } = {},
): Promise<T> {
  const response = await fetch(apiUrl(publicRequestPath(target.slug, rest)), {
    method: options.method ?? 'GET',
    headers: {
      ...tokenHeaders(target),
      ...(options.body !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    ...(options.body !== undefined ? { body: JSON.stringify(options.body) } : {}),
    ...(options.signal ? { signal: options.signal } : {}),
  });
  const text = await response.text();
  return unwrapAnswer<T>(
    { status: response.status, text, retryAfter: response.headers.get('retry-after') },
    false,
  );
}

/** The calls of a stranger's upload (contract: schemas/file-request.ts). */
export const requestTransport = {
  initMultipart: (t: RequestUploadTarget, body: RequestMultipartInitBody, signal: AbortSignal) =>
    tokenCall<MultipartSession>(t, '/multipart/init', { method: 'POST', body, signal }),

  partUrls: (
    t: RequestUploadTarget,
    ref: { fileId: string; uploadId: string },
    partNumbers: number[],
    signal: AbortSignal,
  ) =>
    tokenCall<PartUrlResult>(t, '/multipart/part-url', {
      method: 'POST',
      body: { file_id: ref.fileId, upload_id: ref.uploadId, part_numbers: partNumbers },
      signal,
    }),

  storedParts: (t: RequestUploadTarget, fileId: string, signal: AbortSignal) =>
    tokenCall<MultipartSession>(t, `/multipart/${encodeURIComponent(fileId)}/parts`, { signal }),

  completeMultipart: (t: RequestUploadTarget, body: MultipartCompleteBody, signal: AbortSignal) =>
    tokenCall<RequestReceipt>(t, '/multipart/complete', { method: 'POST', body, signal }),

  /** Best effort: a cancelled upload releases what it reserved; never throws. */
  abortMultipart: async (t: RequestUploadTarget, fileId: string, uploadId: string) => {
    try {
      await tokenCall(t, '/multipart/abort', {
        method: 'POST',
        body: { file_id: fileId, upload_id: uploadId },
      });
      return true;
    } catch {
      return false;
    }
  },

  sendText: (t: RequestUploadTarget, content: string) =>
    tokenCall<RequestReceipt>(t, '/text', { method: 'POST', body: { content } }),
};

/**
 * POST /public/requests/{slug}/upload: `size` and `mimetype` before the file, so the server
 * checks the limits and reserves the size before a byte is stored; progress as the share
 * uploader's form (the form's own headers are a few hundred bytes).
 */
export function requestFormUpload(request: RequestUploadRequest): Promise<RequestReceipt> {
  const form = new FormData();
  form.append('size', String(request.file.size));
  if (request.mimetype) {
    form.append('mimetype', request.mimetype);
  }
  form.append('file', request.file, request.filename);
  return sendFileForm<RequestReceipt>(
    request,
    publicRequestPath(request.options.slug, '/upload'),
    form,
    { headers: tokenHeaders(request.options), signedIn: false },
  );
}
