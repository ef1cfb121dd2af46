import type { FileShare } from '@pastebox/contract/schemas/file';
import { explainStepFailure } from './api-failure';
import { UploadError, isCancellation, throwIfCancelled } from './errors';
import { resolveServerUrl } from './server-url';
import { sealedFields } from './sealed-upload';
import type { UploadRequest } from './types';
import { uploadApi } from './upload-api';
import { sendXhr } from './xhr';

/**
 * Presigned single PUT (SPEC §4): presign → PUT the body to the storage → commit. If the
 * PUT fails or is cancelled, the pending record the presign created is deleted.
 */
export async function presignedUpload(request: UploadRequest): Promise<FileShare> {
  const { file, options, signal } = request;
  const total = file.size;
  request.onProgress({ stage: 'initializing', loaded: 0, total });
  const presigned = await uploadApi
    .presign(
      {
        s3_config_id: options.storageConfigId,
        filename: request.filename,
        mimetype: request.mimetype || null,
        slug: options.slug.trim() || null,
        size: total,
        ...sealedFields(request),
      },
      signal,
    )
    .catch((error: unknown) => {
      throw explainStepFailure(error, 'presignFailed');
    });

  try {
    throwIfCancelled(signal);
    request.onProgress({ stage: 'uploading', loaded: 0, total });
    const response = await sendXhr({
      method: 'PUT',
      url: resolveServerUrl(presigned.upload_url),
      headers: presigned.headers,
      body: file,
      signal,
      onUploadProgress: (loaded) => request.onProgress({ stage: 'uploading', loaded, total }),
    });
    if (response.status < 200 || response.status >= 300) {
      throw new UploadError('storageHttp', { status: response.status });
    }
  } catch (error) {
    void uploadApi.discardPresigned(presigned.file_id);
    throw error;
  }

  request.onProgress({ stage: 'completing', loaded: total, total });
  try {
    return await uploadApi.commit(
      {
        file_id: presigned.file_id,
        s3_config_id: options.storageConfigId,
        storage_path: presigned.storage_path,
        filename: request.filename,
        mimetype: request.mimetype || null,
        size: total,
        slug: presigned.slug,
        remark: options.remark.trim() || null,
        password: options.password || null,
        expires_in: options.expiresIn,
        max_views: options.maxViews,
        ...(options.private ? { private: true } : {}),
        ...sealedFields(request),
      },
      signal,
    );
  } catch (error) {
    // The server deletes the record itself when a commit fails; a cancelled commit may not
    // have reached it, so clean up in that case too.
    if (isCancellation(explainStepFailure(error, 'completeFailed'))) {
      void uploadApi.discardPresigned(presigned.file_id);
    }
    throw explainStepFailure(error, 'completeFailed');
  }
}
