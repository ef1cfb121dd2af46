import { createRoute } from '@hono/zod-openapi';
import { bundleZipQuery } from '@pastebox/contract/schemas/bundle';
import { errorEnvelope, slugParam } from '@pastebox/contract/schemas/common';
import { z } from 'zod';
import { createRouter } from '@/lib/openapi';
import { zipAnswer } from '@/lib/zip';
import { answerOrRefusalPage } from '@/shares/browser-refusal';
import { planBundleZip } from '../zip';

const zipResponses = {
  200: {
    description: 'The ZIP (stored entries, ZIP64 when needed, UTF-8 names), with Content-Length',
    content: { 'application/zip': { schema: { type: 'string', format: 'binary' } } },
  },
  default: {
    description:
      'Error envelope with a stable error key; a browser (Accept: text/html) gets a page',
    content: {
      'application/json': { schema: errorEnvelope },
      'text/html': { schema: z.string() },
    },
  },
} as const;

/** GET /api/bundle-zip/{slug}?token=: all files of an opened bundle, as one streamed ZIP. */
export const bundleZipRoutes = createRouter().openapi(
  createRoute({
    method: 'get',
    path: '/bundle-zip/{slug}',
    tags: ['Bundles'],
    summary: 'Every file of the bundle as one ZIP, streamed on the fly',
    description:
      'The `token` comes from zipUrl. No view is counted; the visit serves about three ' +
      "archives' worth of file bytes (fewer when the bundle's views run out) and dies 15 " +
      'minutes after its last use (6 hours at most) or when the bundle changes: then 410 ' +
      'VISIT_LINK_USED_UP. Duplicate names get " (2)", " (3)" before the extension. No Range.',
    security: [{}],
    request: { params: slugParam, query: bundleZipQuery },
    responses: zipResponses,
  }),
  (c) => {
    const { slug } = c.req.valid('param');
    return answerOrRefusalPage(
      c,
      async () => {
        const zip = await planBundleZip(c.get('deps'), slug, c.req.valid('query').token);
        const signal = c.req.raw.signal;
        if (signal.aborted) {
          zip.abandon();
          return new Response(null, { status: 499 });
        }
        signal.addEventListener('abort', () => zip.abandon(), { once: true });
        try {
          return zipAnswer(c, zip.filename, zip.entries, zip.length);
        } catch (error) {
          zip.abandon();
          throw error;
        }
      },
      `/b/${encodeURIComponent(slug)}`,
    );
  },
);
