import { createRoute } from '@hono/zod-openapi';
import { errorEnvelope } from '@pastebox/contract/schemas/common';
import { downloadZipQuery, zipLinkQuery, zipLinkResult } from '@pastebox/contract/schemas/fs';
import type { Context } from 'hono';
import type { AppEnv } from '@/context';
import { ok } from '@/lib/envelope';
import { createRouter, okResponse } from '@/lib/openapi';
import { absoluteUrl, publicBaseUrl } from '@/lib/public-url';
import { scopedRoutes, type ScopeFamily } from '@/lib/scoped-routes';
import { zipAnswer } from '@/lib/zip';
import { mountSource } from '@/modules/mounts/service';
import { fileSystemFor } from '@/vfs/file-system';
import type { Caller, FileSystem } from '@/vfs/types';
import { fsAccess } from '../access';
import { callerFileSystem } from '../caller-fs';
import { fsRouteOf } from '../route';
import { zipDownload } from '../zip-download';
import { signZipLink, verifyZipLink, ZIP_LINK_PATH, ZIP_LINK_SECONDS } from '../zip-links';

const ZIP_DESCRIPTION =
  'Names are relative to the folder, the archive is named after it. Files are stored (no ' +
  'compression) and read one at a time straight from the storage: no temporary file, memory ' +
  'flat at any size; ZIP64 past 4 GiB or 65,535 entries, UTF-8 names. Content-Length is sent ' +
  'when the folder holds up to 10,000 entries; larger folders stream as they are walked. No Range.';

const zipResponses = {
  200: {
    description: 'The ZIP archive',
    content: { 'application/zip': { schema: { type: 'string', format: 'binary' } } },
  },
  default: {
    description: 'Error envelope with a stable error key',
    content: { 'application/json': { schema: errorEnvelope } },
  },
} as const;

async function answerZip(c: Context<AppEnv>, fs: FileSystem, path: string): Promise<Response> {
  const download = await zipDownload(fs, path);
  return zipAnswer(c, download.filename, download.entries, download.length);
}

/** GET download-zip and download-zip-link of one family. */
function fsDownloadZipFamily(family: ScopeFamily<Caller>) {
  const route = fsRouteOf(family);
  return createRouter()
    .openapi(
      route({
        method: 'get',
        path: '/download-zip',
        summary: 'A folder (recursively) or one file as a ZIP streamed on the fly',
        description: ZIP_DESCRIPTION,
        request: { query: downloadZipQuery },
        responses: zipResponses,
      }),
      (c) => answerZip(c, callerFileSystem(c, family), c.req.valid('query').path),
    )
    .openapi(
      route({
        method: 'get',
        path: '/download-zip-link',
        summary: 'A link to download-zip that works without credentials for a minute',
        description:
          `For a browser's download manager, which cannot send the Authorization header: ` +
          `the path is checked now, the link (GET /api${ZIP_LINK_PATH}) is signed for the ` +
          `caller's reach and expires ${ZIP_LINK_SECONDS} s later; a download started by ` +
          'then runs to its end.',
        request: { query: downloadZipQuery },
        responses: okResponse(zipLinkResult),
      }),
      async (c) => {
        const deps = c.get('deps');
        const fs = callerFileSystem(c, family);
        const link = await signZipLink(deps, fs, family.scopeOf(c), c.req.valid('query').path);
        return ok(c, {
          url: absoluteUrl(publicBaseUrl(deps.config, c.req.raw), link.url),
          expires_at: link.expiresAt.toISOString(),
        });
      },
    );
}

/** GET /api/fs-zip: where a signed ZIP link leads, for anyone who has it until it expires. */
const zipLinkRoutes = createRouter().openapi(
  createRoute({
    method: 'get',
    path: ZIP_LINK_PATH,
    tags: ['File system'],
    summary: 'The ZIP a signed download-zip-link stands for',
    description: `${ZIP_DESCRIPTION} 403 SIGNED_URL_INVALID or SIGNED_URL_EXPIRED for a bad link.`,
    request: { query: zipLinkQuery },
    responses: zipResponses,
  }),
  (c) => {
    const deps = c.get('deps');
    const { path, caller } = verifyZipLink(deps, c.req.valid('query'));
    // Reads only: no lock is taken or checked, as for a download.
    const fs = fileSystemFor(mountSource(deps), caller, { now: () => deps.clock.now() });
    return answerZip(c, fs, path);
  },
);

export const fsDownloadZipRoutes = createRouter()
  .route('/', scopedRoutes(fsAccess, fsDownloadZipFamily))
  .route('/', zipLinkRoutes);
