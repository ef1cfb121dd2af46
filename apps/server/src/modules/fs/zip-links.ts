import type { AppDeps } from '@/context';
import { AppError } from '@/lib/errors';
import type { Caller, FileSystem } from '@/vfs/types';

/**
 * Signed ZIP links (issue 33): the explorer's "Download as ZIP" is a plain link the browser
 * downloads, as its single-file download is a signed file link, because an archive of
 * gigabytes must go to the browser's download manager, not through a fetch into memory, and
 * a link cannot carry the Authorization header. The link names the path and the caller's
 * reach (admin, or a key's basic_path) under the server's HMAC and expires a minute after it
 * was made: it is followed at once. The download itself lasts as long as it lasts.
 */

/** Seconds a ZIP link can be followed: the explorer follows it as soon as it has it. */
export const ZIP_LINK_SECONDS = 60;
/** The public path the signed links lead to, below /api. */
export const ZIP_LINK_PATH = '/fs-zip';

interface ZipLinkClaims {
  path: string;
  caller: Caller;
  /** Unix seconds. */
  expiresAt: number;
}

function payloadOf(claims: ZipLinkClaims): string {
  const scope = claims.caller.kind === 'admin' ? null : claims.caller.basicPath;
  return JSON.stringify([
    'pastebox-fs-zip-v1',
    claims.path,
    claims.caller.kind,
    scope,
    claims.expiresAt,
  ]);
}

/**
 * A link (below the base URL) to the ZIP of `rawPath` for the caller of `fs`: the path is
 * checked first (NOT_FOUND, FORBIDDEN, INVALID_PATH), so a refused path gets no link.
 */
export async function signZipLink(
  deps: AppDeps,
  fs: FileSystem,
  caller: Caller,
  rawPath: string,
): Promise<{ url: string; expiresAt: Date }> {
  const entry = await fs.stat(rawPath);
  const expiresAt = Math.floor(deps.clock.now().getTime() / 1000) + ZIP_LINK_SECONDS;
  const claims: ZipLinkClaims = { path: entry.path, caller, expiresAt };
  const params = new URLSearchParams({ path: entry.path });
  if (caller.kind === 'key') {
    params.set('scope', caller.basicPath);
  }
  params.set('exp', String(expiresAt));
  params.set('sig', deps.secrets.sign(payloadOf(claims)));
  return {
    url: `/api${ZIP_LINK_PATH}?${params.toString()}`,
    expiresAt: new Date(expiresAt * 1000),
  };
}

/** The path and caller a ZIP link grants; SIGNED_URL_INVALID / SIGNED_URL_EXPIRED otherwise. */
export function verifyZipLink(
  deps: AppDeps,
  query: { path: string; scope?: string | undefined; exp: number; sig: string },
): { path: string; caller: Caller } {
  const caller: Caller =
    query.scope === undefined ? { kind: 'admin' } : { kind: 'key', basicPath: query.scope };
  const claims: ZipLinkClaims = { path: query.path, caller, expiresAt: query.exp };
  if (!deps.secrets.verifySignature(payloadOf(claims), query.sig)) {
    throw new AppError('SIGNED_URL_INVALID');
  }
  if (query.exp * 1000 <= deps.clock.now().getTime()) {
    throw new AppError('SIGNED_URL_EXPIRED');
  }
  return { path: query.path, caller };
}
