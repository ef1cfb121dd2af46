import {
  FILE_REQUEST_LIMITS,
  REQUEST_TOKEN_HEADER,
  type OpenFileRequestBody,
  type PublicFileRequest,
  type RequestUploadToken,
} from '@pastebox/contract/schemas/file-request';
import type { AppDeps } from '@/context';
import { isoNow } from '@/lib/clock';
import { sha256Hex } from '@/lib/crypto';
import { AppError } from '@/lib/errors';
import { randomToken } from '@/lib/ids';
import type { RateLimitRule } from '@/lib/rate-limit';
import { checkSharePassword } from '@/shares/password';
import { maxUploadBytes } from '@/modules/uploads/service';
import { assertOwnerLive, ownerCanReceive } from './owners';
import { presentPublicRequest } from './presenter';
import { FileRequestsRepo } from './repo';
import type { FileRequestRow } from './rules';
import { RequestUploadsRepo, type RequestTokenRow } from './uploads-repo';

/**
 * A request's public side (issue 33): what a stranger sees, the page opening that counts a
 * view and hands out an upload token, and the token's check on every upload call.
 */

/** Page openings per address: generous for people, a wall for a script that mints tokens. */
export const REQUEST_OPEN_LIMIT: RateLimitRule = {
  scope: 'request-open',
  limit: 60,
  windowMs: 15 * 60_000,
};

/** The request behind a public link, or 404. */
async function requestBySlug(deps: AppDeps, slug: string): Promise<FileRequestRow> {
  const row = await new FileRequestsRepo(deps.db).findBySlug(slug);
  if (!row) {
    throw new AppError('REQUEST_NOT_FOUND');
  }
  return row;
}

/** 410 REQUEST_CLOSED or SHARE_EXPIRED for a request that takes nothing more. */
export function assertAccepting(row: FileRequestRow, nowIso: string): void {
  if (row.closed_at !== null) {
    throw new AppError('REQUEST_CLOSED');
  }
  if (row.expires_at !== null && row.expires_at <= nowIso) {
    throw new AppError('SHARE_EXPIRED');
  }
}

/** GET /api/public/requests/{slug}: counts nothing. */
export async function showRequest(deps: AppDeps, slug: string): Promise<PublicFileRequest> {
  const row = await requestBySlug(deps, slug);
  const nowIso = isoNow(deps.clock);
  // An owner who can no longer act receives nothing: the page says closed, as /open will.
  const shown = (await ownerCanReceive(deps, row))
    ? row
    : { ...row, closed_at: row.closed_at ?? nowIso };
  return presentPublicRequest(shown, nowIso, await maxUploadBytes(deps));
}

function assertDetails(row: FileRequestRow, body: OpenFileRequestBody): void {
  const missing = [
    ...(row.require_name === 1 && !body.name?.trim() ? ['name'] : []),
    ...(row.require_email === 1 && !body.email ? ['email'] : []),
  ];
  if (missing.length > 0) {
    throw new AppError(
      'REQUEST_DETAILS_REQUIRED',
      undefined,
      missing.map((path) => ({ path, message: 'required by this request' })),
    );
  }
}

/**
 * POST /api/public/requests/{slug}/open: one page opening (a view), then an upload token.
 * Counted per address first, so a script cannot mint tokens (or guess passwords) in bulk.
 */
export async function openRequest(
  deps: AppDeps,
  slug: string,
  body: OpenFileRequestBody,
  clientIp: string,
): Promise<RequestUploadToken> {
  await deps.rateLimiter.reserve(REQUEST_OPEN_LIMIT, clientIp);
  const row = await requestBySlug(deps, slug);
  const nowIso = isoNow(deps.clock);
  assertAccepting(row, nowIso);
  await assertOwnerLive(deps, row);
  await checkSharePassword(deps, row.password_hash, body.password ?? undefined, clientIp);
  assertDetails(row, body);
  const repo = new FileRequestsRepo(deps.db);
  if (!(await repo.countView(row.id, nowIso))) {
    const current = await requestBySlug(deps, slug);
    assertAccepting(current, nowIso);
    throw new AppError('VIEW_LIMIT_REACHED');
  }
  const token = randomToken();
  const expiresAt = new Date(
    deps.clock.now().getTime() + FILE_REQUEST_LIMITS.tokenSeconds * 1000,
  ).toISOString();
  await new RequestUploadsRepo(deps.db).insertToken({
    token_hash: sha256Hex(token),
    request_id: row.id,
    uploader_name: body.name?.trim() || null,
    uploader_email: body.email || null,
    address: clientIp.slice(0, 64),
    expires_at: expiresAt,
    created_at: nowIso,
  });
  const opened = await requestBySlug(deps, slug);
  return {
    token,
    expires_at: expiresAt,
    header: REQUEST_TOKEN_HEADER,
    multipart: opened.kind === 'files',
    request: presentPublicRequest(opened, nowIso, await maxUploadBytes(deps)),
  };
}

/** A stranger with a valid token on an open request: who they said they are, and the request. */
export interface Sender {
  request: FileRequestRow;
  token: RequestTokenRow;
}

/** The sender of an upload call, or 401 REQUEST_TOKEN_INVALID; 410 once the request closed. */
export async function senderOf(
  deps: AppDeps,
  slug: string,
  token: string | undefined,
): Promise<Sender> {
  const request = await requestBySlug(deps, slug);
  const nowIso = isoNow(deps.clock);
  const row = token
    ? await new RequestUploadsRepo(deps.db).findToken(sha256Hex(token), nowIso)
    : undefined;
  if (!row || row.request_id !== request.id) {
    throw new AppError('REQUEST_TOKEN_INVALID');
  }
  assertAccepting(request, nowIso);
  await assertOwnerLive(deps, request);
  return { request, token: row };
}
