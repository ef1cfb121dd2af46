import type { MultipartInitResult } from '@pastebox/contract/schemas/fs';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { authStore } from '@/lib/auth/auth-store';
import { FsUploadQueueStore, uploadToFs, type FsUploadRequest } from './fs-upload';
import type { UploadProgress } from './types';
import { sendXhr, type XhrRequest } from './xhr';

// XHR (the bodies with progress) is replaced; the JSON calls answer through a stubbed fetch.
vi.mock('./xhr', () => ({ sendXhr: vi.fn() }));
const send = vi.mocked(sendXhr);

const MIB = 1024 * 1024;
/** A file just over one 5 MiB part: multipart, in 3 parts of 2 MiB (the server's choice). */
const big = new File([new Uint8Array(5 * MIB + 10)], 'big.bin', { type: 'video/mp4' });
const PART = 2 * MIB;

function session(overrides: Partial<MultipartInitResult> = {}): MultipartInitResult {
  return {
    uploadId: 'up-1',
    key: 'team/in/big.bin',
    path: '/team/in/big.bin',
    partSize: PART,
    partCount: 3,
    uploadedParts: [],
    presignedUrls: [],
    ...overrides,
  };
}

const envelope = (data: unknown, code = 200) => ({ code, message: 'OK', data, success: true });
const xhrAnswer = (status: number, body: unknown, etag: string | null = null) =>
  Promise.resolve({
    status,
    text: JSON.stringify(body),
    header: (name: string) => (name.toLowerCase() === 'etag' ? etag : null),
  });

/** Every JSON call: path and body; init answers `initAnswer`. */
let calls: { path: string; body: unknown }[] = [];
let initAnswer = session();

function request(file: File, signal = new AbortController().signal) {
  const progress: UploadProgress[] = [];
  const req: FsUploadRequest = {
    file,
    filename: file.name,
    mimetype: file.type,
    options: { folder: '/team/in', path: `/team/in/${file.name}`, label: file.name },
    providerType: null,
    fingerprint: null,
    signal,
    onProgress: (p) => progress.push(p),
  };
  return { req, progress };
}

/** The query of a relayed part's URL. */
const queryOf = (xhr: XhrRequest) => Object.fromEntries(new URL(xhr.url, 'http://x').searchParams);

beforeEach(() => {
  calls = [];
  initAnswer = session();
  authStore.signInAdmin('tok');
  vi.stubGlobal(
    'fetch',
    vi.fn((input: string, init?: RequestInit) => {
      const path = new URL(input, 'http://x').pathname;
      const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : null;
      calls.push({ path, body });
      if (path.endsWith('/multipart/init')) {
        return Promise.resolve(Response.json(envelope(initAnswer)));
      }
      if (path.endsWith('/multipart/complete')) {
        return Promise.resolve(
          Response.json(envelope({ path: '/team/in/big.bin', size: big.size, etag: 'e' })),
        );
      }
      return Promise.resolve(Response.json(envelope({ aborted: true })));
    }),
  );
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
  vi.useRealTimers();
  authStore.signOut();
});

