/** How a file is previewed (the file page, the mount explorer). */
export type PreviewKind = 'image' | 'video' | 'audio' | 'pdf' | 'markdown' | 'text' | 'none';

/** SPEC §5: Markdown-style files are detected by extension. */
const MARKDOWN_EXTENSIONS = new Set([
  'md',
  'markdown',
  'mdown',
  'mkd',
  'mdwn',
  'mdtxt',
  'mdtext',
  'rmd',
]);

/** Images every current browser draws; SVG is left out (served as text, never inline). */
const IMAGE_TYPES = /^image\/(png|jpeg|gif|webp|avif|bmp|x-icon|vnd\.microsoft\.icon)$/;

/** Extension → highlight.js language, for text files whose type says little (text/plain). */
const CODE_LANGUAGES: Record<string, string> = {
  js: 'javascript',
  mjs: 'javascript',
  cjs: 'javascript',
  jsx: 'javascript',
  ts: 'typescript',
  tsx: 'typescript',
  json: 'json',
  py: 'python',
  rb: 'ruby',
  go: 'go',
  rs: 'rust',
  java: 'java',
  kt: 'kotlin',
  c: 'c',
  h: 'c',
  cc: 'cpp',
  cpp: 'cpp',
  hpp: 'cpp',
  cs: 'csharp',
  php: 'php',
  swift: 'swift',
  sh: 'bash',
  bash: 'bash',
  zsh: 'bash',
  ps1: 'powershell',
  sql: 'sql',
  yml: 'yaml',
  yaml: 'yaml',
  toml: 'ini',
  ini: 'ini',
  conf: 'ini',
  xml: 'xml',
  html: 'xml',
  htm: 'xml',
  svg: 'xml',
  css: 'css',
  scss: 'scss',
  less: 'less',
  lua: 'lua',
  pl: 'perl',
  r: 'r',
  diff: 'diff',
  patch: 'diff',
  makefile: 'makefile',
  dockerfile: 'dockerfile',
  graphql: 'graphql',
};

/**
 * For files stored without a useful type (application/octet-stream): go by the name. Media
 * elements play such bytes; PDF is left out because a frame would download it instead.
 */
const KIND_BY_EXTENSION: Record<string, PreviewKind> = {
  png: 'image',
  jpg: 'image',
  jpeg: 'image',
  gif: 'image',
  webp: 'image',
  avif: 'image',
  bmp: 'image',
  ico: 'image',
  mp4: 'video',
  m4v: 'video',
  webm: 'video',
  ogv: 'video',
  mov: 'video',
  mp3: 'audio',
  wav: 'audio',
  ogg: 'audio',
  oga: 'audio',
  opus: 'audio',
  m4a: 'audio',
  aac: 'audio',
  flac: 'audio',
};

const GENERIC_TYPES = new Set(['', 'application/octet-stream', 'binary/octet-stream']);

const PLAIN_TEXT_EXTENSIONS = new Set(['txt', 'log', 'csv', 'tsv', 'env', 'gitignore', 'text']);

/** The extension of a file name, lowercase; whole name for Makefile and Dockerfile. */
export function extensionOf(filename: string): string {
  const lower = filename.toLowerCase();
  const dot = lower.lastIndexOf('.');
  return dot >= 0 ? lower.slice(dot + 1) : lower;
}

/** The highlight.js language for a code file, or null to show plain text. */
export function codeLanguageOf(filename: string, mimetype: string): string | null {
  const fromExtension = CODE_LANGUAGES[extensionOf(filename)];
  if (fromExtension) {
    return fromExtension;
  }
  if (mimetype === 'application/json') {
    return 'json';
  }
  return null;
}

function isTextual(mimetype: string, extension: string): boolean {
  return (
    mimetype.startsWith('text/') ||
    /^application\/(json|xml|javascript|x-sh|x-yaml|yaml|toml|sql)$/.test(mimetype) ||
    mimetype.endsWith('+json') ||
    mimetype.endsWith('+xml') ||
    extension in CODE_LANGUAGES ||
    PLAIN_TEXT_EXTENSIONS.has(extension)
  );
}

/** Picks the preview for a file from its type and, for Markdown and code, its name. */
export function previewKindOf(filename: string, mimetype: string): PreviewKind {
  const type = mimetype.split(';')[0]?.trim().toLowerCase() ?? '';
  const extension = extensionOf(filename);
  if (MARKDOWN_EXTENSIONS.has(extension)) {
    return 'markdown';
  }
  // Browsers type files by extension and get code wrong (.ts is "video/mp2t"): trust the name.
  if (extension in CODE_LANGUAGES && !IMAGE_TYPES.test(type)) {
    return 'text';
  }
  const byName = KIND_BY_EXTENSION[extension];
  if (GENERIC_TYPES.has(type) && byName) {
    return byName;
  }
  if (IMAGE_TYPES.test(type)) {
    return 'image';
  }
  if (type.startsWith('video/')) {
    return 'video';
  }
  if (type.startsWith('audio/')) {
    return 'audio';
  }
  if (type === 'application/pdf') {
    return 'pdf';
  }
  return isTextual(type, extension) ? 'text' : 'none';
}
