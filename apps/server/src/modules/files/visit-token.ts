import type { AppDeps } from '../../context';

/**
 * Visit tokens (DESIGN §5): opening a share counts one view and hands out a short-lived
 * signed token, so the preview and the download of that visit cost no further view and
 * need no password in the URL. The token binds the slug and the file id: a share deleted
 * and re-created under the same slug, or renamed, does not honour an old token.
 */

export const VISIT_TOKEN_SECONDS = 60 * 60;

interface VisitTarget {
  id: string;
  slug: string;
}

function payloadOf(target: VisitTarget, expiresAt: number): string {
  return JSON.stringify(['pastebox-file-visit-v1', target.slug, target.id, expiresAt]);
}

/** `{expiry}.{signature}`: expiry in Unix seconds. */
export function issueVisitToken(deps: AppDeps, target: VisitTarget): string {
  const expiresAt = Math.floor(deps.clock.now().getTime() / 1000) + VISIT_TOKEN_SECONDS;
  return `${expiresAt}.${deps.secrets.sign(payloadOf(target, expiresAt))}`;
}

/** True when `token` was issued for this share and has not expired. */
export function isValidVisitToken(deps: AppDeps, token: string, target: VisitTarget): boolean {
  const match = /^(\d{1,12})\.([A-Za-z0-9_-]{20,100})$/.exec(token);
  if (!match?.[1] || !match[2]) {
    return false;
  }
  const expiresAt = Number(match[1]);
  if (expiresAt * 1000 <= deps.clock.now().getTime()) {
    return false;
  }
  return deps.secrets.verifySignature(payloadOf(target, expiresAt), match[2]);
}

/** The preview and download links of one visit. Relative unless PUBLIC_URL is set. */
export function visitUrls(
  deps: AppDeps,
  target: VisitTarget,
): { previewUrl: string; downloadUrl: string } {
  const token = encodeURIComponent(issueVisitToken(deps, target));
  const base = deps.config.PUBLIC_URL?.replace(/\/+$/, '') ?? '';
  const slug = encodeURIComponent(target.slug);
  return {
    previewUrl: `${base}/api/file-view/${slug}?token=${token}`,
    downloadUrl: `${base}/api/file-download/${slug}?token=${token}`,
  };
}
