import type { AppDeps } from '../../context';
import { AppError } from '../../lib/errors';
import { etagMatches, parseRange, rangeStillValid } from '../../lib/http-range';
import { ObjectNotFoundError, type ByteRange, type ObjectStream } from '../../storage/driver';
import { getStorage } from '../../storage/registry';
import { checkFilePassword, countFileView, findLiveFile, type Reader } from './opening';
import { FilesRepo, type FileRow } from './repo';
import { isFileOwner } from './rules';
import { isValidVisitToken } from './visit-token';

/**
 * GET /api/file-view/{slug} and /api/file-download/{slug}: the bytes of a share. With the
 * visit token of an opening no view is counted; without one, the request is a visit of its
 * own (password in the query for a protected share) and counts one view before any byte
 * or redirect goes out, so no path bypasses the view limit (DESIGN §4).
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

/** Resolves who may read, counting the view when the request is a visit of its own. */
async function admit(deps: AppDeps, request: DeliveryRequest): Promise<[FileRow, boolean]> {
  const row = await new FilesRepo(deps.db).findBySlug(request.slug);
  if (!row || row.status !== 'ready') {
    throw new AppError('FILE_NOT_FOUND');
  }
  if (request.token && isValidVisitToken(deps, request.token, row)) {
    // The visit was counted when the token was issued; only the expiry still applies.
    if (row.expires_at !== null && row.expires_at <= deps.clock.now().toISOString()) {
      throw new AppError('SHARE_EXPIRED');
    }
    return [row, true];
  }
  const live = await findLiveFile(deps, request.slug);
  if (isFileOwner(live, request.reader.principal)) {
    return [live, false];
  }
  await checkFilePassword(deps, live, request.password, request.reader.clientIp);
  // A HEAD delivers no content: download managers may probe without spending a view.
  return [request.headOnly ? live : await countFileView(deps, live), false];
}

/** The strong ETag of a share: the stored object's, else one derived from id and size. */
function etagOf(row: FileRow): string {
  return `"${row.etag ?? `${row.id}-${row.size}`}"`;
}

/** Decides the answer (200, 206, 304 or 416) and opens the object stream when needed. */
export async function planDelivery(deps: AppDeps, request: DeliveryRequest): Promise<DeliveryPlan> {
  const [row, viaToken] = await admit(deps, request);
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
  if (request.headOnly) {
    const span = range.kind === 'range' ? { start: range.start, end: range.end } : null;
    return { kind: 'head', row, etag, viaToken, range: span };
  }
  const { driver } = await getStorage(deps, row.s3_config_id);
  try {
    const object = await driver.get(
      row.storage_path,
      range.kind === 'range' ? { start: range.start, end: range.end } : undefined,
    );
    return { kind: 'content', row, etag, viaToken, object };
  } catch (error) {
    if (error instanceof ObjectNotFoundError) {
      deps.logger.warn({ fileId: row.id, key: row.storage_path }, 'file share without object');
      throw new AppError('FILE_NOT_FOUND');
    }
    throw error;
  }
}
