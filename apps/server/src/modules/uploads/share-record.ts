import type { ShareOptions } from '@pastebox/contract/schemas/upload';
import { creatorOf, type AppDeps, type Principal } from '@/context';
import { isoNow } from '@/lib/clock';
import { hashPassword } from '@/lib/crypto';
import { AppError } from '@/lib/errors';
import { newId } from '@/lib/ids';
import {
  assertSlugRules,
  deleteFileRecord,
  expiryFromHours,
  insertFile,
  isSlugTaken,
  normaliseMimetype,
  normaliseRemark,
  type NewFileRow,
  type FileScope,
} from '@/modules/files/service';
import { withQuotaHold } from '@/modules/quotas/service';
import { releaseQuietly } from '@/modules/storage-configs/service';
import { NOT_ENCRYPTED, storedType, type FileEncryption } from './sealed-upload';
import type { UploadTarget } from './target';

/** Share options checked and turned into column values (the password hashed). */
export interface PreparedOptions {
  /** A custom slug, checked against SPEC §5; null = draw a random one. */
  customSlug: string | null;
  columns: {
    remark: string | null;
    password_hash: string | null;
    expires_at: string | null;
    max_views: number;
    private: number;
  };
}

/**
 * A custom slug checked against SPEC §5 and refused early when taken (the insert still
 * relies on the unique index); null when none was asked for.
 */
export async function assertSlugAvailable(
  deps: AppDeps,
  slug: string | null | undefined,
): Promise<string | null> {
  const customSlug = slug ? assertSlugRules(slug) : null;
  if (customSlug && (await isSlugTaken(deps, customSlug))) {
    throw new AppError('SLUG_TAKEN');
  }
  return customSlug;
}

/** Checks the options of SPEC §3 before any byte is stored; a taken slug is refused early. */
export async function prepareOptions(
  deps: AppDeps,
  options: ShareOptions,
): Promise<PreparedOptions> {
  const customSlug = await assertSlugAvailable(deps, options.slug);
  return {
    customSlug,
    columns: {
      remark: normaliseRemark(options.remark),
      password_hash: options.password ? await hashPassword(options.password) : null,
      expires_at: expiryFromHours(options.expires_in, deps.clock.now()),
      max_views: options.max_views ?? 0,
      private: options.private ? 1 : 0,
    },
  };
}

export interface NewShare {
  target: UploadTarget;
  principal: Principal;
  mimetype: string | null | undefined;
  size: number;
  etag: string | null;
  status: 'pending' | 'ready';
  options: PreparedOptions;
  /** True when the caller already holds the bytes against the member's quota (a form upload). */
  quotaHeld?: boolean;
  /** End-to-end encryption (issue 35): fixed when the record is created; none when absent. */
  encryption?: FileEncryption;
}

/**
 * Inserts the files row; the files module allocates the slug (a custom slug taken
 * meanwhile answers 409 SLUG_TAKEN, a random one is drawn again).
 */
export async function insertShare(deps: AppDeps, share: NewShare): Promise<NewFileRow> {
  if (share.quotaHeld) {
    return insertShareRow(deps, share);
  }
  // A presigned or multipart upload: its pending row holds the announced size from here on,
  // so the quota is held only until the row is in (issue 32, modules/quotas).
  return withQuotaHold(deps, share.principal, share.size, () => insertShareRow(deps, share));
}

function insertShareRow(deps: AppDeps, share: NewShare): Promise<NewFileRow> {
  const now = isoNow(deps.clock);
  const encryption = share.encryption ?? NOT_ENCRYPTED;
  return insertFile(
    deps,
    {
      id: newId(),
      s3_config_id: share.target.config.id,
      path: share.target.path,
      storage_path: share.target.key,
      filename: share.target.filename,
      mimetype: normaliseMimetype(storedType(encryption, share.mimetype)),
      size: share.size,
      etag: share.etag,
      ...share.options.columns,
      ...encryption,
      views: 0,
      created_by: creatorOf(share.principal),
      status: share.status,
      created_at: now,
      updated_at: now,
    },
    share.options.customSlug,
  );
}

/**
 * Deletes the record of an upload still pending and releases the capacity its announced
 * size reserved (DESIGN §5) — only when this call deleted it, so a record dropped twice
 * (a cancel racing the sweeper) releases once.
 */
export async function dropPendingShare(
  deps: AppDeps,
  row: { id: string; s3_config_id: string; size: number | string },
  scope: FileScope = { kind: 'all' },
): Promise<number> {
  const deleted = await deleteFileRecord(deps, row.id, scope);
  if (deleted > 0) {
    await releaseQuietly(deps, { configId: row.s3_config_id, bytes: Number(row.size) });
  }
  return deleted;
}
