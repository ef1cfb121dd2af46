import type { PublicFile } from '@pastebox/contract/schemas/file';
import type { AppDeps } from '@/context';
import { isoNow } from '@/lib/clock';
import {
  findLiveShare,
  openShare,
  slugViewCounter,
  verifyShare,
  type ShareOpener,
} from '@/shares/opening';
import { checkSharePassword } from '@/shares/password';
import type { Reader } from '@/shares/reader';
import { countViewOrExplain, type ViewCounter } from '@/shares/views';
import { presentPublicFile } from './presenter';
import { FilesRepo, type FileRow } from './repo';
import { isFileOwner } from './rules';
import { issueFileVisits } from './visits';

/**
 * Opening a file share (SPEC §7 public/files), as every share opens (`@/shares/opening`):
 * a visit counts one view, atomically, and hands out the preview and download links of a
 * new visit (DESIGN §5, `@/shares/visits`). The owner opens freely (no view counted, but a
 * budgeted visit like anyone's).
 */

/** Files seen by the kernel's view counter: the same slug must still name the same share. */
function fileViewCounter(deps: AppDeps): ViewCounter<FileRow> {
  return slugViewCounter(new FilesRepo(deps.db), 'FILE_NOT_FOUND');
}

/**
 * Finds the ready share behind a slug as a reader may see it: a private share is there for
 * its owner only, and anyone else is told it does not exist.
 */
function fileFinder(deps: AppDeps): Pick<ShareOpener<FileRow, PublicFile>, 'find' | 'notFound'> {
  return {
    find: async (slug, reader) => {
      const row = await new FilesRepo(deps.db).findBySlug(slug);
      const hidden = row?.private === 1 && !isFileOwner(row, reader.principal);
      return row?.status === 'ready' && !hidden ? row : undefined;
    },
    notFound: 'FILE_NOT_FOUND',
  };
}

/**
 * The links of a new visit to `row`, absolute under `linkBase`; `counted` when the visit's
 * view was just counted (its budget then follows the views left, see issueFileVisits).
 */
async function visitLinks(deps: AppDeps, row: FileRow, linkBase: string, counted: boolean) {
  const links = await issueFileVisits(deps, [row], linkBase, counted);
  return links.get(row.id) ?? null;
}

function fileOpener(deps: AppDeps, linkBase: string): ShareOpener<FileRow, PublicFile> {
  return {
    ...fileFinder(deps),
    counter: fileViewCounter(deps),
    isOwner: (row, reader) => isFileOwner(row, reader.principal),
    present: async (row, access) =>
      presentPublicFile(row, access && (await visitLinks(deps, row, linkBase, access.counted))),
  };
}

/** The ready share behind a public link, or 404 (see fileFinder); 410 once it is dead. */
export function findLiveFile(deps: AppDeps, slug: string, reader: Reader): Promise<FileRow> {
  return findLiveShare(deps, fileFinder(deps), slug, reader);
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

/** GET /api/public/files/{slug}: a protected share answers its metadata only. */
export function openFileShare(
  deps: AppDeps,
  slug: string,
  reader: Reader,
  linkBase: string,
): Promise<PublicFile> {
  return openShare(deps, fileOpener(deps, linkBase), slug, reader);
}

/** POST /api/public/files/{slug}/verify: the links for the right password, for one view. */
export function verifyFileShare(
  deps: AppDeps,
  slug: string,
  password: string,
  reader: Reader,
  linkBase: string,
): Promise<PublicFile> {
  return verifyShare(deps, fileOpener(deps, linkBase), slug, password, reader);
}
