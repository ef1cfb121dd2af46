import type {
  CreateFileRequestBody,
  FileRequest,
  UpdateFileRequestBody,
} from '@pastebox/contract/schemas/file-request';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { invalidateAfterChange } from '@/lib/query-keys';
import { requestPath, requestsBasePath } from './requests-base';

/** POST /api/{admin|user}/requests. */
export function createRequest(body: CreateFileRequestBody): Promise<FileRequest> {
  return apiRequest<FileRequest>(requestsBasePath(), { method: 'POST', body });
}

/** PUT /api/{admin|user}/requests/{id}: absent fields stay as they are. */
export function updateRequest(id: string, body: UpdateFileRequestBody): Promise<FileRequest> {
  return apiRequest<FileRequest>(requestPath(id), { method: 'PUT', body });
}

/** POST …/requests/{id}/close or /reopen. */
export function setRequestClosed(id: string, closed: boolean): Promise<FileRequest> {
  return apiRequest<FileRequest>(requestPath(id, closed ? '/close' : '/reopen'), {
    method: 'POST',
  });
}

/** DELETE …/requests/{id}: the request; what it received stays where it landed. */
export function deleteRequest(id: string): Promise<unknown> {
  return apiRequest(requestPath(id), { method: 'DELETE' });
}

/** Every change to a request refreshes the request lists. */
function useRequestMutation<V, R>(run: (variables: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: () => invalidateAfterChange(queryClient, 'fileRequest'),
  });
}

export const useCreateRequest = () => useRequestMutation(createRequest);
export const useUpdateRequest = () =>
  useRequestMutation(({ id, body }: { id: string; body: UpdateFileRequestBody }) =>
    updateRequest(id, body),
  );
export const useSetRequestClosed = () =>
  useRequestMutation(({ id, closed }: { id: string; closed: boolean }) =>
    setRequestClosed(id, closed),
  );
export const useDeleteRequest = () => useRequestMutation(deleteRequest);
