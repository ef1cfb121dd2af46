import { IncomingMessage } from 'node:http';
import type { Readable } from 'node:stream';
import type { Context } from 'hono';
import type { AppEnv } from '@/context';
import { safeContentType, serveModeOf } from '@/lib/content-type';
import { AppError } from '@/lib/errors';
import { createRouter } from '@/lib/openapi';
import { LOCAL_ROUTE_BASE, type LocalUrlOp } from '@/storage/local-signing';
import { objectResponse } from '@/storage/object-response';
import { answerOrRefusalPage } from '@/shares/browser-refusal';
import { parseRangeHeader } from '@/storage/range';
import { requestBodyStream } from '@/modules/uploads/service';
import { mapped, maxUploadBytes, verifySignedUrl, type SignedAccess } from './service';

/** Types a browser would run as a document with script: always sent as a download. */
const ACTIVE_TYPES =
  /^(text\/html|application\/xhtml\+xml|image\/svg\+xml|text\/xml|application\/xml|[^;]*\+xml)\b/i;

/** "inline; filename=…" → "attachment; filename=…"; nothing → "attachment". */
function asAttachment(disposition: string | undefined): string {
  return disposition ? disposition.replace(/^\s*inline\b/i, 'attachment') : 'attachment';
}

/** The signed claims of the request and the local driver they are for, or a 403/404. */
function authorise(c: Context<AppEnv>, op: LocalUrlOp): Promise<SignedAccess> {
  const query = new URL(c.req.url).searchParams;
  return verifySignedUrl(c.get('deps'), op, c.req.param('configId') ?? '', query);
}

/**
 * The request body as a Node stream, straight from @hono/node-server's IncomingMessage
 * (never buffered), failing as a client's abort when the client goes away (as every
 * upload body does, modules/uploads/node-request.ts).
 */
function requestBody(c: Context<AppEnv>): Readable {
  const incoming = (c.env as { incoming?: unknown } | undefined)?.incoming;
  if (!(incoming instanceof IncomingMessage)) {
    throw new Error('The local storage endpoints need @hono/node-server');
  }
  return requestBodyStream(incoming);
}

/** A declared Content-Length over the limit is refused before any byte is read. */
function refuseDeclaredOverLimit(c: Context<AppEnv>, max: number): void {
  const declared = Number(c.req.header('content-length'));
  if (Number.isFinite(declared) && declared > max) {
    throw new AppError('FILE_TOO_LARGE');
  }
}

/**
 * The local driver's "presigned" endpoints (DESIGN §6): PUT an object, PUT a part
 * (answering its ETag like S3, so the browser's multipart flow is the same for every
 * driver), GET an object with Range. Each checks the HMAC signature, the expiry and the
 * size the URL was issued for; an over-size body answers 413 and leaves nothing behind.
 */
export const localStorageRoutes = createRouter()
  .put(`${LOCAL_ROUTE_BASE}/:configId/object`, async (c) => {
    const { claims, driver } = await authorise(c, 'put-object');
    const max = claims.maxSize ?? (await maxUploadBytes(c.get('deps')));
    refuseDeclaredOverLimit(c, max);
    const result = await mapped(() => driver.putWithin(claims.key, requestBody(c), max));
    return c.body(null, 200, { ETag: `"${result.etag ?? ''}"` });
  })
  .put(`${LOCAL_ROUTE_BASE}/:configId/part`, async (c) => {
    const { claims, driver } = await authorise(c, 'put-part');
    if (claims.uploadId === undefined || claims.partNumber === undefined) {
      throw new AppError('SIGNED_URL_INVALID');
    }
    const { uploadId, partNumber } = claims;
    const max = await maxUploadBytes(c.get('deps'));
    refuseDeclaredOverLimit(c, max);
    const { etag } = await mapped(() =>
      driver.uploadPart(claims.key, uploadId, partNumber, requestBody(c), undefined, max),
    );
    return c.body(null, 200, { ETag: `"${etag}"` });
  })
  // A person opens this one (a file link shared from the explorer, its QR code): a link
  // tampered with or expired shows a page in their language, not the envelope.
  .get(`${LOCAL_ROUTE_BASE}/:configId/object`, (c) =>
    answerOrRefusalPage(c, () => signedObjectAnswer(c), null),
  );

/** GET of a signed object URL: the bytes (Range honoured), active content as a download. */
async function signedObjectAnswer(c: Context<AppEnv>): Promise<Response> {
  const { claims, driver } = await authorise(c, 'get-object');
  const stat = await mapped(() => driver.stat(claims.key));
  if (!stat) {
    throw new AppError('NOT_FOUND');
  }
  const range = parseRangeHeader(c.req.header('range'), stat.size);
  if (range === 'unsatisfiable') {
    return c.body(null, 416, { 'Content-Range': `bytes */${stat.size}` });
  }
  const object = await mapped(() => driver.get(claims.key, range ?? undefined));
  const type = safeContentType(claims.contentType, serveModeOf(claims.disposition));
  const headers = new Headers({
    'Content-Type': type,
    'Accept-Ranges': 'bytes',
    'Cache-Control': 'private, no-transform',
    'X-Content-Type-Options': 'nosniff',
  });
  if (object.etag) {
    headers.set('ETag', `"${object.etag}"`);
  }
  const disposition = ACTIVE_TYPES.test(type)
    ? asAttachment(claims.disposition)
    : claims.disposition;
  if (disposition) {
    headers.set('Content-Disposition', disposition);
  }
  return objectResponse(object, headers);
}
