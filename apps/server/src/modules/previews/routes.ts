import { errorEnvelope, slugParam } from '@pastebox/contract/schemas/common';
import { declareRoute } from '@/lib/declare-route';
import { createRouter } from '@/lib/openapi';
import { objectResponse } from '@/storage/object-response';
import { previewImage } from './image';

const imageResponses = {
  200: {
    description: 'The image (PNG, JPEG, GIF or WebP, at most 10 MiB)',
    content: { 'image/*': { schema: { type: 'string', format: 'binary' } } },
  },
  default: {
    description: 'Error envelope: 404 NOT_FOUND for anything that is not an open image share',
    content: { 'application/json': { schema: errorEnvelope } },
  },
} as const;

/** GET /api/link-preview/image/{slug}: the og:image of a share page (issue 36). */
export const previewImageRoutes = createRouter().openapi(
  declareRoute({
    method: 'get',
    path: '/link-preview/image/{slug}',
    tags: ['Files'],
    summary: "A public image share's picture for link previews in chat apps",
    description:
      'Counts no view. Only a live image share without password, view limit or end-to-end ' +
      'encryption answers, and only while link-preview snippets are on (system settings); ' +
      'everything else is 404.',
    security: [{}],
    params: slugParam,
    responses: imageResponses,
  }),
  async (c) => {
    const { object, mimetype } = await previewImage(c.get('deps'), c.req.valid('param').slug);
    const headers = new Headers({
      'Content-Type': mimetype,
      'Content-Disposition': 'inline',
      'Content-Security-Policy': "sandbox; default-src 'none'",
      'X-Content-Type-Options': 'nosniff',
      // Asked again each time: a share that gains a password must stop showing at once, and
      // a shared cache must not keep serving it (bots fetch it once per link anyway).
      'Cache-Control': 'no-store',
    });
    return objectResponse(object, headers);
  },
);
