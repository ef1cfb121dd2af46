import { createRoute } from '@hono/zod-openapi';
import { errorEnvelope, slugParam } from '@pastebox/contract/schemas/common';
import { fileDeliveryQuery } from '@pastebox/contract/schemas/file';
import type { Context } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '@/context';
import { createRouter, keySecurity } from '@/lib/openapi';
import { answerOrRefusalPage } from '@/shares/browser-refusal';
import { readerOf } from '@/shares/reader';
import { objectResponse } from '@/storage/object-response';
import { deliveryHeaders } from '../content-safety';
import { planDelivery, type DeliveryPlan } from '../delivery';
import type { FileRow } from '../repo';
import { ENCRYPTED_FILE_TYPE, isEncryptedFile } from '../rules';

type Mode = 'view' | 'download';

/**
 * The type the bytes are served as. An encrypted file's is stored as opaque bytes already;
 * asserting it here too keeps a sealed blob from ever being previewed as something else.
 */
function servedType(row: FileRow): string {
  return isEncryptedFile(row) ? ENCRYPTED_FILE_TYPE : row.mimetype;
}

/** Headers every answer of a delivery carries, whatever its status. */
function baseHeaders(plan: DeliveryPlan, mode: Mode): Headers {
  const headers = new Headers(deliveryHeaders(mode, servedType(plan.row), plan.row.filename));
  headers.set('ETag', plan.etag);
  headers.set('Accept-Ranges', 'bytes');
  headers.set('X-Content-Type-Options', 'nosniff');
  // The web app previews in a same-origin frame; nobody else may frame the bytes.
  headers.set('X-Frame-Options', 'SAMEORIGIN');
  // A token's URL may be revalidated (304); a counted visit must never come from a cache.
  headers.set('Cache-Control', plan.viaToken ? 'private, no-cache' : 'no-store');
  return headers;
}

/** Turns a delivery plan into the HTTP answer: 200, 206, 304 or 416. */
function respond(plan: DeliveryPlan, mode: Mode): Response | Promise<Response> {
  const headers = baseHeaders(plan, mode);
  if (plan.kind === 'not-modified') {
    return new Response(null, { status: 304, headers });
  }
  if (plan.kind === 'unsatisfiable') {
    headers.set('Content-Range', `bytes */${plan.row.size}`);
    headers.set('Content-Type', 'application/json');
    const body = {
      code: 416,
      message: 'The requested range is not satisfiable',
      data: null,
      success: false,
      error: 'RANGE_NOT_SATISFIABLE',
    };
    return new Response(JSON.stringify(body), { status: 416, headers });
  }
  if (plan.kind === 'head') {
    const { range, row } = plan;
    headers.set('Content-Length', String(range ? range.end - range.start + 1 : row.size));
    if (range) {
      headers.set('Content-Range', `bytes ${range.start}-${range.end}/${row.size}`);
    }
    return new Response(null, { status: range ? 206 : 200, headers });
  }
  return objectResponse(plan.object, headers);
}

type DeliveryQuery = z.infer<typeof fileDeliveryQuery>;

/**
 * The bytes, or why not: a visit link opened in a tab after its visit ran out (or
 * tampered with) shows a page leading to the share's page, never the envelope.
 */
function deliver(c: Context<AppEnv>, mode: Mode, slug: string, query: DeliveryQuery) {
  const sharePath = `/file/${encodeURIComponent(slug)}`;
  return answerOrRefusalPage(
    c,
    async () => {
      const plan = await planDelivery(c.get('deps'), {
        slug,
        token: query.token,
        password: query.password,
        range: c.req.header('range'),
        ifNoneMatch: c.req.header('if-none-match'),
        ifRange: c.req.header('if-range'),
        headOnly: c.req.method === 'HEAD',
        reader: readerOf(c),
      });
      return respond(plan, mode);
    },
    sharePath,
  );
}

const binaryResponses = {
  200: {
    description: 'The file (206 for a Range, 304 when If-None-Match matches)',
    content: { 'application/octet-stream': { schema: { type: 'string', format: 'binary' } } },
  },
  default: {
    description:
      'Error envelope with a stable error key (416 with Content-Range); a browser ' +
      '(Accept: text/html) gets a page',
    content: {
      'application/json': { schema: errorEnvelope },
      'text/html': { schema: z.string() },
    },
  },
} as const;

const description =
  'With the `token` of a visit (previewUrl/downloadUrl) no view is counted, but the visit ' +
  'serves at most 3× the file size + 1 MiB and dies 15 minutes after its last use (6 hours ' +
  'at most) or when the share changes: then 410 VISIT_LINK_USED_UP. Without a token the ' +
  'request counts a view itself, with `password` for a protected share. Range, If-Range and ' +
  'If-None-Match are honoured. HTML, SVG and XML are never rendered on this origin. A ' +
  'refusal answers the error envelope, or — when Accept prefers text/html (a browser tab) — ' +
  "a short HTML page with the same status, linking to the share's page.";

/** GET /api/file-view/{slug} (inline) and /api/file-download/{slug} (attachment). */
export const fileDeliveryRoutes = createRouter()
  .openapi(
    createRoute({
      method: 'get',
      path: '/file-view/{slug}',
      tags: ['Files'],
      summary: 'The file, inline (active content as sandboxed plain text)',
      description,
      security: [{}, ...keySecurity],
      request: { params: slugParam, query: fileDeliveryQuery },
      responses: binaryResponses,
    }),
    (c) => deliver(c, 'view', c.req.valid('param').slug, c.req.valid('query')),
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/file-download/{slug}',
      tags: ['Files'],
      summary: 'The file, as an attachment with its name (RFC 6266 filename*)',
      description,
      security: [{}, ...keySecurity],
      request: { params: slugParam, query: fileDeliveryQuery },
      responses: binaryResponses,
    }),
    (c) => deliver(c, 'download', c.req.valid('param').slug, c.req.valid('query')),
  );
