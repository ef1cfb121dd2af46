import type { PasteView } from '@pastebox/contract/schemas/paste';
import type { AppDeps, Principal } from '@/context';
import { AppError } from '@/lib/errors';
import { checkSharePassword } from '@/shares/password';
import { presentPasteView } from './presenter';
import { PastesRepo, type PasteRow } from './repo';
import { assertLive, deadReason, isPasteOwner } from './rules';

/** Who is reading: the resolved principal and the client address for rate limits. */
export interface Reader {
  principal: Principal;
  clientIp: string;
}

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
 * Counts one view atomically and answers the row as it is after the count. When the count
 * did not happen, another reader took the last view (or the share just expired or went).
 */
async function countView(deps: AppDeps, row: PasteRow): Promise<PasteRow> {
  const repo = new PastesRepo(deps.db);
  const nowIso = deps.clock.now().toISOString();
  const counted = await repo.countView(row.id, nowIso);
  if (counted) {
    return counted;
  }
  const current = await repo.findById(row.id, { kind: 'all' });
  if (!current) {
    throw new AppError('PASTE_NOT_FOUND');
  }
  throw new AppError(deadReason(current, nowIso) ?? 'VIEW_LIMIT_REACHED');
}

/**
 * GET /api/paste/{slug}. The owner reads freely (no view counted, editable in place); a
 * protected share answers its metadata only; anything else costs one view.
 */
export async function openPaste(deps: AppDeps, slug: string, reader: Reader): Promise<PasteView> {
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
  const row = await findLiveShare(deps, slug);
  if (isPasteOwner(row, reader.principal)) {
    return row.content;
  }
  await checkSharePassword(deps, row.password_hash, password, reader.clientIp);
  return (await countView(deps, row)).content;
}
