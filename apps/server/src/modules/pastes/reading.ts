import type { PasteView } from '@pastebox/contract/schemas/paste';
import type { AppDeps } from '@/context';
import { isoNow } from '@/lib/clock';
import { openShare, verifyShare, type ShareAccess, type ShareOpener } from '@/shares/opening';
import type { Reader } from '@/shares/reader';
import { presentPasteView } from './presenter';
import { PastesRepo, type PasteRow } from './repo';
import { isPasteOwner } from './rules';
import { issueRawUrl, readRawByVisit } from './visits';

/**
 * Pastes as every share opens (`@/shares/opening`); `present` answers the content (with
 * the raw link of a new visit) or, while a password is needed, the metadata only.
 */
function pasteOpener<Answer>(
  deps: AppDeps,
  present: ShareOpener<PasteRow, Answer>['present'],
): ShareOpener<PasteRow, Answer> {
  const repo = new PastesRepo(deps.db);
  return {
    find: (slug) => repo.findBySlug(slug),
    notFound: 'PASTE_NOT_FOUND',
    counter: {
      count: (share, nowIso) => repo.countView(share.id, nowIso),
      reload: (share) => repo.findById(share.id, { kind: 'all' }),
      notFound: 'PASTE_NOT_FOUND',
    },
    isOwner: (row, reader) => isPasteOwner(row, reader.principal),
    present,
  };
}

/** The view of `row` as an opening grants it, its content with a new raw link or none. */
function viewPresenter(deps: AppDeps, linkBase: string) {
  return (row: PasteRow, access: ShareAccess | null): Promise<PasteView> =>
    access
      ? presentReadable(deps, row, access.owner, linkBase)
      : Promise.resolve(presentPasteView(row, { withContent: false, owner: false }));
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

/**
 * Burn after reading (issue 35): an end-to-end encrypted share is deleted as soon as its
 * last view is granted (a view limit of 1 is the classic case), so its ciphertext does not
 * outlive its reader until the next sweep. `row` is as the count left it. The owner's
 * reads count nothing and burn nothing. Answers whether the share is gone.
 */
async function burnIfSpent(deps: AppDeps, row: PasteRow, owner: boolean): Promise<boolean> {
  const maxViews = Number(row.max_views);
  const spent = maxViews > 0 && Number(row.views) >= maxViews;
  if (owner || Number(row.encrypted) !== 1 || !spent) {
    return false;
  }
  await new PastesRepo(deps.db).deleteById(row.id);
  return true;
}

/**
 * The share with its content and the raw link of a new visit, absolute under `linkBase`;
 * a share that burns on this read has no raw link, for there is nothing left to read.
 */
async function presentReadable(
  deps: AppDeps,
  row: PasteRow,
  owner: boolean,
  linkBase: string,
): Promise<PasteView> {
  if (await burnIfSpent(deps, row, owner)) {
    return presentPasteView(row, { withContent: true, owner });
  }
  const rawUrl = await issueRawUrl(deps, row, linkBase);
  return presentPasteView(row, { withContent: true, owner, rawUrl });
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
  return openShare(deps, pasteOpener(deps, viewPresenter(deps, linkBase)), slug, reader);
}

/** POST /api/paste/{slug}: the content and its raw link for the right password, for one view. */
export function unlockPaste(
  deps: AppDeps,
  slug: string,
  password: string,
  reader: Reader,
  linkBase: string,
): Promise<PasteView> {
  return verifyShare(
    deps,
    pasteOpener(deps, viewPresenter(deps, linkBase)),
    slug,
    password,
    reader,
  );
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
  // The content only, for the owner or one view (with the password a protected share needs).
  const opener = pasteOpener(deps, async (row, access) => {
    await burnIfSpent(deps, row, access?.owner ?? false);
    return row.content;
  });
  return verifyShare(deps, opener, request.slug, request.password, reader);
}
