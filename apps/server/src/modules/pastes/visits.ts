import type { AppDeps } from '@/context';
import { isoNow } from '@/lib/clock';
import { AppError } from '@/lib/errors';
import { isExpired } from '@/shares/liveness';
import { rawTextBudget } from '@/shares/visit-budget';
import { spendVisit } from '@/shares/visit-bytes';
import { issueVisit, type ShareRef } from '@/shares/visits';
import { PastesRepo, type PasteRow } from './repo';

/**
 * Visits of a text share (DESIGN §5; the visit itself lives in the share kernel,
 * `@/shares/visits`): the page's answer carries a raw link with the visit's token, so
 * reading the raw text costs no second view and never needs the password in a URL. The
 * visit's budget is a few reads of the content, its life that of a file's visit.
 */

export { revokesVisits, revokeVisits } from '@/shares/visits';

/** A paste as visits name it. */
export function pasteShare(id: string): ShareRef {
  return { table: 'pastes', id };
}

/** The content's size in bytes: what one raw read serves, and the budget's base. */
function contentBytes(row: Pick<PasteRow, 'content'>): number {
  return Buffer.byteLength(row.content, 'utf8');
}

/** A new visit's raw link to `row`: `{linkBase}/api/raw/{slug}?token=…`, absolute. */
export async function issueRawUrl(deps: AppDeps, row: PasteRow, linkBase: string): Promise<string> {
  // Object.assign onto a new literal, not a spread with a property added (round 9).
  const target = Object.assign(pasteShare(row.id), { budget: rawTextBudget(contentBytes(row)) });
  const token = await issueVisit(deps, target);
  return `${linkBase}/api/raw/${encodeURIComponent(row.slug)}?token=${token}`;
}

/**
 * GET /api/raw/{slug}?token=: the content through a visit. The view was counted when the
 * visit was issued; only the share's expiry still applies, and the read comes out of the
 * visit's budget. 404 for no such share, 410 SHARE_EXPIRED, or 410 VISIT_LINK_USED_UP for a
 * token that is forged, ran out, or was revoked by a change of password or limits.
 */
export async function readRawByVisit(deps: AppDeps, slug: string, token: string): Promise<string> {
  const row = await new PastesRepo(deps.db).findBySlug(slug);
  if (!row) {
    throw new AppError('PASTE_NOT_FOUND');
  }
  if (isExpired(row, isoNow(deps.clock))) {
    throw new AppError('SHARE_EXPIRED');
  }
  await spendVisit(deps, token, pasteShare(row.id), contentBytes(row));
  return row.content;
}
