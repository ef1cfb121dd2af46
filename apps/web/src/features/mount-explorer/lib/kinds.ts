/**
 * What a file is, in words people use (issue 30: the Type column showed "image/png"): a
 * kind, and the format that names it ("PNG image", "Word document"). The words themselves
 * are translations (explorer.kinds.*); this only decides which.
 */
export type FileKind =
  | 'pdf'
  | 'image'
  | 'video'
  | 'audio'
  | 'markdown'
  | 'plainText'
  | 'word'
  | 'spreadsheet'
  | 'presentation'
  | 'document'
  | 'archive'
  | 'typed'
  | 'file';

export interface FileKindLabel {
  kind: FileKind;
  /** "PNG", "MP3": the extension, else what the type's subtype names; '' when neither. */
  format: string;
}

/** Whole MIME types whose kind their top-level type does not tell. */
const BY_TYPE: Record<string, FileKind> = {
  'application/pdf': 'pdf',
  'text/markdown': 'markdown',
  'text/x-markdown': 'markdown',
  'text/plain': 'plainText',
  'text/csv': 'spreadsheet',
  'text/html': 'document',
  'application/rtf': 'document',
  'application/epub+zip': 'document',
  'application/msword': 'word',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'word',
  'application/vnd.oasis.opendocument.text': 'document',
  'application/vnd.ms-excel': 'spreadsheet',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': 'spreadsheet',
  'application/vnd.oasis.opendocument.spreadsheet': 'spreadsheet',
  'application/vnd.ms-powerpoint': 'presentation',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation': 'presentation',
  'application/vnd.oasis.opendocument.presentation': 'presentation',
  'application/zip': 'archive',
  'application/gzip': 'archive',
  'application/x-gzip': 'archive',
  'application/x-tar': 'archive',
  'application/x-7z-compressed': 'archive',
  'application/x-rar-compressed': 'archive',
  'application/vnd.rar': 'archive',
  'application/x-bzip2': 'archive',
  'application/x-xz': 'archive',
  'application/zstd': 'archive',
};

/** Extensions that say more than a generic type (application/octet-stream) would. */
const BY_EXTENSION: Record<string, FileKind> = {
  pdf: 'pdf',
  md: 'markdown',
  markdown: 'markdown',
  txt: 'plainText',
  doc: 'word',
  docx: 'word',
  xls: 'spreadsheet',
  xlsx: 'spreadsheet',
  ods: 'spreadsheet',
  csv: 'spreadsheet',
  ppt: 'presentation',
  pptx: 'presentation',
  odp: 'presentation',
  key: 'presentation',
  odt: 'document',
  rtf: 'document',
  epub: 'document',
  zip: 'archive',
  gz: 'archive',
  tgz: 'archive',
  tar: 'archive',
  '7z': 'archive',
  rar: 'archive',
  bz2: 'archive',
  xz: 'archive',
  zst: 'archive',
};

/** Formats whose subtype is not what people call them. */
const SUBTYPE_NAMES: Record<string, string> = {
  'audio/mpeg': 'MP3',
  'video/quicktime': 'MOV',
  'image/svg+xml': 'SVG',
  'image/x-icon': 'ICO',
  'image/vnd.microsoft.icon': 'ICO',
};

const GENERIC = new Set(['', 'application/octet-stream', 'binary/octet-stream']);

function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  const extension = dot > 0 ? name.slice(dot + 1).toLowerCase() : '';
  // "report.final version" has no extension worth naming.
  return /^[a-z0-9]{1,6}$/.test(extension) ? extension : '';
}

/** "image/x-portable-pixmap" → "PORTABLE-PIXMAP", "image/svg+xml" → "SVG". */
function formatOfSubtype(mimetype: string): string {
  if (SUBTYPE_NAMES[mimetype]) {
    return SUBTYPE_NAMES[mimetype];
  }
  const subtype = mimetype.split('/')[1] ?? '';
  return subtype
    .replace(/^(x-|vnd\.)/, '')
    .split('+')[0]!
    .toUpperCase();
}

function kindOfType(mimetype: string): FileKind | null {
  if (BY_TYPE[mimetype]) {
    return BY_TYPE[mimetype];
  }
  const top = mimetype.split('/')[0];
  if (top === 'image' || top === 'video' || top === 'audio') {
    return top;
  }
  return null;
}

/** The kind of a file from its name and its type (the type first, when it says anything). */
export function fileKindOf(name: string, mimetype: string | null): FileKindLabel {
  const type = (mimetype ?? '').split(';')[0]!.trim().toLowerCase();
  const extension = extensionOf(name);
  const generic = GENERIC.has(type);
  const kind =
    (!generic && kindOfType(type)) ||
    (extension && BY_EXTENSION[extension]) ||
    (extension || !generic ? 'typed' : 'file');
  const format = extension ? extension.toUpperCase() : generic ? '' : formatOfSubtype(type);
  return { kind: format === '' && kind === 'typed' ? 'file' : kind, format };
}