describe('uploadToFs: small files', () => {
  it('sends a file of at most one part in one form, path before the file, with progress', async () => {
    send.mockImplementation((xhr: XhrRequest) => {
      xhr.onUploadProgress?.(50, 100);
      xhr.onBodySent?.();
      return xhrAnswer(200, envelope({ path: '/team/in/a.txt', size: 4, etag: null }));
    });
    const file = new File(['data'], 'a.txt', { type: 'text/plain' });
    const { req, progress } = request(file);

    await expect(uploadToFs(req)).resolves.toEqual({ path: '/team/in/a.txt', size: 4, etag: null });
    const xhr = send.mock.calls[0]![0];
    expect(xhr.url).toBe('/api/admin/fs/upload');
    expect(xhr.headers?.authorization).toBe('Bearer tok');
    const form = xhr.body as FormData;
    expect([...form.keys()]).toEqual(['path', 'use_multipart', 'file']);
    expect(form.get('path')).toBe('/team/in/a.txt');
    expect(progress.map((p) => p.stage)).toEqual([
      'starting',
      'uploading',
      'uploading',
      'processing',
      'completed',
    ]);
    expect(progress[2]).toMatchObject({ loaded: 2, total: 4 });
    expect(calls).toEqual([]);
  });

  it('refuses a file over the max upload size before sending anything', async () => {
    const { req } = request(new File(['0123456789'], 'ten.bin'));
    await expect(uploadToFs(req, 9)).rejects.toMatchObject({
      code: 'tooLarge',
      params: { size: 10, max: 9 },
    });
    expect(send).not.toHaveBeenCalled();
  });

  it("uses the key's family for a key user", async () => {
    authStore.signInApiKey(
      'k-1',
      { id: 'k', name: 'k', basic_path: '/team' },
      { text: false, file: false, mount: true },
    );
    send.mockImplementation(() => xhrAnswer(200, envelope({ path: '/x', size: 1, etag: null })));
    await uploadToFs(request(new File(['x'], 'x')).req);
    expect(send.mock.calls[0]![0].url).toBe('/api/user/fs/upload');
  });
});

