import type { MultipartSession } from '@pastebox/contract/schemas/upload';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { multipartUpload } from './multipart-upload';
import { fileFingerprint, resumeStore } from './resume-store';
import type { UploadProgress, UploadRequest } from './types';
import { chooseUploadPath } from './upload-file';
import { uploadApi } from './upload-api';
import { sendXhr, type XhrRequest } from './xhr';

// The transport is replaced; the flow around it (resume, parts, abort) is what is tested.
vi.mock('./upload-api', () => ({
  uploadApi: {
    initMultipart: vi.fn(),
    storedParts: vi.fn(),
    partUrls: vi.fn(),
    completeMultipart: vi.fn(),
    abortMultipart: vi.fn(() => Promise.resolve(true)),
  },
}));
vi.mock('./xhr', () => ({ sendXhr: vi.fn() }));

const api = vi.mocked(uploadApi);
const send = vi.mocked(sendXhr);
const PART = 4;
const file = new File(['0123456789'], 'data.bin', { lastModified: 7 }); // 3 parts of 4 bytes
const session: MultipartSession = {
  file_id: 'file-1',
  upload_id: 'up-1',
  key: 'k',
  slug: 'abc',
  part_size: PART,
  part_count: 3,
  total_size: 10,
  expires_at: '2099-01-01T00:00:00.000Z',
  parts: [],
};

function request(signal = new AbortController().signal) {
  const progress: UploadProgress[] = [];
  const req: UploadRequest = {
    file,
    filename: file.name,
    mimetype: 'application/octet-stream',
    options: {
      slug: '',
      remark: '',
      password: '',
      expiresIn: 24,
      maxViews: 1,
      storageConfigId: null,
    },
    providerType: 'local',
    fingerprint: fileFingerprint(file),
    signal,
    onProgress: (p) => progress.push(p),
  };
  return { req, progress };
}

function ok(etag: string) {
  return Promise.resolve({ status: 200, text: '', header: () => `"${etag}"` });
}

beforeEach(() => {
  vi.clearAllMocks();
  api.partUrls.mockImplementation((_f, _u, numbers) =>
    Promise.resolve({
      urls: numbers.map((n) => ({
        part_number: n,
        url: `/api/storage/local/part/${n}`,
        method: 'PUT' as const,
        headers: { 'content-type': 'application/octet-stream' },
        expires_at: '2099-01-01T00:00:00.000Z',
      })),
    }),
  );
  api.completeMultipart.mockResolvedValue({ slug: 'abc' } as never);
});

