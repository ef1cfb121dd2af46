import type { RequestReceipt } from '@pastebox/contract/schemas/file-request';
import type { AppDeps } from '@/context';
import { recordAuditEntry, type AuditOrigin } from '@/lib/audit/record';
import { enqueueWebhook, openWebhookSecret } from '@/modules/webhooks/service';
import { FileRequestsRepo } from './repo';
import { bytesLeftOf, filesLeftOf, type FileRequestRow } from './rules';
import type { Sender } from './public';
import { RequestUploadsRepo, type RequestUploadRow } from './uploads-repo';

/** The webhook event of an accepted upload (docs/webhooks.md). */
export const UPLOAD_EVENT = 'file_request.upload';

function eventPayload(request: FileRequestRow, upload: RequestUploadRow): object {
  return {
    request: { id: request.id, slug: request.slug, title: request.title },
    upload: {
      id: upload.id,
      kind: upload.kind,
      filename: upload.filename,
      mimetype: upload.mimetype,
      size: Number(upload.size),
      uploader_name: upload.uploader_name,
      uploader_email: upload.uploader_email,
      file_id: upload.file_id,
      mount_path: upload.mount_path,
      paste_slug: upload.paste_slug,
      created_at: upload.created_at,
    },
  };
}

/**
 * Records what arrived, then tells the owner: an audit entry (request.upload) and, when
 * the request has a webhook, a delivery enqueued — never awaited on the upload's path: the
 * stranger's answer does not wait for (or fail with) the owner's receiver.
 */
export async function recordArrival(
  deps: AppDeps,
  sender: Sender,
  upload: Omit<
    RequestUploadRow,
    'id' | 'request_id' | 'uploader_name' | 'uploader_email' | 'address' | 'created_at'
  > & { id: string },
  origin: AuditOrigin,
): Promise<RequestReceipt> {
  const { request, token } = sender;
  const row: RequestUploadRow = {
    ...upload,
    request_id: request.id,
    uploader_name: token.uploader_name,
    uploader_email: token.uploader_email,
    address: token.address,
    created_at: deps.clock.now().toISOString(),
  };
  await new RequestUploadsRepo(deps.db).insertUpload(row);
  recordAuditEntry(deps, origin, {
    action: 'request.upload',
    outcome: 'success',
    actor: { type: 'anonymous', id: null, name: token.uploader_name ?? token.uploader_email },
    target: request.slug,
    detail: {
      request_id: request.id,
      kind: row.kind,
      filename: row.filename,
      size: Number(row.size),
    },
  });
  if (request.webhook_url && request.webhook_secret_cipher) {
    const { webhook_url: url, webhook_secret_cipher: sealed } = request;
    void Promise.resolve()
      .then(() =>
        enqueueWebhook(deps, {
          url,
          secret: openWebhookSecret(deps, sealed),
          event: UPLOAD_EVENT,
          payload: eventPayload(request, row),
          ownerId: request.created_by,
        }),
      )
      .catch((error: unknown) => {
        deps.logger.warn(
          { err: error, requestId: request.id },
          'a file request webhook was not enqueued',
        );
      });
  }
  const current =
    (await new FileRequestsRepo(deps.db).findById(request.id, { kind: 'all' })) ?? request;
  return {
    kind: row.kind === 'text' ? 'text' : 'file',
    filename: row.filename,
    size: Number(row.size),
    received_at: row.created_at,
    files_left: filesLeftOf(current),
    bytes_left: bytesLeftOf(current),
  };
}
