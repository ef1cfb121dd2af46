import { createRoute } from '@hono/zod-openapi';
import { slugParam } from '@pastebox/contract/schemas/common';
import {
  createPasteBody,
  pasteDetail,
  pastePasswordBody,
  pasteView,
} from '@pastebox/contract/schemas/paste';
import { ok } from '@/lib/envelope';
import {
  createRouter,
  jsonBody,
  keySecurity,
  okResponse,
  type SecurityRequirements,
} from '@/lib/openapi';
import { requirePermission } from '@/lib/guards';
import { publicBaseUrl } from '@/lib/public-url';
import { guardFirst } from '@/lib/scoped-routes';
import { readerOf } from '@/shares/reader';
import { openPaste, unlockPaste } from '../reading';
import { createPaste } from '../service';
import { pasteBodyAllowance, pasteBodyLimit } from './guards';

/** Public reads take credentials when sent: the owner reads without spending a view. */
const optionalAuth: SecurityRequirements = [{}, ...keySecurity];

/** Creating a share and its public page: POST /paste, GET/POST /paste/{slug}. */
export const publicPasteRoutes = createRouter()
  .openapi(
    createRoute({
      method: 'post',
      path: '/paste',
      tags: ['Pastes'],
      summary: 'Create a text share (admin, or an API key with text permission)',
      security: keySecurity,
      ...pasteBodyAllowance,
      middleware: [guardFirst((c) => requirePermission(c, 'text')), pasteBodyLimit],
      request: jsonBody(createPasteBody),
      responses: okResponse(pasteDetail, 'Created', 201),
    }),
    async (c) => {
      const principal = requirePermission(c, 'text');
      const paste = await createPaste(c.get('deps'), principal, c.req.valid('json'));
      return ok(c, paste, 201, 'Created');
    },
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/paste/{slug}',
      tags: ['Pastes'],
      summary: 'Open a share; a protected one answers its metadata only',
      description:
        'Counts one view (not for the owner). With the content comes `rawUrl`, the raw text ' +
        'of this visit: it costs no further view and needs no password.',
      security: optionalAuth,
      request: { params: slugParam },
      responses: okResponse(pasteView),
    }),
    async (c) => {
      const { slug } = c.req.valid('param');
      const linkBase = publicBaseUrl(c.get('deps').config, c.req.raw);
      return ok(c, await openPaste(c.get('deps'), slug, readerOf(c), linkBase));
    },
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/paste/{slug}',
      tags: ['Pastes'],
      summary: 'Open a protected share with its password (counts one view; answers rawUrl)',
      security: optionalAuth,
      request: { params: slugParam, ...jsonBody(pastePasswordBody) },
      responses: okResponse(pasteView),
    }),
    async (c) => {
      const { slug } = c.req.valid('param');
      const { password } = c.req.valid('json');
      const linkBase = publicBaseUrl(c.get('deps').config, c.req.raw);
      return ok(c, await unlockPaste(c.get('deps'), slug, password, readerOf(c), linkBase));
    },
  );
