import type { PasteView } from '@pastebox/contract/schemas/paste';
import type { AppDeps } from '@/context';
import { isoNow } from '@/lib/clock';
import { AppError } from '@/lib/errors';
import { assertLive } from '@/shares/liveness';
import { checkSharePassword } from '@/shares/password';
import type { Reader } from '@/shares/reader';
import { countViewOrExplain, type ViewCounter } from '@/shares/views';
import { presentPasteView } from './presenter';
import { PastesRepo, type PasteRow } from './repo';
import { isPasteOwner } from './rules';
import { issueRawUrl, readRawByVisit } from './visits';

/** The share behind a public link, or 404; 410 once it expired or ran out of views. */
async function findLiveShare(deps: AppDeps, slug: string): Promise<PasteRow> {
  const row = await new PastesRepo(deps.db).findBySlug(slug);
  if (!row) {
    throw new AppError('PASTE_NOT_FOUND');
  }
  assertLive(row, isoNow(deps.clock));
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
  return countViewOrExplain(counter, row, isoNow(deps.clock));
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
  return new PastesRepo(deps.db).countOpenViewBySlug(slug, isoNow(deps.clock));
}

/** `countAnonymousView` for a raw read: only the content comes back. */
function countAnonymousRawView(deps: AppDeps, slug: string, reader: Reader) {
  if (reader.principal.type !== 'none') {
    return Promise.resolve(undefined);
  }
  return new PastesRepo(deps.db).countOpenRawViewBySlug(slug, isoNow(deps.clock));
}

/** The share with its content and the raw link of a new visit, absolute under `linkBase`. */
async function presentReadable(
  deps: AppDeps,
  row: PasteRow,
  owner: boolean,
  linkBase: string,
): Promise<PasteView> {
  const rawUrl = await issueRawUrl(deps, row, linkBase);
  return presentPasteView(row, { withContent: true, owner, rawUrl });
}

/**
 * Whether the share still has the password the reader was checked against (or none): the
 * owner may change it while a check runs (argon2 takes a while), and the content or a visit
 * handed out after the change would outlive the revocation that came with it.
 */
function passwordUnchanged(checked: PasteRow, counted: PasteRow): boolean {
  return checked.password_hash === counted.password_hash;
}

/**
 * GET /api/paste/{slug}. The owner reads freely (no view counted, editable in place); a
 * protected share answers its metadata only; anything else costs one view. The content
 * comes with the raw link of a new visit (`rawUrl`), which costs no further view.
 */
export async function openPaste(
  deps: AppDeps,
  slug: string,
  reader: Reader,
  linkBase: string,
): Promise<PasteView> {
  const counted = await countAnonymousView(deps, slug, reader);
  if (counted) {
    return presentReadable(deps, counted, false, linkBase);
  }
  const row = await findLiveShare(deps, slug);
  if (isPasteOwner(row, reader.principal)) {
    return presentReadable(deps, row, true, linkBase);
  }
  if (row.password_hash !== null) {
    return presentPasteView(row, { withContent: false, owner: false });
  }
  const viewed = await countView(deps, row);
  if (!passwordUnchanged(row, viewed)) {
    return presentPasteView(viewed, { withContent: false, owner: false });
  }
  return presentReadable(deps, viewed, false, linkBase);
}

/** POST /api/paste/{slug}: the content and its raw link for the right password, for one view. */
export async function unlockPaste(
  deps: AppDeps,
  slug: string,
  password: string,
  reader: Reader,
  linkBase: string,
): Promise<PasteView> {
  const row = await findLiveShare(deps, slug);
  if (isPasteOwner(row, reader.principal)) {
    return presentReadable(deps, row, true, linkBase);
  }
  await checkSharePassword(deps, row.password_hash, password, reader.clientIp);
  const viewed = await countView(deps, row);
  if (!passwordUnchanged(row, viewed)) {
    throw new AppError('WRONG_PASSWORD');
  }
  return presentReadable(deps, viewed, false, linkBase);
}

/** What GET /api/raw/{slug} was asked: a visit's token, or the password (or neither). */
export interface RawReadRequest {
  slug: string;
  token: string | undefined;
  password: string | undefined;
}

/**
 * GET /api/raw/{slug}: the bare content. With a visit's token no view is counted and no
 * password needed (./visits.ts). Without one the request is a visit of its own, counted
 * like any other delivery so the raw link cannot bypass the view limit, with the
 * password in the query for a protected share (the SPEC's form, kept for scripts).
 */
export async function readRawPaste(
  deps: AppDeps,
  request: RawReadRequest,
  reader: Reader,
): Promise<string> {
  if (request.token) {
    return readRawByVisit(deps, request.slug, request.token);
  }
  if (request.password === undefined) {
    const counted = await countAnonymousRawView(deps, request.slug, reader);
    if (counted !== undefined) {
      return counted;
    }
  }
  const row = await findLiveShare(deps, request.slug);
  if (isPasteOwner(row, reader.principal)) {
    return row.content;
  }
  await checkSharePassword(deps, row.password_hash, request.password, reader.clientIp);
  const viewed = await countView(deps, row);
  if (!passwordUnchanged(row, viewed)) {
    throw new AppError('WRONG_PASSWORD');
  }
  return viewed.content;
}
