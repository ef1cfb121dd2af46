import { describe, expect, it, vi } from 'vitest';
import { AppError } from '../api-client';
import { authStore } from '../auth/auth-store';
import { downloadRemoteFile, urlUploadPercent } from './url-download';

const REMOTE = 'https://files.example.com/report.pdf';

function bodyOf(size: number, headers: Record<string, string> = {}) {
  return new Response(new Uint8Array(size), {
    status: 200,
    headers: { 'content-type': 'application/pdf', 'content-length': String(size), ...headers },
  });
}

function options(
  fetchImpl: typeof fetch,
  extra: Partial<Parameters<typeof downloadRemoteFile>[0]> = {},
) {
  const progress: [number, number | null][] = [];
  return {
    progress,
    opts: {
      url: REMOTE,
      signal: new AbortController().signal,
      maxBytes: 1000,
      expectedSize: null,
      onProgress: (loaded: number, total: number | null) => progress.push([loaded, total]),
      fetchImpl,
      ...extra,
    },
  };
}

describe('downloadRemoteFile', () => {
  it('downloads directly when the remote server allows it, with progress', async () => {
    const fetchImpl = vi.fn(() => Promise.resolve(bodyOf(300)));
    const { opts, progress } = options(fetchImpl);
    const result = await downloadRemoteFile(opts);
    expect(result.via).toBe('direct');
    expect(result.blob.size).toBe(300);
    expect(result.blob.type).toBe('application/pdf');
    expect(fetchImpl).toHaveBeenCalledTimes(1);
    expect(progress.at(-1)).toEqual([300, 300]);
  });

  it('falls back to the server proxy, signed in, on a network or CORS error', async () => {
    authStore.signInAdmin('token-1');
    const fallback = vi.fn();
    const fetchImpl = vi
      .fn()
      .mockRejectedValueOnce(new TypeError('Failed to fetch'))
      .mockResolvedValueOnce(bodyOf(200));
    const { opts } = options(fetchImpl, { onFallback: fallback });
    const result = await downloadRemoteFile(opts);
    expect(result.via).toBe('proxy');
    expect(fallback).toHaveBeenCalledOnce();
    const [proxyUrl, init] = fetchImpl.mock.calls[1] as [string, RequestInit];
    expect(proxyUrl).toBe(`/api/url/proxy?url=${encodeURIComponent(REMOTE)}`);
    expect(init.headers).toEqual({ authorization: 'Bearer token-1' });
    authStore.signOut();
  });

  it('reports the proxy refusal with the server error key', async () => {
    const refusal = new Response(
      JSON.stringify({
        code: 400,
        message: 'no',
        data: null,
        success: false,
        error: 'URL_NOT_ALLOWED',
      }),
      { status: 400 },
    );
    const fetchImpl = vi
      .fn()
      .mockRejectedValueOnce(new TypeError('Failed to fetch'))
      .mockResolvedValueOnce(refusal);
    const { opts } = options(fetchImpl);
    const error = await downloadRemoteFile(opts).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ status: 400, key: 'URL_NOT_ALLOWED' });
  });

  it('does not fall back when the remote server answers an error status', async () => {
    const fetchImpl = vi.fn(() => Promise.resolve(new Response('gone', { status: 404 })));
    const { opts } = options(fetchImpl);
    await expect(downloadRemoteFile(opts)).rejects.toMatchObject({
      code: 'downloadHttp',
      params: { status: 404 },
    });
    expect(fetchImpl).toHaveBeenCalledTimes(1);
  });

  it('stops at the size limit, announced or counted', async () => {
    const announced = vi.fn(() => Promise.resolve(bodyOf(5000)));
    await expect(
      downloadRemoteFile(options(announced as unknown as typeof fetch).opts),
    ).rejects.toMatchObject({ code: 'tooLarge', params: { size: 5000, max: 1000 } });

    const unannounced = vi.fn(() =>
      Promise.resolve(new Response(new Uint8Array(1500), { status: 200 })),
    );
    await expect(
      downloadRemoteFile(options(unannounced as unknown as typeof fetch).opts),
    ).rejects.toMatchObject({ code: 'tooLarge' });
  });

  it('says "cancelled" when the user stops it', async () => {
    const controller = new AbortController();
    const fetchImpl = vi.fn(() => {
      controller.abort();
      return Promise.reject(new DOMException('aborted', 'AbortError'));
    });
    const { opts } = options(fetchImpl, { signal: controller.signal });
    await expect(downloadRemoteFile(opts)).rejects.toMatchObject({ code: 'cancelled' });
  });
});

describe('urlUploadPercent', () => {
  it('maps the download to 0–49, the upload to 50–99 and the end to 100', () => {
    expect(urlUploadPercent('download', 0)).toBe(0);
    expect(urlUploadPercent('download', 0.5)).toBe(24);
    expect(urlUploadPercent('download', 1)).toBe(49);
    expect(urlUploadPercent('upload', 0)).toBe(50);
    expect(urlUploadPercent('upload', 1)).toBe(99);
    expect(urlUploadPercent('done', 0)).toBe(100);
    expect(urlUploadPercent('upload', Number.NaN)).toBe(50);
  });
});
