import { createRoute } from '@hono/zod-openapi';
import { errorEnvelope, slugParam } from '@pastebox/contract/schemas/common';
import { rawPasteQuery } from '@pastebox/contract/schemas/paste';
import type { Context } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '@/context';
import { answer } from '@/lib/answer';
import { createRouter, keySecurity, type SecurityRequirements } from '@/lib/openapi';
import { answerOrRefusalPage } from '@/shares/browser-refusal';
import { readerOf } from '@/shares/reader';
import { readRawPaste, type RawReadRequest } from '../reading';

/** Credentials are optional: the owner reads without spending a view. */
const optionalAuth: SecurityRequirements = [{}, ...keySecurity];

const description =
  'With the `token` of a visit (the `rawUrl` that GET or POST /paste/{slug} answers with ' +
  'the content) no view is counted and no password is needed; the visit serves 3× the ' +
  'content + 1 MiB and dies 15 minutes after its last use (6 hours at most) or when the ' +
  "share's password or limits change: then 410 VISIT_LINK_USED_UP. Without a token the " +
  'request counts a view itself, with `password` for a protected share. A refusal answers ' +
  'the error envelope, or — when Accept prefers text/html (a browser tab) — a short HTML ' +
  'page with the same status, in the language of Accept-Language, linking to the share page.';

function answerRaw(c: Context<AppEnv>, request: RawReadRequest): Promise<Response> {
  const sharePath = `/paste/${encodeURIComponent(request.slug)}`;
  return answerOrRefusalPage(
    c,
    async () => {
      const content = await readRawPaste(c.get('deps'), request, readerOf(c));
      // A read may count a view or spend a visit's budget: no cache may answer for us.
      return answer(c, content, 200, 'text/plain; charset=utf-8', { 'cache-control': 'no-store' });
    },
    sharePath,
  );
}

/** GET /api/raw/{slug}: the bare content (SPEC §7). */
export const rawPasteRoutes = createRouter().openapi(
  createRoute({
    method: 'get',
    path: '/raw/{slug}',
    tags: ['Pastes'],
    summary: 'The bare content as text/plain; counts a view unless read through a visit',
    description,
    security: optionalAuth,
    request: { params: slugParam, query: rawPasteQuery },
    responses: {
      200: {
        description: 'The content',
        content: { 'text/plain': { schema: z.string() } },
      },
      default: {
        description:
          'Error envelope with a stable error key; a browser (Accept: text/html) gets a page',
        content: {
          'application/json': { schema: errorEnvelope },
          'text/html': { schema: z.string() },
        },
      },
    },
  }),
  (c) => {
    const { slug } = c.req.valid('param');
    const { token, password } = c.req.valid('query');
    return answerRaw(c, { slug, token, password });
  },
);
