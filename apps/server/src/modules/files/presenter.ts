import { cleanFileName } from '@pastebox/contract/rules/file-name';
import type { FileShare, FileStatus, PublicFile } from '@pastebox/contract/schemas/file';
import type { FileRow, FileWithProvider } from './repo';
import { deadReason } from '@/shares/liveness';
import { isEncryptedFile } from './rules';

/**
 * Rows become answers only through these whitelists: a new column (or the password hash)
 * can never reach a client by accident.
 */

export interface VisitLinks {
  previewUrl: string;
  downloadUrl: string;
}

function statusOf(value: string): FileStatus {
  return value === 'pending' ? 'pending' : 'ready';
}

/**
 * Names are cleaned where they enter (DESIGN §5); cleaning again on the way out keeps a
 * name stored before that rule from reordering what a visitor reads.
 */
function shownName(filename: string): string {
  return cleanFileName(filename);
}

/**
 * An end-to-end encrypted file's flag and sealed name, absent for every other file so
 * that no existing answer changes shape (issue 35). Bundles present their members with it.
 */
export function encryptionOf(
  row: Pick<FileRow, 'encrypted' | 'encrypted_meta'>,
): Pick<FileShare, 'encrypted' | 'encrypted_meta'> {
  if (!isEncryptedFile(row)) {
    return {};
  }
  return {
    encrypted: true,
    ...(row.encrypted_meta !== null ? { encrypted_meta: row.encrypted_meta } : {}),
  };
}

/** A share for its creator and the management views; links only for ready files. */
export function presentFileShare(
  row: FileWithProvider,
  nowIso: string,
  links: VisitLinks | null,
): FileShare {
  return {
    id: row.id,
    file_id: row.id,
    slug: row.slug,
    filename: shownName(row.filename),
    mimetype: row.mimetype,
    size: row.size,
    etag: row.etag,
    remark: row.remark,
    s3_config_id: row.s3_config_id,
    provider_type: row.provider_type,
    path: row.path,
    storage_path: row.storage_path,
    status: statusOf(row.status),
    private: Number(row.private) === 1,
    has_password: row.password_hash !== null,
    expires_at: row.expires_at,
    max_views: row.max_views,
    views: row.views,
    expired: deadReason(row, nowIso) !== null,
    created_by: row.created_by,
    created_at: row.created_at,
    updated_at: row.updated_at,
    ...encryptionOf(row),
    ...(links ?? {}),
  };
}

/** A share behind its public link; links only once the visit is allowed. */
export function presentPublicFile(row: FileRow, links: VisitLinks | null): PublicFile {
  return {
    slug: row.slug,
    filename: shownName(row.filename),
    mimetype: row.mimetype,
    size: row.size,
    remark: row.remark,
    created_at: row.created_at,
    expires_at: row.expires_at,
    max_views: row.max_views,
    views: row.views,
    requires_password: row.password_hash !== null,
    ...encryptionOf(row),
    ...(links ?? {}),
  };
}
