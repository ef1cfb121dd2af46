import type {
  BundleDetail,
  BundleFile,
  BundleSummary,
  PublicBundle,
  PublicBundleFile,
} from '@pastebox/contract/schemas/bundle';
import type { FileRow } from '@/modules/files/service';
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
  };
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

/** What an allowed visit hands out: each member's links and the ZIP's. */
export interface BundleGrant {
  files: { file: FileRow; previewUrl?: string; downloadUrl?: string }[];
  zipUrl: string;
}

function presentPublicMember(member: BundleGrant['files'][number]): PublicBundleFile {
  const { file, previewUrl, downloadUrl } = member;
  return {
    filename: file.filename,
    mimetype: file.mimetype,
    size: file.size,
    ...(previewUrl ? { previewUrl } : {}),
    ...(downloadUrl ? { downloadUrl } : {}),
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
    zipUrl: grant.zipUrl,
  };
}
