import { errorEnvelope } from '@pastebox/contract/schemas/common';
import { pathQuery } from '@pastebox/contract/schemas/fs';
import type { Context } from 'hono';
import type { AppEnv } from '@/context';
import { createRouter } from '@/lib/openapi';
import { scopedRoutes, type ScopeFamily } from '@/lib/scoped-routes';
import type { Caller } from '@/vfs/types';
import { fsAccess } from '../access';
import { callerFileSystem } from '../caller-fs';
import { deliverFsFile, type FsDeliveryMode } from '../delivery';
import { fsRouteOf } from '../route';

const binaryResponses = {
  200: {
    description: 'The file (206 for a Range, 304 when If-None-Match matches; HEAD too)',
    content: { 'application/octet-stream': { schema: { type: 'string', format: 'binary' } } },
  },
  default: {
    description: 'Error envelope with a stable error key (416 with Content-Range)',
    content: { 'application/json': { schema: errorEnvelope } },
  },
} as const;

function deliver(
  c: Context<AppEnv>,
  family: ScopeFamily<Caller>,
  mode: FsDeliveryMode,
  path: string,
) {
  return deliverFsFile(callerFileSystem(c, family), {
    path,
    mode,
    headOnly: c.req.method === 'HEAD',
    range: c.req.header('range'),
    ifNoneMatch: c.req.header('if-none-match'),
    ifRange: c.req.header('if-range'),
  });
}

/** GET (and HEAD) download and preview of one family. */
function fsDeliveryFamily(family: ScopeFamily<Caller>) {
  const route = fsRouteOf(family);
  return createRouter()
    .openapi(
      route({
        method: 'get',
        path: '/download',
        summary: 'A file as an attachment under its name (RFC 6266 filename*)',
        description: 'Streams from the storage; Range, If-Range and If-None-Match are honoured.',
        request: { query: pathQuery },
        responses: binaryResponses,
      }),
      (c) => deliver(c, family, 'download', c.req.valid('query').path),
    )
    .openapi(
      route({
        method: 'get',
        path: '/preview',
        summary: 'A file inline where that is safe (HTML, SVG, XML as sandboxed plain text)',
        description:
          'Images, media, PDF and text show inline; active content never runs on this origin; ' +
          'anything else is an attachment. Range, If-Range and If-None-Match are honoured.',
        request: { query: pathQuery },
        responses: binaryResponses,
      }),
      (c) => deliver(c, family, 'view', c.req.valid('query').path),
    );
}

export const fsDeliveryRoutes = scopedRoutes(fsAccess, fsDeliveryFamily);
