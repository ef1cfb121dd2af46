import { publicBundle, verifyBundleBody } from '@pastebox/contract/schemas/bundle';
import { slugParam } from '@pastebox/contract/schemas/common';
import { answering, routeGroup } from '@/lib/declare-route';
import { linkBaseOf } from '@/lib/link-base';
import { keySecurity } from '@/lib/openapi';
import { createRouter } from '@/lib/openapi';
import { readerOf } from '@/shares/reader';
import { openBundle, verifyBundle } from '../opening';

/** Credentials are optional: the owner opens without spending a view. */
const route = routeGroup({ tags: ['Bundles'], security: [{}, ...keySecurity] });

/** The public link of a bundle: GET /api/public/bundles/{slug} and POST …/verify. */
export const publicBundleRoutes = createRouter()
  .openapi(
    ...answering(
      route({
        method: 'get',
        path: '/public/bundles/{slug}',
        summary: 'Open a bundle: counts one view and answers its files and the ZIP link',
        description:
          'A protected bundle answers its metadata with requires_password and no files; ' +
          'open it with POST …/verify. Expired or exhausted bundles answer 410. The member ' +
          "files' links are visits of their own (no view counted on them); zipUrl streams " +
          'all of them as one ZIP.',
        params: slugParam,
        answer: publicBundle,
      }),
      (c) => openBundle(c.get('deps'), c.req.valid('param').slug, readerOf(c), linkBaseOf(c)),
    ),
  )
  .openapi(
    ...answering(
      route({
        method: 'post',
        path: '/public/bundles/{slug}/verify',
        summary: 'Open a protected bundle with its password (counts one view)',
        params: slugParam,
        body: verifyBundleBody,
        answer: publicBundle,
      }),
      (c) =>
        verifyBundle(
          c.get('deps'),
          c.req.valid('param').slug,
          c.req.valid('json').password,
          readerOf(c),
          linkBaseOf(c),
        ),
    ),
  );
