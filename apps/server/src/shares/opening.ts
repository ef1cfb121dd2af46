import type { ErrorKey } from '@pastebox/contract/errors';
import type { AppDeps } from '@/context';
import { isoNow } from '@/lib/clock';
import { AppError } from '@/lib/errors';
import { assertLive, type ShareLiveness } from './liveness';
import { checkSharePassword } from './password';
import type { Reader } from './reader';
import { countViewOrExplain, type ViewCounter } from './views';

/**
 * Opening a share behind its public link, written once for every kind (pastes, files,
 * bundles): the owner opens freely, a protected share shows its metadata until the right
 * password comes, anyone else spends one view, counted atomically (`./views.ts`).
 */

/** The columns an opening reads: liveness, the view count's id and the password. */
export type OpenableShare = ShareLiveness & { id: string; password_hash: string | null };

/** What an opening grants the reader; null in `present` while a password is needed. */
export interface ShareAccess {
  /** The reader owns the share: no view was counted, and none limits what it reads. */
  owner: boolean;
  /** A view was just counted for this opening (a visit's budget follows the views left). */
  counted: boolean;
}

/** How one kind of share is opened: its repository and presenter, bound to the request. */
export interface ShareOpener<Row extends OpenableShare, Answer> {
  /** The share behind `slug` as this reader may see it, live or not; undefined: 404. */
  find(slug: string, reader: Reader): Promise<Row | undefined>;
  /** The answer for a share that is not there (PASTE_NOT_FOUND, FILE_NOT_FOUND…). */
  notFound: ErrorKey;
  /** Counts one view (a repository's `liveViewCounter`) and looks the share up again. */
  counter: ViewCounter<Row>;
  isOwner(row: Row, reader: Reader): boolean;
  /** The answer for `row`: with what `access` grants, or its metadata only when null. */
  present(row: Row, access: ShareAccess | null): Promise<Answer>;
}

const OWNER: ShareAccess = { owner: true, counted: false };
const VISITOR: ShareAccess = { owner: false, counted: true };

/** The share behind a public link, or 404; 410 once it expired or ran out of views. */
export async function findLiveShare<Row extends OpenableShare>(
  deps: AppDeps,
  opener: Pick<ShareOpener<Row, unknown>, 'find' | 'notFound'>,
  slug: string,
  reader: Reader,
): Promise<Row> {
  const row = await opener.find(slug, reader);
  if (!row) {
    throw new AppError(opener.notFound);
  }
  assertLive(row, isoNow(deps.clock));
  return row;
}

/**
 * A view counter that looks a share up again by its slug: the same slug must still name
 * the same share, or it went (a slug freed and taken again is another share).
 */
export function slugViewCounter<Row extends OpenableShare & { slug: string }>(
  repo: {
    countView(id: string, nowIso: string): Promise<Row | undefined>;
    findBySlug(slug: string): Promise<Row | undefined>;
  },
  notFound: ErrorKey,
): ViewCounter<Row> {
  return {
    count: (row, nowIso) => repo.countView(row.id, nowIso),
    reload: async (row) => {
      const current = await repo.findBySlug(row.slug);
      return current?.id === row.id ? current : undefined;
    },
    notFound,
  };
}

/**
 * Whether the share still has the password the reader was checked against (or none): the
 * owner may change it while a check runs (argon2 takes a while), and what is handed out
 * after the change would outlive the revocation that came with it.
 */
function passwordUnchanged(checked: OpenableShare, counted: OpenableShare): boolean {
  return checked.password_hash === counted.password_hash;
}

/** GET of a public link: the owner freely, a protected share its metadata, else one view. */
export async function openShare<Row extends OpenableShare, Answer>(
  deps: AppDeps,
  opener: ShareOpener<Row, Answer>,
  slug: string,
  reader: Reader,
): Promise<Answer> {
  const row = await findLiveShare(deps, opener, slug, reader);
  if (opener.isOwner(row, reader)) {
    return opener.present(row, OWNER);
  }
  if (row.password_hash !== null) {
    return opener.present(row, null);
  }
  const counted = await countViewOrExplain(opener.counter, row, isoNow(deps.clock));
  // The owner may have set a password between the read and the count.
  if (!passwordUnchanged(row, counted)) {
    return opener.present(counted, null);
  }
  return opener.present(counted, VISITOR);
}

/**
 * The share for the right password (rate limited per address; none needed by an open
 * share), for one view; the owner freely. 401 WRONG_PASSWORD otherwise.
 */
export async function verifyShare<Row extends OpenableShare, Answer>(
  deps: AppDeps,
  opener: ShareOpener<Row, Answer>,
  slug: string,
  password: string | undefined,
  reader: Reader,
): Promise<Answer> {
  const row = await findLiveShare(deps, opener, slug, reader);
  if (opener.isOwner(row, reader)) {
    return opener.present(row, OWNER);
  }
  await checkSharePassword(deps, row.password_hash, password, reader.clientIp);
  const counted = await countViewOrExplain(opener.counter, row, isoNow(deps.clock));
  // A password changed while argon2 ran: the reader was checked against the old one.
  if (!passwordUnchanged(row, counted)) {
    throw new AppError('WRONG_PASSWORD');
  }
  return opener.present(counted, VISITOR);
}
