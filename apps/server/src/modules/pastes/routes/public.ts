import { createRoute } from '@hono/zod-openapi';
import { errorEnvelope, slugParam } from '@pastebox/contract/schemas/common';
import {
  createPasteBody,
  pasteDetail,
  pastePasswordBody,
  pasteView,
  rawPasteQuery,
} from '@pastebox/contract/schemas/paste';
import { z } from 'zod';
import { ok } from '@/lib/envelope';
import {
  createRouter,
  jsonBody,
  keySecurity,
  okResponse,
  type SecurityRequirements,
} from '@/lib/openapi';
import { requirePermission } from '@/lib/guards';
import { guardFirst } from '@/lib/scoped-routes';
import { readerOf } from '@/shares/reader';
import { openPaste, readRawPaste, unlockPaste } from '../reading';
import { createPaste } from '../service';
import { pasteBodyAllowance, pasteBodyLimit } from './guards';

/** Public reads take credentials when sent: the owner reads without spending a view. */
const optionalAuth: SecurityRequirements = [{}, ...keySecurity];

/** Creating a share and the public link: POST /paste, GET/POST /paste/{slug}, GET /raw/{slug}. */
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
      const paste = await createPaste(c.var.deps, principal, c.req.valid('json'));
      return ok(c, paste, 201, 'Created');
    },
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/paste/{slug}',
      tags: ['Pastes'],
      summary: 'Open a share; a protected one answers its metadata only',
      security: optionalAuth,
      request: { params: slugParam },
      responses: okResponse(pasteView),
    }),
    async (c) => {
      const { slug } = c.req.valid('param');
      return ok(c, await openPaste(c.var.deps, slug, readerOf(c)));
    },
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/paste/{slug}',
      tags: ['Pastes'],
      summary: 'Open a protected share with its password',
      security: optionalAuth,
      request: { params: slugParam, ...jsonBody(pastePasswordBody) },
      responses: okResponse(pasteView),
    }),
    async (c) => {
      const { slug } = c.req.valid('param');
      const { password } = c.req.valid('json');
      return ok(c, await unlockPaste(c.var.deps, slug, password, readerOf(c)));
    },
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/raw/{slug}',
      tags: ['Pastes'],
      summary: 'The bare content as text/plain; counts a view',
      security: optionalAuth,
      request: { params: slugParam, query: rawPasteQuery },
      responses: {
        200: {
          description: 'The content',
          content: { 'text/plain': { schema: z.string() } },
        },
        default: {
          description: 'Error envelope with a stable error key',
          content: { 'application/json': { schema: errorEnvelope } },
        },
      },
    }),
    async (c) => {
      const { slug } = c.req.valid('param');
      const { password } = c.req.valid('query');
      const content = await readRawPaste(c.var.deps, slug, password, readerOf(c));
      return c.text(content, 200, {
        'Content-Type': 'text/plain; charset=utf-8',
        'X-Content-Type-Options': 'nosniff',
        // Every delivery may count a view: no cache may answer in our place.
        'Cache-Control': 'no-store',
      });
    },
  );
