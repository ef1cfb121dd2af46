import type { RequestUpload, RequestUploadList } from '@pastebox/contract/schemas/file-request';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { useAuth } from '@/lib/auth/use-auth';
import { invalidateAfterChange, queryKeys } from '@/lib/query-keys';
import { requestPath } from './requests-base';

/** What a request received is read 200 at a time: one page is enough for the panel. */
const UPLOADS_PAGE = 200;

/** GET …/requests/{id}/uploads: who sent what, when, newest first. */
export function getRequestUploads(id: string): Promise<RequestUploadList> {
  return apiRequest<RequestUploadList>(requestPath(id, `/uploads?limit=${UPLOADS_PAGE}`));
}

export function requestUploadsQueryOptions(authType: string, id: string) {
  return queryOptions({
    queryKey: queryKeys.managedRequests.uploads(authType, id),
    queryFn: () => getRequestUploads(id),
  });
}

/** What one request received; idle while `id` is null. */
export function useRequestUploads(id: string | null) {
  const { authType } = useAuth();
  return useQuery({ ...requestUploadsQueryOptions(authType, id ?? ''), enabled: id !== null });
}

function uploadPath(upload: Pick<RequestUpload, 'request_id' | 'id'>, rest = ''): string {
  return requestPath(upload.request_id, `/uploads/${encodeURIComponent(upload.id)}${rest}`);
}

/** POST …/uploads/{upload_id}/share: the private file share becomes public (one step). */
export function shareRequestUpload(upload: RequestUpload): Promise<RequestUpload> {
  return apiRequest<RequestUpload>(uploadPath(upload, '/share'), { method: 'POST' });
}

/** DELETE …/uploads/{upload_id}: the received file (its stored object too) or text. */
export function deleteRequestUpload(upload: RequestUpload): Promise<unknown> {
  return apiRequest(uploadPath(upload), { method: 'DELETE' });
}

/** GET …/uploads/{upload_id}/text: a text answer's content. */
export function getRequestText(upload: RequestUpload): Promise<{ content: string }> {
  return apiRequest<{ content: string }>(uploadPath(upload, '/text'));
}

/** A text answer, read when its row is opened. */
export function useRequestText(upload: RequestUpload | null) {
  return useQuery({
    queryKey: [...queryKeys.managedRequests.all, 'text', upload?.id ?? ''],
    queryFn: () => getRequestText(upload as RequestUpload),
    enabled: upload !== null,
  });
}

/** GET …/uploads/{upload_id}/download: the owner's download link of a received file. */
export function requestUploadDownloadPath(upload: RequestUpload): string {
  return uploadPath(upload, '/download');
}

export function useShareRequestUpload() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: shareRequestUpload,
    onSuccess: () =>
      Promise.all([
        invalidateAfterChange(queryClient, 'fileRequest'),
        invalidateAfterChange(queryClient, 'fileShare'),
      ]),
  });
}

export function useDeleteRequestUpload() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteRequestUpload,
    onSuccess: () =>
      Promise.all([
        invalidateAfterChange(queryClient, 'fileRequest'),
        invalidateAfterChange(queryClient, 'fileObject'),
      ]),
  });
}
