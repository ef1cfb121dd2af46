import type { PublicFile } from '@pastebox/contract/schemas/file';
import type { AppDeps, Principal } from '@/context';
import { AppError } from '@/lib/errors';
import { checkSharePassword } from '@/shares/password';
import { presentPublicFile } from './presenter';
import { FilesRepo, type FileRow } from './repo';
import { deadReason, isFileOwner } from './rules';
import { issueVisits } from './visits';

/**
 * Opening a file share (SPEC §7 public/files): a visit counts one view, atomically, and
 * hands out the preview and download links of a new visit (DESIGN §5, ./visits.ts).
 */

/** Who is reading: the resolved principal and the client address for rate limits. */
export interface Reader {
  principal: Principal;
  clientIp: string;
}

/** The ready share behind a public link, or 404; 410 once it expired or ran out of views. */
export async function findLiveFile(deps: AppDeps, slug: string): Promise<FileRow> {
  const row = await new FilesRepo(deps.db).findBySlug(slug);
  if (!row || row.status !== 'ready') {
    throw new AppError('FILE_NOT_FOUND');
  }
  const reason = deadReason(row, deps.clock.now().toISOString());
  if (reason) {
    throw new AppError(reason);
  }
  return row;
}

/**
 * Counts one view and answers the row as it is after the count. When the count did not
 * happen, another reader took the last view (or the share just expired or went).
 */
export async function countFileView(deps: AppDeps, row: FileRow): Promise<FileRow> {
  const repo = new FilesRepo(deps.db);
  const nowIso = deps.clock.now().toISOString();
  const counted = await repo.countView(row.id, nowIso);
  if (counted) {
    return counted;
  }
  const current = await repo.findBySlug(row.slug);
  if (!current || current.id !== row.id) {
    throw new AppError('FILE_NOT_FOUND');
  }
  throw new AppError(deadReason(current, nowIso) ?? 'VIEW_LIMIT_REACHED');
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

/** The links of a new visit to `row`, absolute under `linkBase`. */
async function visitLinks(deps: AppDeps, row: FileRow, linkBase: string) {
  const links = await issueVisits(deps, [row], linkBase);
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
  const row = await findLiveFile(deps, slug);
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
  return presentPublicFile(counted, await visitLinks(deps, counted, linkBase));
}

/** POST /api/public/files/{slug}/verify: the links for the right password, for one view. */
export async function verifyFileShare(
  deps: AppDeps,
  slug: string,
  password: string,
  reader: Reader,
  linkBase: string,
): Promise<PublicFile> {
  const row = await findLiveFile(deps, slug);
  if (isFileOwner(row, reader.principal)) {
    return presentPublicFile(row, await visitLinks(deps, row, linkBase));
  }
  await checkFilePassword(deps, row, password, reader.clientIp);
  const counted = await countFileView(deps, row);
  if (!passwordUnchanged(row, counted)) {
    throw new AppError('WRONG_PASSWORD');
  }
  return presentPublicFile(counted, await visitLinks(deps, counted, linkBase));
}
