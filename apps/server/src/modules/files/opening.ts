import type { PublicFile } from '@pastebox/contract/schemas/file';
import type { AppDeps, Principal } from '@/context';
import { isoNow } from '@/lib/clock';
import { AppError } from '@/lib/errors';
import { assertLive } from '@/shares/liveness';
import { checkSharePassword } from '@/shares/password';
import type { Reader } from '@/shares/reader';
import { countViewOrExplain, type ViewCounter } from '@/shares/views';
import { presentPublicFile } from './presenter';
import { FilesRepo, type FileRow } from './repo';
import { isFileOwner } from './rules';
import { issueFileVisits } from './visits';

/**
 * Opening a file share (SPEC §7 public/files): a visit counts one view, atomically, and
 * hands out the preview and download links of a new visit (DESIGN §5, `@/shares/visits`).
 */

/**
 * The ready share behind a public link, or 404; 410 once it expired or ran out of views. A
 * private share is there for its owner only: anyone else is told it does not exist.
 */
export async function findLiveFile(
  deps: AppDeps,
  slug: string,
  principal: Principal,
): Promise<FileRow> {
  const row = await new FilesRepo(deps.db).findBySlug(slug);
  if (!row || row.status !== 'ready' || (row.private === 1 && !isFileOwner(row, principal))) {
    throw new AppError('FILE_NOT_FOUND');
  }
  assertLive(row, isoNow(deps.clock));
  return row;
}

/** Files seen by the kernel's view counter: the same slug must still name the same share. */
function fileViewCounter(deps: AppDeps): ViewCounter<FileRow> {
  const repo = new FilesRepo(deps.db);
  return {
    count: (row, nowIso) => repo.countView(row.id, nowIso),
    reload: async (row) => {
      const current = await repo.findBySlug(row.slug);
      return current?.id === row.id ? current : undefined;
    },
    notFound: 'FILE_NOT_FOUND',
  };
}

/**
 * Counts one view and answers the row as it is after the count; 410 or 404 when another
 * reader took the last view or the share expired or went meanwhile.
 */
export function countFileView(deps: AppDeps, row: FileRow): Promise<FileRow> {
  return countViewOrExplain(fileViewCounter(deps), row, isoNow(deps.clock));
}

/**
 * Checks a share password (rate limited per client address; a wrong one counts against
 * it and answers 401 WRONG_PASSWORD, which logs nobody out). No-op for open shares.
 */
export async function checkFilePassword(
  deps: AppDeps,
  row: FileRow,
  password: string | undefined,
  clientIp: string,
): Promise<void> {
  await checkSharePassword(deps, row.password_hash, password, clientIp);
}

/**
 * The links of a new visit to `row`, absolute under `linkBase`; `counted` when the visit's
 * view was just counted (its budget then follows the views left, see issueFileVisits).
 */
async function visitLinks(deps: AppDeps, row: FileRow, linkBase: string, counted = false) {
  const links = await issueFileVisits(deps, [row], linkBase, counted);
  return links.get(row.id) ?? null;
}

/**
 * Whether the share still has the password the visitor was checked against: the owner may
 * change it while a check is running (argon2 takes a while), and a visit issued after the
 * change would survive the revocation that came with it.
 */
function passwordUnchanged(checked: FileRow, counted: FileRow): boolean {
  return checked.password_hash === counted.password_hash;
}

/**
 * GET /api/public/files/{slug}. The owner opens freely (no view counted, but a budgeted
 * visit like anyone's); a protected share answers its metadata only; anything else costs
 * one view and yields the links, absolute under `linkBase`.
 */
export async function openFileShare(
  deps: AppDeps,
  slug: string,
  reader: Reader,
  linkBase: string,
): Promise<PublicFile> {
  const row = await findLiveFile(deps, slug, reader.principal);
  if (isFileOwner(row, reader.principal)) {
    return presentPublicFile(row, await visitLinks(deps, row, linkBase));
  }
  if (row.password_hash !== null) {
    return presentPublicFile(row, null);
  }
  const counted = await countFileView(deps, row);
  if (!passwordUnchanged(row, counted)) {
    return presentPublicFile(counted, null);
  }
  return presentPublicFile(counted, await visitLinks(deps, counted, linkBase, true));
}

/** POST /api/public/files/{slug}/verify: the links for the right password, for one view. */
export async function verifyFileShare(
  deps: AppDeps,
  slug: string,
  password: string,
  reader: Reader,
  linkBase: string,
): Promise<PublicFile> {
  const row = await findLiveFile(deps, slug, reader.principal);
  if (isFileOwner(row, reader.principal)) {
    return presentPublicFile(row, await visitLinks(deps, row, linkBase));
  }
  await checkFilePassword(deps, row, password, reader.clientIp);
  const counted = await countFileView(deps, row);
  if (!passwordUnchanged(row, counted)) {
    throw new AppError('WRONG_PASSWORD');
  }
  return presentPublicFile(counted, await visitLinks(deps, counted, linkBase, true));
}
