import type {
  BundleDetail,
  BundleFile,
  BundleSummary,
  PublicBundle,
  PublicBundleFile,
} from '@pastebox/contract/schemas/bundle';
import { encryptionOf, isEncryptedFile, type FileRow } from '@/modules/files/service';
import { deadReason } from '@/shares/liveness';
import type { BundleRow } from './repo';

/** Bundles as their owner and as a stranger see them (packages/contract/src/schemas/bundle.ts). */

/** The public page of a bundle, absolute: `{origin}/b/{slug}`. */
export function bundlePageUrl(linkBase: string, slug: string): string {
  return `${linkBase}/b/${encodeURIComponent(slug)}`;
}

function presentMember(file: FileRow, position: number): BundleFile {
  return {
    id: file.id,
    slug: file.slug,
    filename: file.filename,
    mimetype: file.mimetype,
    size: file.size,
    status: file.status === 'pending' ? 'pending' : 'ready',
    private: file.private === 1,
    position,
    ...encryptionOf(file),
  };
}

/**
 * A bundle of end-to-end encrypted files says so (issue 35); a bundle holds encrypted
 * files only or none (service.ts), so its first member tells.
 */
function bundleEncryptionOf(files: readonly FileRow[]): Pick<BundleSummary, 'encrypted'> {
  return files[0] && isEncryptedFile(files[0]) ? { encrypted: true } : {};
}

/** A bundle in the lists: its share fields and the totals of the files it still has. */
export function presentSummary(
  row: BundleRow,
  files: readonly FileRow[],
  nowIso: string,
  linkBase: string,
): BundleSummary {
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    url: bundlePageUrl(linkBase, row.slug),
    has_password: row.password_hash !== null,
    expires_at: row.expires_at,
    max_views: row.max_views,
    views: row.views,
    expired: deadReason(row, nowIso) !== null,
    file_count: files.length,
    total_size: files.reduce((sum, file) => sum + file.size, 0),
    created_by: row.created_by,
    created_at: row.created_at,
    updated_at: row.updated_at,
    ...bundleEncryptionOf(files),
  };
}

/** One bundle with its files in order. */
export function presentDetail(
  row: BundleRow,
  files: readonly FileRow[],
  nowIso: string,
  linkBase: string,
): BundleDetail {
  return {
    ...presentSummary(row, files, nowIso, linkBase),
    files: files.map((file, position) => presentMember(file, position)),
  };
}

/**
 * What an allowed visit hands out: each member's links and the ZIP's (none for an
 * encrypted bundle: the server cannot read what it would zip).
 */
export interface BundleGrant {
  files: { file: FileRow; previewUrl?: string; downloadUrl?: string }[];
  zipUrl: string | null;
}

function presentPublicMember(member: BundleGrant['files'][number]): PublicBundleFile {
  const { file, previewUrl, downloadUrl } = member;
  // A sealed member has no preview: inline, its bytes are ciphertext.
  const preview = previewUrl && !isEncryptedFile(file) ? { previewUrl } : {};
  return {
    filename: file.filename,
    mimetype: file.mimetype,
    size: file.size,
    ...preview,
    ...(downloadUrl ? { downloadUrl } : {}),
    ...encryptionOf(file),
  };
}

/** The bundle behind its link: the share fields, and once the visit is allowed, the files. */
export function presentPublic(row: BundleRow, grant: BundleGrant | null): PublicBundle {
  const base: PublicBundle = {
    slug: row.slug,
    title: row.title,
    created_at: row.created_at,
    expires_at: row.expires_at,
    max_views: row.max_views,
    views: row.views,
    requires_password: row.password_hash !== null,
  };
  if (!grant) {
    return base;
  }
  return {
    ...base,
    file_count: grant.files.length,
    total_size: grant.files.reduce((sum, member) => sum + member.file.size, 0),
    files: grant.files.map(presentPublicMember),
    ...(grant.zipUrl !== null ? { zipUrl: grant.zipUrl } : {}),
    ...bundleEncryptionOf(grant.files.map((member) => member.file)),
  };
}
