import type { RequestReceipt } from '@pastebox/contract/schemas/file-request';
import type { AppDeps } from '@/context';
import { recordAuditEntry, type AuditOrigin } from '@/lib/audit/record';
import { enqueueWebhook, openWebhookSecret } from '@/modules/webhooks/service';
import { FileRequestsRepo } from './repo';
import { bytesLeftOf, filesLeftOf, type FileRequestRow } from './rules';
import type { Sender } from './public';
import { RequestUploadsRepo, type RequestUploadRow } from './uploads-repo';

/** The webhook event of an accepted file (docs/webhooks.md). */
export const UPLOAD_EVENT = 'file_request.upload';
/** The webhook event of an accepted text answer (docs/webhooks.md). */
export const TEXT_EVENT = 'file_request.text';

/** The request as a receiver needs it: which one, its page, and where its owner sees it. */
function requestPart(request: FileRequestRow, linkBase: string): object {
  return {
    id: request.id,
    slug: request.slug,
    title: request.title,
    kind: request.kind,
    url: `${linkBase}/r/${encodeURIComponent(request.slug)}`,
    panel_url: `${linkBase}/admin/file-requests?request=${encodeURIComponent(request.id)}`,
  };
}

/**
 * The event's `data`. A text answer's content is left out on purpose: a text request is
 * for what only the owner should read (a token, a password), kept as a private paste; the
 * receiver gets who sent it and how long it is, and the owner reads it in the panel.
 */
function eventPayload(request: FileRequestRow, upload: RequestUploadRow, linkBase: string) {
  const common = {
    id: upload.id,
    size: Number(upload.size),
    uploader_name: upload.uploader_name,
    uploader_email: upload.uploader_email,
    created_at: upload.created_at,
  };
  if (upload.kind === 'text') {
    return {
      event: TEXT_EVENT,
      payload: { request: requestPart(request, linkBase), answer: common },
    };
  }
  return {
    event: UPLOAD_EVENT,
    payload: {
      request: requestPart(request, linkBase),
      upload: {
        ...common,
        kind: upload.kind,
        filename: upload.filename,
        mimetype: upload.mimetype,
        file_id: upload.file_id,
        mount_path: upload.mount_path,
      },
    },
  };
}

/**
 * Records what arrived, then tells the owner: an audit entry (request.upload) and, when
 * the request has a webhook, a delivery enqueued (links absolute under `linkBase`) — never awaited on the upload's path: the
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
  linkBase: string,
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
    const { event, payload } = eventPayload(request, row, linkBase);
    void Promise.resolve()
      .then(() =>
        enqueueWebhook(deps, {
          url,
          secret: openWebhookSecret(deps, sealed),
          event,
          payload,
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
