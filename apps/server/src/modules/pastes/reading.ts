import type { PasteView } from '@pastebox/contract/schemas/paste';
import type { AppDeps } from '@/context';
import { AppError } from '@/lib/errors';
import { assertLive } from '@/shares/liveness';
import { checkSharePassword } from '@/shares/password';
import type { Reader } from '@/shares/reader';
import { countViewOrExplain, type ViewCounter } from '@/shares/views';
import { presentPasteView } from './presenter';
import { PastesRepo, type PasteRow } from './repo';
import { isPasteOwner } from './rules';

/** The share behind a public link, or 404; 410 once it expired or ran out of views. */
async function findLiveShare(deps: AppDeps, slug: string): Promise<PasteRow> {
  const row = await new PastesRepo(deps.db).findBySlug(slug);
  if (!row) {
    throw new AppError('PASTE_NOT_FOUND');
  }
  assertLive(row, deps.clock.now().toISOString());
  return row;
}

/**
 * Counts one view and answers the row as it is after the count; 410 or 404 when another
 * reader took the last view or the share expired or went meanwhile.
 */
function countView(deps: AppDeps, row: PasteRow): Promise<PasteRow> {
  const repo = new PastesRepo(deps.db);
  const counter: ViewCounter<PasteRow> = {
    count: (share, nowIso) => repo.countView(share.id, nowIso),
    reload: (share) => repo.findById(share.id, { kind: 'all' }),
    notFound: 'PASTE_NOT_FOUND',
  };
  return countViewOrExplain(counter, row, deps.clock.now().toISOString());
}

/**
 * A reader who owns nothing (no credentials) reading a share without a password: the
 * count and the read in one `UPDATE … RETURNING` (DESIGN §11). Undefined when that did not
 * count a view — the share is protected, gone, expired or used up, or the reader may own
 * it — and the caller takes the full path, which explains why (or counts it there).
 */
function countAnonymousView(deps: AppDeps, slug: string, reader: Reader) {
  if (reader.principal.type !== 'none') {
    return Promise.resolve(undefined);
  }
  return new PastesRepo(deps.db).countOpenViewBySlug(slug, deps.clock.now().toISOString());
}

/**
 * GET /api/paste/{slug}. The owner reads freely (no view counted, editable in place); a
 * protected share answers its metadata only; anything else costs one view.
 */
export async function openPaste(deps: AppDeps, slug: string, reader: Reader): Promise<PasteView> {
  const counted = await countAnonymousView(deps, slug, reader);
  if (counted) {
    return presentPasteView(counted, { withContent: true, owner: false });
  }
  const row = await findLiveShare(deps, slug);
  if (isPasteOwner(row, reader.principal)) {
    return presentPasteView(row, { withContent: true, owner: true });
  }
  if (row.password_hash !== null) {
    return presentPasteView(row, { withContent: false, owner: false });
  }
  return presentPasteView(await countView(deps, row), { withContent: true, owner: false });
}

/** POST /api/paste/{slug}: the content for the right password, at the cost of one view. */
export async function unlockPaste(
  deps: AppDeps,
  slug: string,
  password: string,
  reader: Reader,
): Promise<PasteView> {
  const row = await findLiveShare(deps, slug);
  if (isPasteOwner(row, reader.principal)) {
    return presentPasteView(row, { withContent: true, owner: true });
  }
  await checkSharePassword(deps, row.password_hash, password, reader.clientIp);
  return presentPasteView(await countView(deps, row), { withContent: true, owner: false });
}

/**
 * GET /api/raw/{slug}?password=: the bare content, counted like any other delivery so the
 * raw link cannot bypass the view limit; a protected share needs its password in the query.
 */
export async function readRawPaste(
  deps: AppDeps,
  slug: string,
  password: string | undefined,
  reader: Reader,
): Promise<string> {
  if (password === undefined) {
    const counted = await countAnonymousView(deps, slug, reader);
    if (counted) {
      return counted.content;
    }
  }
  const row = await findLiveShare(deps, slug);
  if (isPasteOwner(row, reader.principal)) {
    return row.content;
  }
  await checkSharePassword(deps, row.password_hash, password, reader.clientIp);
  return (await countView(deps, row)).content;
}
