import { sealBytes } from '@pastebox/contract/e2e/blob';
import { newFragmentKey } from '@pastebox/contract/e2e/keys';
import { crc32 } from '@pastebox/contract/zip/crc32';
import { zipLength } from '@pastebox/contract/zip/length';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { downloadDecrypted, DownloadFailure } from './decrypting-download';

const plain = Uint8Array.from({ length: 200_000 }, (_, i) => (i * 7) % 256);

/** A controlling worker that takes no download: one of a version before this feature. */
function silentWorker() {
  const posted: unknown[] = [];
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: { controller: { postMessage: (message: unknown) => posted.push(message) } },
  });
  return posted;
}

/** What the page saved through an object URL. */
function savedBlobs() {
  const saved: Blob[] = [];
  vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
    saved.push(blob as Blob);
    return 'blob:saved';
  });
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
  return saved;
}

function request(key: Uint8Array) {
  return {
    kind: 'file' as const,
    url: 'http://localhost/api/file-download/x?token=t',
    key,
    password: undefined,
    filename: 'plan.pdf',
    size: plain.length,
    onProgress: () => undefined,
    signal: new AbortController().signal,
  };
}

describe('downloadDecrypted without a worker that takes it', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  it('asks the worker, then saves from memory when it never answers', async () => {
    const key = newFragmentKey();
    const blob = await sealBytes(plain, key);
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve(new Response(new Uint8Array(blob)))),
    );
    const posted = silentWorker();
    const saved = savedBlobs();
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });

    const done = downloadDecrypted(request(key));
    await vi.advanceTimersByTimeAsync(10_000);
    await done;
    expect(posted).toHaveLength(1);
    expect(saved).toHaveLength(1);
    expect(new Uint8Array(await new Response(saved[0]).arrayBuffer())).toEqual(plain);
  });

  it('refuses a damaged file plainly and saves nothing', async () => {
    const key = newFragmentKey();
    const blob = await sealBytes(plain, key);
    blob[1000] = (blob[1000] ?? 0) ^ 1;
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve(new Response(new Uint8Array(blob)))),
    );
    Object.defineProperty(navigator, 'serviceWorker', { configurable: true, value: undefined });
    const saved = savedBlobs();
    await expect(downloadDecrypted(request(key))).rejects.toEqual(new DownloadFailure('damaged'));
    expect(saved).toHaveLength(0);
  });

  it("saves a bundle's ZIP from memory: each member fetched and decrypted in turn", async () => {
    const key = newFragmentKey();
    const second = Uint8Array.from({ length: 70_000 }, (_, i) => (i * 3) % 256);
    const blobs = new Map([
      ['/one', await sealBytes(plain, key, { password: 'pw' })],
      ['/two', await sealBytes(second, key, { password: 'pw' })],
    ]);
    const fetched: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn((url: string) => {
        const path = new URL(url).pathname;
        fetched.push(path);
        const blob = blobs.get(path);
        return Promise.resolve(
          blob ? new Response(new Uint8Array(blob)) : new Response(null, { status: 410 }),
        );
      }),
    );
    Object.defineProperty(navigator, 'serviceWorker', { configurable: true, value: undefined });
    const saved = savedBlobs();
    const members = [
      { url: 'http://localhost/one', name: 'one.bin', size: plain.length },
      { url: 'http://localhost/two', name: 'two.bin', size: second.length },
    ];
    const zip = {
      kind: 'zip' as const,
      key,
      password: 'pw',
      filename: 'Trip.zip',
      members,
      onProgress: () => undefined,
      signal: new AbortController().signal,
    };
    await downloadDecrypted(zip);
    expect(fetched).toEqual(['/one', '/two']);
    const archive = new Uint8Array(await new Response(saved[0]).arrayBuffer());
    expect(archive.length).toBe(zipLength(members));
    const view = new DataView(archive.buffer);
    // The first entry: local header (30 + name 7 + timestamp 9), its bytes, its descriptor.
    expect(view.getUint32(0, true)).toBe(0x04034b50);
    expect(archive.subarray(46, 46 + plain.length)).toEqual(plain);
    expect(view.getUint32(46 + plain.length + 4, true)).toBe(crc32(plain));

    // A member the server no longer serves stops the archive: nothing is saved.
    const gone = { ...zip, members: [...members, { ...members[0]!, url: 'http://localhost/x' }] };
    await expect(downloadDecrypted(gone)).rejects.toEqual(new DownloadFailure('http'));
    expect(saved).toHaveLength(1);
  });
});