describe('uploadToFs: multipart', () => {
  it('relays each part through the server, then completes with the parts in order', async () => {
    send.mockImplementation((xhr: XhrRequest) => {
      const { partNumber } = queryOf(xhr);
      xhr.onUploadProgress?.(100, 0);
      return xhrAnswer(200, envelope({ partNumber: Number(partNumber), etag: `e${partNumber}` }));
    });
    const { req, progress } = request(big);

    await expect(uploadToFs(req)).resolves.toMatchObject({ path: '/team/in/big.bin' });
    expect(calls[0]).toEqual({
      path: '/api/admin/fs/multipart/init',
      body: { path: '/team/in/big.bin', fileSize: big.size, contentType: 'video/mp4' },
    });
    const parts = send.mock.calls.map(([xhr]) => xhr);
    expect(parts.map((xhr) => (xhr.body as Blob).size).sort((a, b) => a - b)).toEqual([
      MIB + 10,
      PART,
      PART,
    ]);
    const last = parts.find((xhr) => queryOf(xhr).partNumber === '3')!;
    expect(queryOf(last)).toEqual({
      path: '/team/in/big.bin',
      uploadId: 'up-1',
      key: 'team/in/big.bin',
      partNumber: '3',
      isLastPart: 'true',
    });
    expect(last.method).toBe('POST');
    expect(last.headers?.['content-type']).toBe('application/octet-stream');
    expect(calls[1]).toEqual({
      path: '/api/admin/fs/multipart/complete',
      body: {
        path: '/team/in/big.bin',
        uploadId: 'up-1',
        key: 'team/in/big.bin',
        parts: [1, 2, 3].map((n) => ({ partNumber: n, etag: `e${n}` })),
        fileSize: big.size,
        contentType: 'video/mp4',
      },
    });
    expect(progress.map((p) => p.stage)).toContain('completing');
    expect(progress.at(-1)).toEqual({ stage: 'completed', loaded: big.size, total: big.size });
  });

  it('resumes: parts the server holds are not sent again and count as done', async () => {
    initAnswer = session({ uploadedParts: [{ partNumber: 1, etag: 'old-1', size: PART }] });
    send.mockImplementation((xhr: XhrRequest) =>
      xhrAnswer(200, envelope({ etag: `new${queryOf(xhr).partNumber}` })),
    );
    const { req, progress } = request(big);

    await uploadToFs(req);
    expect(send.mock.calls.map(([xhr]) => queryOf(xhr).partNumber).sort()).toEqual(['2', '3']);
    expect(progress.find((p) => p.stage === 'uploading')?.loaded).toBe(PART);
    expect((calls[1]?.body as { parts: unknown }).parts).toEqual([
      { partNumber: 1, etag: 'old-1' },
      { partNumber: 2, etag: 'new2' },
      { partNumber: 3, etag: 'new3' },
    ]);
  });

  it('PUTs straight to the storage where the server gave presigned part URLs', async () => {
    initAnswer = session({
      presignedUrls: [1, 2, 3].map((n) => ({ partNumber: n, url: `https://s3.test/p${n}` })),
    });
    send.mockImplementation((xhr: XhrRequest) => xhrAnswer(200, '', `"etag-${xhr.url.slice(-1)}"`));

    await uploadToFs(request(big).req);
    expect(send.mock.calls.map(([xhr]) => [xhr.method, xhr.url]).sort()).toEqual([
      ['PUT', 'https://s3.test/p1'],
      ['PUT', 'https://s3.test/p2'],
      ['PUT', 'https://s3.test/p3'],
    ]);
    expect((calls[1]?.body as { parts: { etag: string }[] }).parts.map((p) => p.etag)).toEqual([
      'etag-1',
      'etag-2',
      'etag-3',
    ]);
  });

  it('aborts the session when cancelled, so no part is left behind', async () => {
    const controller = new AbortController();
    send.mockImplementation(
      (xhr: XhrRequest) =>
        new Promise((_resolve, reject) => {
          xhr.signal?.addEventListener('abort', () => reject(new Error('aborted')));
          controller.abort();
        }),
    );
    await expect(uploadToFs(request(big, controller.signal).req)).rejects.toMatchObject({
      code: 'cancelled',
    });
    await vi.waitFor(() => expect(calls.at(-1)?.path).toBe('/api/admin/fs/multipart/abort'));
    expect(calls.at(-1)?.body).toEqual({
      path: '/team/in/big.bin',
      uploadId: 'up-1',
      key: 'team/in/big.bin',
    });
  });

  it('does not retry a part the server refused, and keeps the session to resume', async () => {
    send.mockImplementation((xhr: XhrRequest) =>
      queryOf(xhr).partNumber === '2'
        ? xhrAnswer(404, {
            code: 404,
            message: 'No such upload',
            data: null,
            success: false,
            error: 'UPLOAD_NOT_FOUND',
          })
        : xhrAnswer(200, envelope({ etag: 'e' })),
    );
    await expect(uploadToFs(request(big).req)).rejects.toMatchObject({
      key: 'UPLOAD_NOT_FOUND',
    });
    expect(send.mock.calls.filter(([xhr]) => queryOf(xhr).partNumber === '2')).toHaveLength(1);
    expect(calls.map((c) => c.path)).toEqual(['/api/admin/fs/multipart/init']);
  });

  it('retries a part that failed with a 5xx', async () => {
    let failures = 0;
    send.mockImplementation((xhr: XhrRequest) => {
      if (queryOf(xhr).partNumber === '2' && failures === 0) {
        failures += 1;
        return xhrAnswer(503, 'busy');
      }
      return xhrAnswer(200, envelope({ etag: 'e' }));
    });
    vi.useFakeTimers();
    const upload = uploadToFs(request(big).req);
    await vi.runAllTimersAsync();
    await expect(upload).resolves.toMatchObject({ path: '/team/in/big.bin' });
    expect(send).toHaveBeenCalledTimes(4);
  });
});

describe('FsUploadQueueStore', () => {
  it('keeps each file at its own place and hands the target to the upload', async () => {
    const upload = vi.fn((req: FsUploadRequest) =>
      Promise.resolve({ path: req.options.path, size: req.file.size, etag: null }),
    );
    const store = new FsUploadQueueStore({ upload });
    const done: string[] = [];
    store.configure({ onUploaded: (_item, result) => done.push(result.path) });
    const ids = store.addEach([
      { file: new File(['a'], 'a'), options: { folder: '/m', path: '/m/a', label: 'a' } },
      { file: new File(['b'], 'b'), options: { folder: '/m', path: '/m/d/b', label: 'd/b' } },
    ]);
    store.start(ids);
    await vi.waitFor(() => expect(done).toEqual(['/m/a', '/m/d/b']));
    expect(store.getState().items.map((item) => item.options.label)).toEqual(['a', 'd/b']);
    expect(store.getState().items.every((item) => item.status === 'success')).toBe(true);
  });
});