describe('multipartUpload', () => {
  it('uploads each part and completes with the ETags stripped of quotes', async () => {
    api.initMultipart.mockResolvedValue(session);
    send.mockImplementation((xhr: XhrRequest) => ok(`etag-${xhr.url.split('/').pop()}`));
    const { req, progress } = request();

    await expect(multipartUpload(req)).resolves.toEqual({ slug: 'abc' });
    expect(api.initMultipart.mock.calls[0]?.[0]).toMatchObject({
      filename: 'data.bin',
      size: 10,
      expires_in: 24,
      max_views: 1,
    });
    const bodies = send.mock.calls.map(([xhr]) => (xhr.body as Blob).size).sort();
    expect(bodies).toEqual([2, 4, 4]);
    expect(api.completeMultipart.mock.calls[0]?.[0]).toEqual({
      file_id: 'file-1',
      upload_id: 'up-1',
      parts: [
        { partNumber: 1, etag: 'etag-1' },
        { partNumber: 2, etag: 'etag-2' },
        { partNumber: 3, etag: 'etag-3' },
      ],
    });
    expect(progress.map((p) => p.stage)).toContain('completing');
    expect(resumeStore.get(fileFingerprint(file))).toBeNull();
  });

  it('counts a part only on 2xx: a 500 is retried, then the upload goes on', async () => {
    api.initMultipart.mockResolvedValue(session);
    let failures = 0;
    send.mockImplementation((xhr: XhrRequest) => {
      if (xhr.url.endsWith('/2') && failures === 0) {
        failures += 1;
        return Promise.resolve({ status: 500, text: '', header: () => null });
      }
      return ok('e');
    });
    vi.useFakeTimers();
    const upload = multipartUpload(request().req);
    await vi.runAllTimersAsync();
    await upload;
    vi.useRealTimers();
    expect(send).toHaveBeenCalledTimes(4);
    expect(api.abortMultipart).not.toHaveBeenCalled();
  });

  it('resumes after a reload from the parts the server holds', async () => {
    resumeStore.save(fileFingerprint(file), {
      fileId: 'file-1',
      uploadId: 'up-1',
      size: 10,
      savedAt: Date.now(),
    });
    api.storedParts.mockResolvedValue({
      ...session,
      parts: [
        { partNumber: 1, etag: 'old-1' },
        { partNumber: 3, etag: 'old-3' },
      ],
    });
    send.mockImplementation(() => ok('new-2'));
    const { req, progress } = request();

    await multipartUpload(req);
    expect(api.initMultipart).not.toHaveBeenCalled();
    expect(send).toHaveBeenCalledTimes(1);
    expect(send.mock.calls[0]?.[0].url).toMatch(/\/part\/2$/);
    expect(progress.find((p) => p.stage === 'uploading')?.loaded).toBe(6);
    expect(api.completeMultipart.mock.calls[0]?.[0].parts).toEqual([
      { partNumber: 1, etag: 'old-1' },
      { partNumber: 2, etag: 'new-2' },
      { partNumber: 3, etag: 'old-3' },
    ]);
  });

  it('starts afresh when the saved session is gone on the server', async () => {
    resumeStore.save(fileFingerprint(file), {
      fileId: 'gone',
      uploadId: 'x',
      size: 10,
      savedAt: Date.now(),
    });
    api.storedParts.mockRejectedValue(new Error('404'));
    api.initMultipart.mockResolvedValue(session);
    send.mockImplementation(() => ok('e'));
    await multipartUpload(request().req);
    expect(api.initMultipart).toHaveBeenCalledOnce();
  });

  it('aborts on the server when a part fails for good, and reports that part', async () => {
    api.initMultipart.mockResolvedValue(session);
    send.mockImplementation((xhr: XhrRequest) =>
      xhr.url.endsWith('/3')
        ? Promise.resolve({ status: 403, text: '', header: () => null })
        : ok('e'),
    );
    vi.useFakeTimers();
    const failed = expect(multipartUpload(request().req)).rejects.toMatchObject({
      code: 'partHttp',
      params: { part: 3, status: 403 },
    });
    await vi.runAllTimersAsync();
    await failed;
    vi.useRealTimers();
    // One attempt and three retries, each with a fresh URL.
    expect(send.mock.calls.filter(([xhr]) => xhr.url.endsWith('/3'))).toHaveLength(4);
    expect(api.abortMultipart).toHaveBeenCalledWith('file-1', 'up-1');
    expect(api.completeMultipart).not.toHaveBeenCalled();
    expect(resumeStore.get(fileFingerprint(file))).toBeNull();
  });

  it('aborts on the server when cancelled and says "cancelled"', async () => {
    api.initMultipart.mockResolvedValue(session);
    const controller = new AbortController();
    send.mockImplementation(
      (xhr: XhrRequest) =>
        new Promise((_resolve, reject) => {
          if (xhr.signal?.aborted) {
            reject(new Error('aborted'));
            return;
          }
          xhr.signal?.addEventListener('abort', () => reject(new Error('aborted')));
          controller.abort();
        }),
    );
    await expect(multipartUpload(request(controller.signal).req)).rejects.toMatchObject({
      code: 'cancelled',
    });
    expect(api.abortMultipart).toHaveBeenCalledWith('file-1', 'up-1');
  });
});

describe('chooseUploadPath', () => {
  const MIB = 1024 * 1024;
  it('goes multipart above one 5 MiB part, whatever the storage', () => {
    expect(chooseUploadPath(5 * MIB + 1, 'local')).toBe('multipart');
    expect(chooseUploadPath(5 * MIB + 1, 'aws')).toBe('multipart');
  });
  it('sends small files through the server for local or unknown storage, presigned for S3', () => {
    expect(chooseUploadPath(5 * MIB, 'local')).toBe('form');
    expect(chooseUploadPath(100, null)).toBe('form');
    expect(chooseUploadPath(100, 'r2')).toBe('presigned');
  });
});
