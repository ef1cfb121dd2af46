import type { MultipartSession } from '@pastebox/contract/schemas/upload';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sendXhr } from '@/lib/uploader/xhr';
import type { RequestUploadRequest, RequestUploadTarget } from './request-transport';
import { uploadToRequest } from './request-upload';

// XHR (bodies with progress) is replaced; the JSON calls answer through a stubbed fetch.
vi.mock('@/lib/uploader/xhr', () => ({ sendXhr: vi.fn() }));
const send = vi.mocked(sendXhr);

const MIB = 1024 * 1024;
const receipt = {
  kind: 'file',
  filename: 'big.bin',
  size: 0,
  received_at: '2026-11-27T10:00:00.000Z',
  files_left: 2,
  bytes_left: null,
};
const envelope = (data: unknown) => ({ code: 200, message: 'OK', data, success: true });
const xhrAnswer = (status: number, body: unknown, etag: string | null = null) =>
  Promise.resolve({
    status,
    text: JSON.stringify(body),
    header: (name: string) => (name.toLowerCase() === 'etag' ? etag : null),
  });

let calls: { path: string; token: string | null; body: unknown }[] = [];
const session: MultipartSession = {
  file_id: 'f1',
  upload_id: 'u1',
  key: 'k',
  slug: 's',
  part_size: 4 * MIB,
  part_count: 2,
  total_size: 6 * MIB,
  expires_at: '2099-01-01T00:00:00.000Z',
  parts: [],
};

function request(file: File, target: Partial<RequestUploadTarget> = {}, signal?: AbortSignal) {
  const req: RequestUploadRequest = {
    file,
    filename: file.name,
    mimetype: file.type,
    options: { slug: 'photos', multipart: true, token: () => 'tok-1', ...target },
    providerType: null,
    fingerprint: null,
    signal: signal ?? new AbortController().signal,
    onProgress: () => undefined,
  };
  return req;
}

beforeEach(() => {
  calls = [];
  send.mockReset();
  vi.stubGlobal(
    'fetch',
    vi.fn((input: string, init?: RequestInit) => {
      const path = new URL(input, 'http://x').pathname;
      const headers = new Headers(init?.headers);
      const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : null;
      calls.push({ path, token: headers.get('x-request-token'), body });
      if (path.endsWith('/multipart/init')) {
        return Promise.resolve(Response.json(envelope(session)));
      }
      if (path.endsWith('/multipart/part-url')) {
        const numbers = (body as { part_numbers: number[] }).part_numbers;
        const urls = numbers.map((n) => ({
          part_number: n,
          url: `https://bucket/part/${n}`,
          headers: {},
          expires_at: '2099-01-01T00:00:00.000Z',
        }));
        return Promise.resolve(Response.json(envelope({ urls })));
      }
      if (path.endsWith('/multipart/complete')) {
        return Promise.resolve(Response.json(envelope(receipt)));
      }
      return Promise.resolve(Response.json(envelope({ aborted: true })));
    }),
  );
});

afterEach(() => vi.unstubAllGlobals());

describe('uploadToRequest', () => {
  it('sends a small file as one form, size and type before the file, with the token', async () => {
    send.mockImplementation(() => xhrAnswer(201, envelope(receipt)));
    const file = new File(['hello'], 'a.txt', { type: 'text/plain' });
    await expect(uploadToRequest(request(file))).resolves.toEqual(receipt);
    const sent = send.mock.calls[0]?.[0];
    expect(sent?.url).toMatch(/\/api\/public\/requests\/photos\/upload$/);
    expect(sent?.headers).toMatchObject({ 'X-Request-Token': 'tok-1' });
    const form = sent?.body as FormData;
    expect([...form.keys()]).toEqual(['size', 'mimetype', 'file']);
    expect(form.get('size')).toBe('5');
  });

  it('sends a large file in resumable parts, every JSON call carrying the token', async () => {
    send.mockImplementation((xhr) =>
      xhrAnswer(200, {}, `"etag-${xhr.url.split('/').pop() ?? ''}"`),
    );
    const file = new File([new Uint8Array(6 * MIB)], 'big.bin');
    await expect(uploadToRequest(request(file))).resolves.toEqual(receipt);
    expect(calls.map((call) => call.path.replace('/api/public/requests/photos', ''))).toEqual([
      '/multipart/init',
      '/multipart/part-url',
      '/multipart/complete',
    ]);
    expect(calls.every((call) => call.token === 'tok-1')).toBe(true);
    expect(calls[2]?.body).toEqual({
      file_id: 'f1',
      upload_id: 'u1',
      parts: [
        { partNumber: 1, etag: 'etag-1' },
        { partNumber: 2, etag: 'etag-2' },
      ],
    });
  });

  it('takes a request without sessions (a mount folder) as one form, however large', async () => {
    send.mockImplementation(() => xhrAnswer(201, envelope(receipt)));
    const file = new File([new Uint8Array(6 * MIB)], 'big.bin');
    await uploadToRequest(request(file, { multipart: false }));
    expect(calls).toEqual([]);
    expect(send.mock.calls[0]?.[0].url).toMatch(/\/upload$/);
  });

  it('hands on the server refusal (type, limit) as its AppError', async () => {
    send.mockImplementation(() =>
      xhrAnswer(415, {
        code: 415,
        message: 'no',
        data: null,
        success: false,
        error: 'REQUEST_TYPE_REFUSED',
      }),
    );
    const file = new File(['x'], 'a.exe');
    await expect(uploadToRequest(request(file))).rejects.toMatchObject({
      key: 'REQUEST_TYPE_REFUSED',
    });
  });
});
