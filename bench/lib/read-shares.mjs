import { createPaste } from './api.mjs';
import { measure } from './measure.mjs';

// The shares the read benches rotate over (paste.bench, hotshare.bench): created through the
// API, as a user would, each holding a typical snippet.

/** About 1 KiB of Markdown, a typical shared snippet. */
export function sampleContent(index) {
  const lines = [`# Snippet ${index}`, '', '```ts'];
  for (let line = 0; lines.join('\n').length < 1000; line++) {
    lines.push(`const value${line} = computeSomething(${line}, 'pastebox benchmark');`);
  }
  lines.push('```');
  return lines.join('\n');
}

/**
 * Creates `count` pastes of sampleContent (fetch, 16 in flight) and resolves with their
 * slugs. The first failure stops the rest, so a server that stopped answering costs one
 * timeout.
 */
export async function createReadShares(baseUrl, authorization, count) {
  const slugs = [];
  let failure = null;
  const created = await measure({
    requests: count,
    concurrency: 16,
    send: async (index) => {
      if (failure) {
        throw failure;
      }
      try {
        slugs.push(await createPaste(baseUrl, authorization, { content: sampleContent(index) }));
      } catch (error) {
        failure = error;
        throw error;
      }
    },
  });
  if (created.errors > 0) {
    throw new Error(`Creating the shares to read failed: ${created.firstError}`);
  }
  return slugs;
}
