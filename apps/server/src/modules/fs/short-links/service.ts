import { LIMITS } from '@pastebox/contract/limits';
import type { ShortLinkResult } from '@pastebox/contract/schemas/fs';
import type { AppDeps } from '@/context';
import { AppError } from '@/lib/errors';
import { randomSlug } from '@/lib/ids';
import { absoluteUrl } from '@/lib/public-url';
import { RATE_LIMITS } from '@/lib/rate-limit';
import { isUniqueViolation } from '@/shares/slugs';
import type { FileSystem } from '@/vfs/types';
import { ShortLinksRepo } from './repo';

/**
 * Short links to signed file links (issue 30, DESIGN §7): a short code that redirects to a
 * link GET file-link would sign, for a QR code a phone can read. The code is made only by
 * signing the link first, through the caller's own file system: whoever may not get the
 * link (a key outside its basic_path, a missing file) gets the same refusal here, and no
 * code ever points anywhere but at a link this server signed.
 */

/** 12 characters of a 56-letter alphabet: about 70 bits, beyond guessing through HTTP. */
const CODE_LENGTH = 12;
/** A code drawn twice is practically impossible; a few draws make a failure impossible. */
const DRAW_ATTEMPTS = 5;

export interface ShortLinkRequest {
  path: string;
  expiresInSeconds?: number;
  forceDownload?: boolean;
  /** The created_by of the caller (SPEC §3): counted by the rate limit, kept on the row. */
  createdBy: string;
  /** The base of absolute links for this request (lib/public-url.ts). */
  baseUrl: string;
}

/** The path a short link's code answers on, below the base URL. */
export function shortLinkPath(code: string): string {
  return `/api/s/${code}`;
}

/**
 * Signs a link to `request.path` through `fs` (which refuses what the caller may not
 * reach) and stores a code for it, expiring with it. 429 past RATE_LIMITS.shortLink.
 */
export async function createShortLink(
  deps: AppDeps,
  fs: FileSystem,
  request: ShortLinkRequest,
): Promise<ShortLinkResult> {
  await deps.rateLimiter.reserve(RATE_LIMITS.shortLink, request.createdBy);
  const expiresIn = request.expiresInSeconds ?? LIMITS.defaultFileLinkSeconds;
  const link = await fs.link(request.path, {
    expiresInSeconds: expiresIn,
    forceDownload: request.forceDownload ?? false,
  });
  const url = absoluteUrl(request.baseUrl, link.url);
  const repo = new ShortLinksRepo(deps.db);
  for (let attempt = 1; ; attempt += 1) {
    const code = randomSlug(CODE_LENGTH);
    try {
      await repo.insert({
        code,
        target_url: url,
        path: request.path,
        created_by: request.createdBy,
        created_at: deps.clock.now().toISOString(),
        expires_at: link.expiresAt.toISOString(),
      });
      return {
        url,
        short_url: `${request.baseUrl}${shortLinkPath(code)}`,
        expires_at: link.expiresAt.toISOString(),
        expires_in: expiresIn,
      };
    } catch (error) {
      if (!isUniqueViolation(error) || attempt >= DRAW_ATTEMPTS) {
        throw error;
      }
    }
  }
}

/**
 * The signed URL a code stands for. 404 SHORT_LINK_NOT_FOUND for a code never issued or
 * already swept; 403 SIGNED_URL_EXPIRED once its link has expired (the row awaits the sweep).
 */
export async function resolveShortLink(deps: AppDeps, code: string): Promise<string> {
  const row = await new ShortLinksRepo(deps.db).find(code);
  if (!row) {
    throw new AppError('SHORT_LINK_NOT_FOUND');
  }
  if (Date.parse(row.expires_at) <= deps.clock.now().getTime()) {
    throw new AppError('SIGNED_URL_EXPIRED');
  }
  return row.target_url;
}

/** Deletes the short links whose signed link has expired (the sweeper); answers how many. */
export function sweepExpiredShortLinks(deps: AppDeps): Promise<number> {
  return new ShortLinksRepo(deps.db).deleteExpired(deps.clock.now().toISOString());
}
