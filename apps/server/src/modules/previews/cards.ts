import type { SharePageKind } from '@/lib/share-page';
import type { BundleCard } from '@/modules/bundles/service';
import type { FileCard } from '@/modules/files/service';
import type { PasteCard } from '@/modules/pastes/service';
import { formatBytes } from '@/modules/storage-configs/service';
import { isExpired } from '@/shares/liveness';
import type { PreviewWords } from './words';

/** What a link preview shows of a share: never more than its rules allow. */
export interface ShareCard {
  title: string;
  /** null: no description at all (a protected share says nothing beyond its title). */
  description: string | null;
  /** Whether the share's image may be shown (then served by the preview image route). */
  image: boolean;
}

/** How many characters of a paste a preview shows (issue 36: "the first ~200"). */
export const SNIPPET_CHARS = 200;

/** Image previews stop here: a chat app fetching a huge file for a thumbnail wastes both. */
export const PREVIEW_IMAGE_MAX_BYTES = 10 * 1024 * 1024;

/**
 * Raster types every preview bot renders. Never SVG: it is active content (DESIGN §4) and
 * the preview image route answers its bytes with the stored type.
 */
const PREVIEW_IMAGE_TYPES = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/webp']);

interface ShareRules {
  password_hash: string | null;
  expires_at: string | null;
  max_views: number;
  encrypted?: number;
}

/**
 * A share whose content anyone with the link may see without spending anything: no
 * password, no view limit (a preview must not hint at what a counted view would show),
 * not end-to-end encrypted (the server cannot read it anyway), not expired.
 */
export function isOpenShare(row: ShareRules, nowIso: string): boolean {
  return (
    row.password_hash === null &&
    Number(row.max_views) === 0 &&
    Number(row.encrypted ?? 0) === 0 &&
    !isExpired(row, nowIso)
  );
}

/** Whether an open file share's bytes may be a preview's image. */
export function isPreviewImage(row: Pick<FileCard, 'mimetype' | 'size'>): boolean {
  return (
    PREVIEW_IMAGE_TYPES.has(row.mimetype.toLowerCase()) &&
    row.size > 0 &&
    row.size <= PREVIEW_IMAGE_MAX_BYTES
  );
}

/** The text's first characters with its whitespace collapsed; escaped when written out. */
export function snippetOf(text: string): string {
  const collapsed = text.replace(/\s+/g, ' ').trim();
  // By code points, so a cut never splits a surrogate pair.
  const chars = Array.from(collapsed);
  return chars.length > SNIPPET_CHARS ? `${chars.slice(0, SNIPPET_CHARS).join('')}…` : collapsed;
}

/** The card of a share that shows nothing of itself: missing, expired, protected, or snippets off. */
export function genericCard(kind: SharePageKind, words: PreviewWords): ShareCard {
  const title = {
    paste: words.protectedText,
    file: words.protectedFile,
    bundle: words.protectedBundle,
  }[kind];
  return { title, description: null, image: false };
}

export function pasteCard(row: PasteCard, words: PreviewWords): ShareCard {
  const snippet = snippetOf(row.opening);
  return { title: words.sharedText, description: snippet || null, image: false };
}

export function fileCard(row: FileCard): ShareCard {
  const type = row.mimetype || 'application/octet-stream';
  return {
    title: row.filename,
    description: `${formatBytes(row.size)} · ${type}`,
    image: isPreviewImage(row),
  };
}

export function bundleCard(row: BundleCard, words: PreviewWords): ShareCard {
  return {
    title: row.title?.trim() || words.sharedFiles,
    description: words.fileCount(row.file_count),
    image: false,
  };
}
