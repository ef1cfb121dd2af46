import type {
  FileRequest,
  FileRequestTarget,
  PublicFileRequest,
  RequestUpload,
} from '@pastebox/contract/schemas/file-request';
import type { AppDeps } from '@/context';
import { findFilesByIds } from '@/modules/files/service';
import { openWebhookSecret } from '@/modules/webhooks/service';
import { allowedTypesOf, bytesLeftOf, filesLeftOf, stateOf, type FileRequestRow } from './rules';
import type { RequestUploadRow } from './uploads-repo';

function targetOf(row: FileRequestRow): FileRequestTarget | null {
  if (row.target_type === 'storage' && row.s3_config_id) {
    return { type: 'storage', s3_config_id: row.s3_config_id };
  }
  if (row.target_type === 'mount' && row.mount_path) {
    return { type: 'mount', path: row.mount_path };
  }
  return null;
}

/** The webhook secret in clear for its owner; null when none (or SECRET changed since). */
function webhookSecretOf(deps: AppDeps, row: FileRequestRow): string | null {
  if (!row.webhook_secret_cipher) {
    return null;
  }
  try {
    return openWebhookSecret(deps, row.webhook_secret_cipher);
  } catch {
    return null;
  }
}

/** A request as its owner sees it. */
export function presentFileRequest(
  deps: AppDeps,
  row: FileRequestRow,
  linkBase: string,
  nowIso: string,
): FileRequest {
  return {
    id: row.id,
    slug: row.slug,
    url: `${linkBase}/r/${encodeURIComponent(row.slug)}`,
    title: row.title,
    message: row.message,
    kind: row.kind === 'text' ? 'text' : 'files',
    has_password: row.password_hash !== null,
    expires_at: row.expires_at,
    max_views: row.max_views,
    views: row.views,
    max_files: row.max_files,
    max_file_bytes: Number(row.max_file_bytes),
    max_total_bytes: Number(row.max_total_bytes),
    allowed_types: allowedTypesOf(row),
    require_name: row.require_name === 1,
    require_email: row.require_email === 1,
    target: targetOf(row),
    webhook_url: row.webhook_url,
    webhook_secret: webhookSecretOf(deps, row),
    files_received: row.files_received,
    bytes_received: Number(row.bytes_received),
    closed_at: row.closed_at,
    state: stateOf(row, nowIso),
    created_by: row.created_by,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

/** A request as a stranger sees it; `serverMaxBytes` is the server's upload limit. */
export function presentPublicRequest(
  row: FileRequestRow,
  nowIso: string,
  serverMaxBytes: number,
): PublicFileRequest {
  const ownMax = Number(row.max_file_bytes);
  return {
    slug: row.slug,
    title: row.title,
    message: row.message,
    kind: row.kind === 'text' ? 'text' : 'files',
    state: stateOf(row, nowIso),
    requires_password: row.password_hash !== null,
    require_name: row.require_name === 1,
    require_email: row.require_email === 1,
    expires_at: row.expires_at,
    allowed_types: allowedTypesOf(row),
    max_file_bytes: ownMax > 0 ? Math.min(ownMax, serverMaxBytes) : serverMaxBytes,
    max_files: row.max_files,
    max_total_bytes: Number(row.max_total_bytes),
    files_left: filesLeftOf(row),
    bytes_left: bytesLeftOf(row),
  };
}

/** The uploads of a request as its owner sees them, each file's share state read fresh. */
export async function presentUploads(
  deps: AppDeps,
  rows: readonly RequestUploadRow[],
  linkBase: string,
): Promise<RequestUpload[]> {
  const fileIds = rows.flatMap((row) => (row.file_id ? [row.file_id] : []));
  const files = new Map(
    (await findFilesByIds(deps, fileIds, { kind: 'all' })).map((file) => [file.id, file]),
  );
  return rows.map((row) => {
    const file = row.file_id ? files.get(row.file_id) : undefined;
    const shared = file !== undefined && Number(file.private) === 0;
    return {
      id: row.id,
      request_id: row.request_id,
      kind: row.kind === 'text' ? 'text' : 'file',
      uploader_name: row.uploader_name,
      uploader_email: row.uploader_email,
      address: row.address,
      filename: row.filename,
      mimetype: row.mimetype,
      size: Number(row.size),
      file_id: file ? file.id : null,
      mount_path: row.mount_path,
      paste_slug: row.paste_id ? row.paste_slug : null,
      shared,
      share_url: shared && file ? `${linkBase}/file/${encodeURIComponent(file.slug)}` : null,
      created_at: row.created_at,
    };
  });
}
