import type { FileShare } from '@pastebox/contract/schemas/file';
import type {
  CommitBody,
  MultipartCompleteBody,
  MultipartInitBody,
  MultipartSession,
  PartUrlResult,
  PresignBody,
  PresignResult,
} from '@pastebox/contract/schemas/upload';
import { apiRequest } from '@/lib/api-client';
import { authStore } from '@/lib/auth/auth-store';

/**
 * The JSON calls the uploader makes (SPEC §7 Files, DESIGN §6). They are transport, not
 * screen data, so they live beside the uploader rather than as query hooks.
 */
export const uploadApi = {
  presign: (body: PresignBody, signal: AbortSignal) =>
    apiRequest<PresignResult>('/s3/presign', { method: 'POST', body, signal }),

  commit: (body: CommitBody, signal: AbortSignal) =>
    apiRequest<FileShare>('/s3/commit', { method: 'POST', body, signal }),

  initMultipart: (body: MultipartInitBody, signal: AbortSignal) =>
    apiRequest<MultipartSession>('/upload/multipart/init', { method: 'POST', body, signal }),

  partUrls: (fileId: string, uploadId: string, partNumbers: number[], signal: AbortSignal) =>
    apiRequest<PartUrlResult>('/upload/multipart/part-url', {
      method: 'POST',
      body: { file_id: fileId, upload_id: uploadId, part_numbers: partNumbers },
      signal,
    }),

  storedParts: (fileId: string, signal: AbortSignal) =>
    apiRequest<MultipartSession>(`/upload/multipart/${encodeURIComponent(fileId)}/parts`, {
      signal,
    }),

  completeMultipart: (body: MultipartCompleteBody, signal: AbortSignal) =>
    apiRequest<FileShare>('/upload/multipart/complete', { method: 'POST', body, signal }),

  /** Best effort (SPEC §8: the abort helper reports, it does not throw). */
  abortMultipart: async (fileId: string, uploadId: string): Promise<boolean> => {
    try {
      await apiRequest('/upload/multipart/abort', {
        method: 'POST',
        body: { file_id: fileId, upload_id: uploadId },
      });
      return true;
    } catch {
      return false;
    }
  },

  /**
   * Deletes the pending record a presign created when the PUT failed (SPEC §4), through
   * the admin or user family as the signed-in principal allows. Best effort.
   */
  discardPresigned: async (fileId: string): Promise<boolean> => {
    const family = authStore.get().authType === 'admin' ? 'admin' : 'user';
    try {
      await apiRequest(`/${family}/files/${encodeURIComponent(fileId)}`, { method: 'DELETE' });
      return true;
    } catch {
      return false;
    }
  },
};
