import type {
  PasteDetail,
  PasteFormat,
  PasteListItem,
  PasteView,
} from '@pastebox/contract/schemas/paste';
import { deadReason } from '@/shares/liveness';
import type { PasteListRow, PasteRow } from './repo';

/**
 * Rows become answers only through these whitelists: a new column (or the password hash)
 * can never reach a client by accident.
 */

type PasteMeta = Pick<
  PasteRow,
  | 'slug'
  | 'format'
  | 'remark'
  | 'password_hash'
  | 'expires_at'
  | 'max_views'
  | 'views'
  | 'created_by'
  | 'encrypted'
  | 'created_at'
  | 'updated_at'
>;

function formatOf(value: string): PasteFormat {
  return value === 'text' ? 'text' : 'markdown';
}

function presentMeta(row: PasteMeta) {
  return {
    slug: row.slug,
    format: formatOf(row.format),
    remark: row.remark,
    hasPassword: row.password_hash !== null,
    expiresAt: row.expires_at,
    maxViews: Number(row.max_views),
    views: Number(row.views),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    created_by: row.created_by,
    // Only when set, so that no answer of the SPEC's shares changes shape.
    ...(Number(row.encrypted) === 1 ? { encrypted: true as const } : {}),
  };
}

/**
 * A share as a reader sees it. `withContent` false while a password is still needed;
 * `owner` true for the admin or the creating key, who get the id to edit in place;
 * `rawUrl` the raw link of this visit, given with the content.
 */
export function presentPasteView(
  row: PasteRow,
  options: { withContent: boolean; owner: boolean; rawUrl?: string },
): PasteView {
  return {
    ...(options.owner ? { id: row.id } : {}),
    ...presentMeta(row),
    ...(options.withContent ? { content: row.content } : {}),
    canEdit: options.owner,
    ...(options.withContent && options.rawUrl ? { rawUrl: options.rawUrl } : {}),
  };
}

/** One share with its content and id, for its creator and the management views. */
export function presentPasteDetail(row: PasteRow): PasteDetail {
  return { id: row.id, ...presentMeta(row), content: row.content, canEdit: true };
}

/** A management-list entry: metadata, a preview and the size instead of the content. */
export function presentPasteListItem(row: PasteListRow, nowIso: string): PasteListItem {
  return {
    id: row.id,
    ...presentMeta(row),
    preview: row.preview,
    size: Number(row.size),
    expired: deadReason(row, nowIso) !== null,
  };
}
