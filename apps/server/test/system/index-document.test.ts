import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { IndexDocument } from '@/lib/index-document';

describe('index.html held in memory (IndexDocument)', () => {
  let dir: string;
  let file: string;
  let now: number;
  let index: IndexDocument;
  const text = (variant: { body: Uint8Array } | null) =>
    variant ? Buffer.from(variant.body).toString() : null;

  /** Writes `name` with a distinct modification time, as a rebuild would. */
  function write(name: string, content: string, mtimeSeconds: number) {
    const target = path.join(dir, name);
    fs.writeFileSync(target, content);
    fs.utimesSync(target, mtimeSeconds, mtimeSeconds);
  }

  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pastebox-index-'));
    file = path.join(dir, 'index.html');
    now = 0;
    index = new IndexDocument(file, () => now);
  });
  afterEach(() => {
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('answers null while the file is missing, and the file once it is there', () => {
    expect(index.pick(undefined)).toBeNull();
    write('index.html', 'v1', 1000);
    now += 999;
    expect(index.pick(undefined)).toBeNull();
    now += 1;
    expect(text(index.pick(undefined))).toBe('v1');
  });

  it('picks the best encoding the client accepts, the plain file otherwise', () => {
    write('index.html', 'plain', 1000);
    write('index.html.br', 'brotli', 1000);
    write('index.html.gz', 'gzipped', 1000);
    expect(index.pick('gzip, deflate, br')?.encoding).toBe('br');
    expect(text(index.pick('gzip'))).toBe('gzipped');
    expect(text(index.pick('br;q=0, gzip'))).toBe('gzipped');
    const plain = index.pick('identity');
    expect(plain?.encoding).toBeUndefined();
    expect(text(plain)).toBe('plain');
    expect(index.hasEncodings()).toBe(true);
  });

  it('reads the disk again only after a second, and only when a file changed', () => {
    write('index.html', 'v1', 1000);
    expect(text(index.pick(undefined))).toBe('v1');
    write('index.html', 'v2', 2000);
    now += 500;
    expect(text(index.pick(undefined))).toBe('v1');
    now += 500;
    expect(text(index.pick(undefined))).toBe('v2');
  });

  it('follows a compressed form written after the file, as the build writes them', () => {
    write('index.html', 'v1', 1000);
    write('index.html.br', 'br-v1', 1000);
    expect(text(index.pick('br'))).toBe('br-v1');
    write('index.html', 'v2', 2000);
    now += 1000;
    // Reloaded between the build's two steps: the old compressed form is still there.
    expect(text(index.pick(undefined))).toBe('v2');
    write('index.html.br', 'br-v2', 2000);
    now += 1000;
    expect(text(index.pick('br'))).toBe('br-v2');
  });

  it('tags each variant by its bytes', () => {
    write('index.html', 'same', 1000);
    write('index.html.gz', 'other', 1000);
    const plain = index.pick(undefined);
    const gzip = index.pick('gzip');
    expect(plain?.etag).toMatch(/^"[\w-]{22}"$/);
    expect(gzip?.etag).not.toBe(plain?.etag);
  });
});
