/**
 * What every screenshot and share tool configuration (issue 36) is bound to: one API key
 * on one server. The tools call the existing SPEC endpoints unchanged and build the share
 * link from the answer's `data.slug`, as the web app does (`{origin}/file/{slug}`).
 */

/** A key on a server, as the key dialog knows it. */
export interface ShareToolTarget {
  /** Where the API answers: an absolute origin without a trailing slash. */
  apiBase: string;
  /** Where the web app's share pages live: an absolute origin without a trailing slash. */
  appBase: string;
  /** The API key itself, sent as `Authorization: ApiKey <key>`. */
  key: string;
  /** The key's label, named in the configurations and their file names. */
  keyName: string;
  /** What the key may create: files (POST /api/upload) and texts (POST /api/paste). */
  permissions: { file: boolean; text: boolean };
}

/** The two kinds of share a tool can make, each through its own SPEC call. */
export type ShareToolKind = 'file' | 'text';

/** The call each kind makes (SPEC §7): a multipart form, or a JSON body. */
export const SHARE_ENDPOINTS: Readonly<Record<ShareToolKind, string>> = {
  file: '/api/upload',
  text: '/api/paste',
};

/** The form field POST /api/upload reads the file from. */
export const FILE_FORM_FIELD = 'file';

/**
 * Where both answers hold the new share's slug: `{ code, message, data: { slug, … } }`.
 * An error answers `{ …, message, error, success: false }`: `message` is for people.
 */
export const ANSWER_SLUG_PATH = ['data', 'slug'] as const;
export const ANSWER_ERROR_PATH = ['message'] as const;

/** The kinds a key may create, files first (a screenshot tool's main use). */
export function kindsOf(target: ShareToolTarget): ShareToolKind[] {
  const kinds: ShareToolKind[] = [];
  if (target.permissions.file) {
    kinds.push('file');
  }
  if (target.permissions.text) {
    kinds.push('text');
  }
  return kinds;
}

/** The absolute URL of a kind's upload call. */
export function endpointUrl(target: ShareToolTarget, kind: ShareToolKind): string {
  return `${target.apiBase}${SHARE_ENDPOINTS[kind]}`;
}

/** The share page's link up to the slug: `{appBase}/file/` or `{appBase}/paste/`. */
export function shareLinkPrefix(target: ShareToolTarget, kind: ShareToolKind): string {
  return `${target.appBase}/${kind === 'file' ? 'file' : 'paste'}/`;
}

/** The Authorization header's value for the key (SPEC §7: `ApiKey <key>`). */
export function authorizationOf(target: ShareToolTarget): string {
  return `ApiKey ${target.key}`;
}

/**
 * "Pastebox (<key name>)", with what a Windows, macOS or Linux file name cannot hold
 * replaced: the downloads are named after it, and ShareX names its uploader so too.
 */
export function toolTitle(target: ShareToolTarget, suffix = ''): string {
  // eslint-disable-next-line no-control-regex -- control characters are what is removed
  const name = target.keyName.replace(/[\u0000-\u001f\u007f\\/:*?"<>|]/g, '_').trim();
  return `Pastebox${suffix ? ` ${suffix}` : ''} (${name})`;
}

/** A configuration to download: its file name, type and text. */
export interface ToolFile {
  fileName: string;
  mimeType: string;
  content: string;
}
