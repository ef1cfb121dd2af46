import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { isBuildFresh } from '@repo-scripts/lib/build.mjs';

/**
 * `npm start` builds only when the sources changed since the last build (issue 36): the
 * freshness check it shares with the end-to-end runner, on a checkout laid out in a temp
 * folder with chosen file times.
 */
describe('the build freshness check of npm start', () => {
  const roots: string[] = [];
  afterEach(() => {
    for (const root of roots.splice(0)) {
      fs.rmSync(root, { recursive: true, force: true });
    }
  });

  /** A checkout with one source and both build outputs, written at `times` (seconds). */
  function checkout(times: { source: number; server: number; web: number }) {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'pastebox-fresh-'));
    roots.push(root);
    const write = (file: string, seconds: number) => {
      const full = path.join(root, file);
      fs.mkdirSync(path.dirname(full), { recursive: true });
      fs.writeFileSync(full, file);
      fs.utimesSync(full, seconds, seconds);
    };
    write('apps/server/src/main.ts', times.source);
    write('apps/server/dist/main.js', times.server);
    write('apps/web/dist/index.html', times.web);
    // Folders take the time of their newest entry change: keep them out of the way.
    for (const folder of ['apps/server/src', 'apps/server/dist', 'apps/web/dist']) {
      fs.utimesSync(path.join(root, folder), 1, 1);
    }
    return root;
  }

  it('skips the build when both outputs are newer than every source', () => {
    expect(isBuildFresh(checkout({ source: 100, server: 200, web: 200 }))).toBe(true);
  });

  it('builds when a source changed after either output', () => {
    expect(isBuildFresh(checkout({ source: 300, server: 200, web: 400 }))).toBe(false);
    expect(isBuildFresh(checkout({ source: 300, server: 400, web: 200 }))).toBe(false);
  });

  it('builds when an output is missing', () => {
    const root = checkout({ source: 100, server: 200, web: 200 });
    fs.rmSync(path.join(root, 'apps/web/dist/index.html'));
    expect(isBuildFresh(root)).toBe(false);
  });

  it('counts a new file in a source folder as a change', () => {
    const root = checkout({ source: 100, server: 200, web: 200 });
    const added = path.join(root, 'packages/contract/src/new.ts');
    fs.mkdirSync(path.dirname(added), { recursive: true });
    fs.writeFileSync(added, 'export {};');
    fs.utimesSync(added, 250, 250);
    expect(isBuildFresh(root)).toBe(false);
  });
});
