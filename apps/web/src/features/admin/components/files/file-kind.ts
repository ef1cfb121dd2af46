import type { FileShare } from '@pastebox/contract/schemas/file';

/** How a file is grouped in the type filter and previewed in the admin dialog. */
export type FileKind = 'image' | 'video' | 'audio' | 'pdf' | 'text' | 'archive' | 'other';
export const FILE_KINDS: readonly FileKind[] = [
  'image',
  'video',
  'audio',
  'pdf',
  'text',
  'archive',
  'other',
];

const TEXT_EXTENSIONS = new Set(
  'txt md markdown log csv tsv json yml yaml toml ini conf xml js mjs ts tsx jsx py rb go rs java c h cpp cs php sh sql css html'.split(
    ' ',
  ),
);
const ARCHIVE_EXTENSIONS = new Set('zip gz tgz tar bz2 xz 7z rar zst'.split(' '));

/** The kind of a file from its type, falling back to its extension for generic types. */
export function fileKindOf(filename: string, mimetype: string): FileKind {
  const type = mimetype.split(';')[0]?.trim().toLowerCase() ?? '';
  const dot = filename.lastIndexOf('.');
  const extension = dot >= 0 ? filename.slice(dot + 1).toLowerCase() : '';
  // SVG can carry script: list it as an image but never draw it inline (see canPreviewInline).
  if (type.startsWith('image/')) {
    return 'image';
  }
  if (type.startsWith('video/') && extension !== 'ts') {
    return 'video';
  }
  if (type.startsWith('audio/')) {
    return 'audio';
  }
  if (type === 'application/pdf') {
    return 'pdf';
  }
  if (
    type.startsWith('text/') ||
    /^application\/(json|xml|javascript|x-sh|x-yaml|yaml|toml|sql)$/.test(type) ||
    TEXT_EXTENSIONS.has(extension)
  ) {
    return 'text';
  }
  if (/zip|tar|gzip|compressed|x-7z|x-rar/.test(type) || ARCHIVE_EXTENSIONS.has(extension)) {
    return 'archive';
  }
  return 'other';
}

/** SVG is served for download only (it may run script), so it gets no inline preview. */
export function canPreviewInline(kind: FileKind, mimetype: string): boolean {
  return kind !== 'archive' && kind !== 'other' && !mimetype.toLowerCase().includes('svg');
}

export type FileStatusFilter = 'all' | 'active' | 'expired' | 'pending';

export interface FileFilters {
  kind: FileKind | 'all';
  status: FileStatusFilter;
}

export const NO_FILE_FILTERS: FileFilters = { kind: 'all', status: 'all' };

/**
 * The server filters by search only; type and status are applied to the rows loaded so far
 * (SPEC §9 loads 50 per request, "load more" widens what the filters see).
 */
export function applyFileFilters(items: FileShare[], filters: FileFilters): FileShare[] {
  return items.filter((item) => {
    if (filters.kind !== 'all' && fileKindOf(item.filename, item.mimetype) !== filters.kind) {
      return false;
    }
    switch (filters.status) {
      case 'all':
        return true;
      case 'pending':
        return item.status === 'pending';
      case 'expired':
        return item.status === 'ready' && item.expired;
      case 'active':
        return item.status === 'ready' && !item.expired;
    }
  });
}

/** "3 / 10" or "3 / ∞". */
export function viewsText(file: Pick<FileShare, 'views' | 'max_views'>): string {
  return `${file.views} / ${file.max_views > 0 ? file.max_views : '∞'}`;
}
