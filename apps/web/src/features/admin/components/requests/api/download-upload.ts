import type { RequestDownloadLink, RequestUpload } from '@pastebox/contract/schemas/file-request';
import { apiRequest } from '@/lib/api-client';
import { visitLinkUrl } from '@/features/admin/api/get-file-preview-text';
import { requestUploadDownloadPath } from './request-uploads';

/**
 * Downloads a received file: …/uploads/{id}/download answers the owner's short-lived
 * download link (no credentials in it), which the browser then streams to disk.
 */
export async function downloadRequestUpload(upload: RequestUpload): Promise<void> {
  const link = await apiRequest<RequestDownloadLink>(requestUploadDownloadPath(upload));
  const anchor = document.createElement('a');
  anchor.href = visitLinkUrl(link.url);
  anchor.download = upload.filename;
  anchor.rel = 'noopener';
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
}
