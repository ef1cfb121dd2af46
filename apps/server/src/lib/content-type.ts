/**
 * The Content-Type user content may be served with (DESIGN §5): never a type a browser
 * runs as script. A share served as `text/javascript` from the app's own origin is a
 * script the page's CSP (`script-src 'self'`) allows, so the shares, the local driver's
 * signed GETs, S3 download links and the URL-upload proxy all answer through this one rule.
 */

/** How the bytes are meant to reach the user. */
export type ServeMode = 'view' | 'download';

const OCTET_STREAM = 'application/octet-stream';
const PLAIN_TEXT = 'text/plain; charset=utf-8';

/**
 * The HTML standard's JavaScript MIME types (a "JavaScript MIME type essence match"),
 * VBScript for old engines, and WebAssembly: `application/wasm` is what
 * `instantiateStreaming` and WebAssembly module imports demand, and nothing a visitor needs
 * from a share. Any `+javascript` suffix counts as well.
 */
const SCRIPT_TYPES = new Set([
  'application/ecmascript',
  'application/javascript',
  'application/x-ecmascript',
  'application/x-javascript',
  'text/ecmascript',
  'text/javascript',
  'text/javascript1.0',
  'text/javascript1.1',
  'text/javascript1.2',
  'text/javascript1.3',
  'text/javascript1.4',
  'text/javascript1.5',
  'text/jscript',
  'text/livescript',
  'text/x-ecmascript',
  'text/x-javascript',
  'text/vbscript',
  'application/wasm',
]);

/** The mode a Content-Disposition asks for: `attachment` downloads, inline or none views. */
export function serveModeOf(disposition: string | null | undefined): ServeMode {
  return /^\s*attachment\b/i.test(disposition ?? '') ? 'download' : 'view';
}

/** A stored mimetype is a bare `type/subtype`, lowercase; anything else is octet-stream. */
export function normaliseMimetype(value: string | null | undefined): string {
  const bare = (value ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
  return /^[a-z0-9][\w.+-]*\/[\w.+-]+$/.test(bare) ? bare : OCTET_STREAM;
}

/** Whether a browser would run bytes of this type as script (parameters ignored). */
export function isScriptType(value: string | null | undefined): boolean {
  const type = normaliseMimetype(value);
  return SCRIPT_TYPES.has(type) || type.endsWith('+javascript');
}

/**
 * The Content-Type to send user content of `type` with: a script type becomes plain text
 * to look at (`view`) or opaque bytes to save (`download`); any other type is kept, bare.
 */
export function safeContentType(type: string | null | undefined, mode: ServeMode): string {
  if (isScriptType(type)) {
    return mode === 'view' ? PLAIN_TEXT : OCTET_STREAM;
  }
  return normaliseMimetype(type);
}
