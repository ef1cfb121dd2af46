// Text shares: create (POST /api/paste), read (GET /api/paste/{slug}) and raw
// (GET /api/raw/{slug}) on an otherwise idle server. Counts can be raised with
// BENCH_REQUESTS (per operation) and BENCH_CONCURRENCY.
import { createPaste } from './lib/api.mjs';
import { expectStatus, measure } from './lib/measure.mjs';

export const name = 'paste';
export const description = 'Text shares: create, read as JSON, read raw';

const requests = Number(process.env.BENCH_REQUESTS || 2000);
const concurrency = Number(process.env.BENCH_CONCURRENCY || 16);

/** About 1 KiB of Markdown, a typical shared snippet. */
function sampleContent(index) {
  const lines = [`# Snippet ${index}`, '', '```ts'];
  for (let line = 0; lines.join('\n').length < 1000; line++) {
    lines.push(`const value${line} = computeSomething(${line}, 'pastebox benchmark');`);
  }
  lines.push('```');
  return lines.join('\n');
}

/** Runs the three measurements against `server`; `authorization` is an admin's header. */
export async function run({ baseUrl, authorization }) {
  const slugs = [];
  const create = await measure({
    requests,
    concurrency,
    send: async (index) => {
      slugs.push(await createPaste(baseUrl, authorization, { content: sampleContent(index) }));
    },
  });
  if (slugs.length === 0) {
    throw new Error(`No paste could be created: ${create.firstError}`);
  }
  const slugFor = (index) => slugs[index % slugs.length];
  const read = await measure({
    requests,
    concurrency,
    send: async (index) => {
      const res = await fetch(`${baseUrl}/api/paste/${slugFor(index)}`);
      await expectStatus(res, 200, 'GET /api/paste/{slug}');
    },
  });
  const raw = await measure({
    requests,
    concurrency,
    send: async (index) => {
      const res = await fetch(`${baseUrl}/api/raw/${slugFor(index)}`);
      await expectStatus(res, 200, 'GET /api/raw/{slug}');
    },
  });
  return {
    'POST /api/paste': create,
    'GET /api/paste/{slug}': read,
    'GET /api/raw/{slug}': raw,
  };
}
