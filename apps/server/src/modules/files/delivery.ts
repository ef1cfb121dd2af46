import type { AppDeps } from '@/context';
import { isoNow } from '@/lib/clock';
import { AppError } from '@/lib/errors';
import { etagMatches, parseRange, rangeStillValid } from '@/lib/http-range';
import { ObjectNotFoundError, type ByteRange, type ObjectStream } from '@/storage/driver';
import { getStorage } from '@/modules/storage-configs/service';
import { isExpired } from '@/shares/liveness';
import type { Reader } from '@/shares/reader';
import { meteredBody, releaseVisitBytes, reserveVisitBytes } from '@/shares/visit-bytes';
import { admitVisit } from '@/shares/visits';
import { burningBody, burnsOnDownload } from './burn';
import { checkFilePassword, countFileView, findLiveFile } from './opening';
import { FilesRepo, type FileRow } from './repo';
import { isFileOwner } from './rules';

/**
 * GET /api/file-view/{slug} and /api/file-download/{slug}: the bytes of a share. With the
 * token of a visit no view is counted, but every byte served comes out of the visit's
 * budget (reserved before it is read; HEAD, 304 and 416 cost nothing). Without a token,
 * the request is a visit of its own (password in the query for a protected share) and
 * counts one view before any byte goes out, so no path bypasses the view limit (DESIGN §4).
 */

export interface DeliveryRequest {
  slug: string;
  token: string | undefined;
  password: string | undefined;
  range: string | undefined;
  ifNoneMatch: string | undefined;
  ifRange: string | undefined;
  /** A HEAD request: headers only, so it neither counts a view nor opens the object. */
  headOnly: boolean;
  reader: Reader;
}

export type DeliveryPlan =
  | { kind: 'not-modified'; row: FileRow; etag: string; viaToken: boolean }
  | { kind: 'unsatisfiable'; row: FileRow; etag: string; viaToken: boolean }
  | { kind: 'head'; row: FileRow; etag: string; viaToken: boolean; range: ByteRange | null }
  | { kind: 'content'; row: FileRow; etag: string; viaToken: boolean; object: ObjectStream };

/** Who may read, and through which visit (null: the owner, or a view counted now). */
interface Admission {
  row: FileRow;
  visitId: string | null;
  /** This request counted a view (a download that is a visit of its own). */
  counted?: boolean;
}

/** A visit's link: the share must be ready and unexpired, the visit live (else 410). */
async function admitByToken(deps: AppDeps, slug: string, token: string): Promise<Admission> {
  const row = await new FilesRepo(deps.db).findBySlug(slug);
  if (!row || row.status !== 'ready') {
    throw new AppError('FILE_NOT_FOUND');
  }
  // The view was counted when the visit was issued; only the share's expiry still applies.
  if (isExpired(row, isoNow(deps.clock))) {
    throw new AppError('SHARE_EXPIRED');
  }
  return { row, visitId: await admitVisit(deps, token, { table: 'files', id: row.id }) };
}

/**
 * A reader who owns nothing (no credentials) fetching the bytes of a share without a
 * password: the count and the read in one `UPDATE … RETURNING` (DESIGN §11), as a raw
 * paste read does. Undefined when that did not count a view — a HEAD, a password given,
 * a reader who may own the share, or a share that is protected, pending, gone, expired or
 * used up — and the caller takes the full path, which explains why (or counts it there).
 */
function countAnonymousDownload(
  deps: AppDeps,
  request: DeliveryRequest,
): Promise<FileRow | undefined> {
  if (
    request.headOnly ||
    request.password !== undefined ||
    request.reader.principal.type !== 'none'
  ) {
    return Promise.resolve(undefined);
  }
  return new FilesRepo(deps.db).countOpenViewBySlug(request.slug, isoNow(deps.clock));
}

/** Resolves who may read, counting the view when the request is a visit of its own. */
async function admit(deps: AppDeps, request: DeliveryRequest): Promise<Admission> {
  if (request.token) {
    return admitByToken(deps, request.slug, request.token);
  }
  const counted = await countAnonymousDownload(deps, request);
  if (counted) {
    return { row: counted, visitId: null, counted: true };
  }
  const live = await findLiveFile(deps, request.slug, request.reader);
  if (isFileOwner(live, request.reader.principal)) {
    return { row: live, visitId: null };
  }
  await checkFilePassword(deps, live, request.password, request.reader.clientIp);
  // A HEAD delivers no content: download managers may probe without spending a view.
  if (request.headOnly) {
    return { row: live, visitId: null };
  }
  return { row: await countFileView(deps, live), visitId: null, counted: true };
}

/** The strong ETag of a share: the stored object's, else one derived from id and size. */
function etagOf(row: FileRow): string {
  return `"${row.etag ?? `${row.id}-${row.size}`}"`;
}

/**
 * Opens the object (or its range). Through a visit, the bytes are reserved first and the
 * body is metered, so what a client abandons goes back to the budget.
 */
async function openObject(
  deps: AppDeps,
  row: FileRow,
  span: ByteRange | undefined,
  visitId: string | null,
): Promise<ObjectStream> {
  const { driver } = await getStorage(deps, row.s3_config_id);
  const bytes = span ? span.end - span.start + 1 : row.size;
  if (visitId) {
    await reserveVisitBytes(deps, visitId, { table: 'files', id: row.id }, bytes);
  }
  try {
    const object = await driver.get(row.storage_path, span);
    return visitId ? { ...object, body: meteredBody(deps, visitId, bytes, object.body) } : object;
  } catch (error) {
    if (visitId) {
      releaseVisitBytes(deps, visitId, bytes);
    }
    if (error instanceof ObjectNotFoundError) {
      deps.logger.warn({ fileId: row.id, key: row.storage_path }, 'file share without object');
      throw new AppError('FILE_NOT_FOUND');
    }
    throw error;
  }
}

/** Decides the answer (200, 206, 304 or 416) and opens the object stream when needed. */
export async function planDelivery(deps: AppDeps, request: DeliveryRequest): Promise<DeliveryPlan> {
  const { row, visitId, counted = false } = await admit(deps, request);
  const viaToken = visitId !== null;
  const etag = etagOf(row);
  if (etagMatches(request.ifNoneMatch, etag)) {
    return { kind: 'not-modified', row, etag, viaToken };
  }
  const range = rangeStillValid(request.ifRange, etag)
    ? parseRange(request.range, row.size)
    : ({ kind: 'none' } as const);
  if (range.kind === 'unsatisfiable') {
    return { kind: 'unsatisfiable', row, etag, viaToken };
  }
  const span = range.kind === 'range' ? { start: range.start, end: range.end } : undefined;
  if (request.headOnly) {
    return { kind: 'head', row, etag, viaToken, range: span ?? null };
  }
  const object = await openObject(deps, row, span, visitId);
  // A reader's whole download (through a visit, or as a visit of its own) of an encrypted
  // file it has used up burns it (./burn.ts); the owner's reads never do.
  if ((viaToken || counted) && !span && burnsOnDownload(row)) {
    return {
      kind: 'content',
      row,
      etag,
      viaToken,
      object: { ...object, body: burningBody(deps, row, object.body) },
    };
  }
  return { kind: 'content', row, etag, viaToken, object };
}
