import { fragmentKeyOf } from './e2e';
import { usageError } from './errors';

export type ShareKind = 'paste' | 'file' | 'bundle';

/** Where each kind of share opens in the web app (SPEC §2; bundles: DESIGN §13). */
const PAGE_OF: Record<ShareKind, string> = { paste: 'paste', file: 'file', bundle: 'b' };

/** The absolute link of a share on `baseUrl`, as the web app opens it. */
export function shareLink(baseUrl: string, kind: ShareKind, slug: string): string {
  return `${baseUrl}/${PAGE_OF[kind]}/${encodeURIComponent(slug)}`;
}

export interface ShareRef {
  /** The server the link names; null for a bare slug (the configured server). */
  baseUrl: string | null;
  /** null for a bare slug: tried as a paste, then a file, then a bundle. */
  kind: ShareKind | null;
  slug: string;
  /** The end-to-end key of the link's fragment (`#k=…`), never sent to the server. */
  fragmentKey: Uint8Array | null;
}

const PAGE_PATTERN = /^(.*?)\/(paste|file|b|api\/raw)\/([^/]+)\/?$/;
const KIND_OF_PAGE: Record<string, ShareKind> = {
  paste: 'paste',
  'api/raw': 'paste',
  file: 'file',
  b: 'bundle',
};

/** Reads LINK: a share's page URL (/paste/…, /file/…, /b/…, /api/raw/…) or a bare slug. */
export function parseShareLink(input: string): ShareRef {
  if (!/^https?:\/\//i.test(input)) {
    if (!/^[A-Za-z0-9_-]+$/.test(input)) {
      throw usageError(`Not a Pastebox link or slug: ${input}`);
    }
    return { baseUrl: null, kind: null, slug: input, fragmentKey: null };
  }
  const url = new URL(input);
  const match = PAGE_PATTERN.exec(url.pathname);
  const kind = match?.[2] ? KIND_OF_PAGE[match[2]] : undefined;
  if (!match?.[3] || !kind) {
    throw usageError(`Not a link to a Pastebox share: ${input}`);
  }
  return {
    baseUrl: `${url.origin}${match[1] ?? ''}`,
    kind,
    slug: decodeURIComponent(match[3]),
    fragmentKey: fragmentKeyOf(url.hash),
  };
}
