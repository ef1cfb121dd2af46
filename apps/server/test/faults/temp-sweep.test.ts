import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { sweepStaleTempFiles, TEMP_FILE_MAX_AGE_MS } from '@/storage/temp-files';
import {
  adminAuthorization,
  startServerProcess,
  type ServerProcess,
} from '../support/server-process';
import { createPostgresDatabase, dialect } from '../support/test-server';

const TEMP = '.pastebox-tmp-';
const HOUR_MS = 60 * 60_000;

/** Every temp file below `dir`, at any depth. */
function tempFilesUnder(dir: string): string[] {
  return fs
    .readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((name) => path.basename(name).startsWith(TEMP))
    .map((name) => path.join(dir, name));
}

function writeAged(file: string, ageMs: number, content = 'x'): void {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, content);
  const when = new Date(Date.now() - ageMs);
  fs.utimesSync(file, when, when);
}

/** A form upload that sends `bytes` of its file, then stays open: a request in flight. */
function unfinishedUpload(bytes: number): ReadableStream<Uint8Array> {
  const boundary = 'pastebox-kill-boundary';
  const head =
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.bin"\r\n` +
    'Content-Type: application/octet-stream\r\n\r\n';
  let sent = -1;
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      if (sent < 0) {
        sent = 0;
        controller.enqueue(new TextEncoder().encode(head));
      } else if (sent < bytes) {
        sent += 64 * 1024;
        controller.enqueue(new Uint8Array(64 * 1024).fill(7));
      } else {
        return new Promise(() => undefined);
      }
      return undefined;
    },
  });
}

describe('sweepStaleTempFiles', () => {
  const roots: string[] = [];
  afterAll(() => roots.forEach((root) => fs.rmSync(root, { recursive: true, force: true })));

  it('removes temp files older than the limit at any depth, and nothing else', async () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'pastebox-sweep-'));
    roots.push(root);
    const old = TEMP_FILE_MAX_AGE_MS + 60_000;
    writeAged(path.join(root, `${TEMP}aaa`), old);
    writeAged(path.join(root, 'docs', '2024', `${TEMP}bbb`), old);
    writeAged(path.join(root, '.multipart', 'f'.repeat(32), `${TEMP}ccc`), old);
    // A live upload's file (fresh), a stored object (old, not a temp name), a symlink.
    writeAged(path.join(root, 'docs', `${TEMP}live`), 1_000);
    writeAged(path.join(root, 'docs', 'report.pdf'), old);
    const outside = path.join(os.tmpdir(), `pastebox-sweep-target-${Date.now()}`);
    writeAged(outside, old);
    fs.symlinkSync(outside, path.join(root, `${TEMP}link`));

    const removed = await sweepStaleTempFiles(root, new Date(Date.now() - TEMP_FILE_MAX_AGE_MS));

    expect(removed).toBe(3);
    expect(
      tempFilesUnder(root)
        .map((file) => path.relative(root, file))
        .sort(),
    ).toEqual([`${TEMP}link`, path.join('docs', `${TEMP}live`)]);
    expect(fs.existsSync(path.join(root, 'docs', 'report.pdf'))).toBe(true);
    expect(fs.existsSync(outside)).toBe(true);
    fs.rmSync(outside);
  });

  it('a root that does not exist is nothing to sweep', async () => {
    await expect(sweepStaleTempFiles('/nonexistent/pastebox/root', new Date())).resolves.toBe(0);
  });
});

describe('kill -9 during an upload', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pastebox-kill-'));
  let server: ServerProcess | undefined;
  let database: { url: string; drop: () => Promise<void> } | null = null;

  afterEach(async () => {
    await server?.stop();
  });
  afterAll(async () => {
    await database?.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('leaves a temp file that the next start sweeps once it is old, keeping a fresh one', async () => {
    database = dialect === 'postgres' ? await createPostgresDatabase() : null;
    const env = { DATA_DIR: dataDir, ...(database ? { DATABASE_URL: database.url } : {}) };
    server = await startServerProcess(env);
    const aborter = new AbortController();
    const upload = fetch(`${server.baseUrl}/api/upload`, {
      method: 'POST',
      headers: {
        authorization: await adminAuthorization(server.baseUrl),
        'content-type': 'multipart/form-data; boundary=pastebox-kill-boundary',
      },
      body: unfinishedUpload(2 * 1024 * 1024),
      duplex: 'half',
      signal: aborter.signal,
    });
    upload.catch(() => undefined);
    // The file is created before its first bytes arrive: wait for bytes, so the kill
    // interrupts an upload that has written part of its file (a busy machine can be slow).
    await expect.poll(() => tempFilesUnder(dataDir).length, { timeout: 15_000 }).toBe(1);
    const [left = ''] = tempFilesUnder(dataDir);
    await expect.poll(() => fs.statSync(left).size, { timeout: 15_000 }).toBeGreaterThan(0);

    server.process.kill('SIGKILL');
    expect(await server.exited).toBeNull();
    aborter.abort();
    // Nobody removed it: the process had no chance to.
    expect(fs.statSync(left).size).toBeGreaterThan(0);
    const stale = new Date(Date.now() - 2 * HOUR_MS);
    fs.utimesSync(left, stale, stale);
    // Another instance's upload in progress, in the same folder: it must survive the sweep.
    const live = path.join(path.dirname(left), `${TEMP}other-instance`);
    fs.writeFileSync(live, 'in progress');

    server = await startServerProcess(env);
    await expect.poll(() => fs.existsSync(left), { timeout: 15_000 }).toBe(false);
    expect(fs.existsSync(live)).toBe(true);
    await expect
      .poll(() => server?.output())
      .toContain('removed temp files of interrupted uploads');
  }, 90_000);
});
