import { openBytes } from '@pastebox/contract/e2e/blob';
import { decodeFragmentKey } from '@pastebox/contract/e2e/keys';
import { openFileMeta } from '@pastebox/contract/e2e/metadata';
import type { MultipartSession } from '@pastebox/contract/schemas/upload';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { resumeStore } from './resume-store';
import { SEALED_RESUME_KEY } from './sealed-resume';
import { SEALED_FILENAME, sealUploadRequest } from './sealed-upload';
import type { UploadRequest } from './types';
import { uploadFile } from './upload-file';
import { uploadApi } from './upload-api';
import { sendXhr, type XhrRequest } from './xhr';

// The transport is replaced: what is tested is what would leave the browser.
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
const PART = 1024 * 1024;
const SECRET_NAME = 'salaries 2026.xlsx';
const SECRET_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

function bytesOf(length: number): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(length);
  for (let i = 0; i < length; i += 1) {
    bytes[i] = (i * 31 + 7) % 256;
  }
  return bytes;
}

function requestFor(plain: Uint8Array<ArrayBuffer>, password = ''): UploadRequest {
  const file = new File([plain], SECRET_NAME, { type: SECRET_TYPE });
  return {
    file,
    filename: file.name,
    mimetype: file.type,
    options: {
      slug: '',
      remark: '',
      password: '',
      expiresIn: 24,
      maxViews: 0,
      storageConfigId: null,
      encrypt: true,
      encryptionPassword: password,
    },
    providerType: 'local',
    fingerprint: 'fp',
    signal: new AbortController().signal,
    onProgress: () => undefined,
  };
}

function keyOf(fragment: string): Uint8Array {
  const key = decodeFragmentKey(fragment.replace(/^#k=/, ''));
  expect(key).not.toBeNull();
  return key ?? new Uint8Array();
}

async function digest(bytes: Uint8Array): Promise<string> {
  const hash = await crypto.subtle.digest('SHA-256', new Uint8Array(bytes));
  return Array.from(new Uint8Array(hash), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

const blobBytes = async (blob: Blob) => new Uint8Array(await blob.arrayBuffer());

beforeEach(() => {
  vi.clearAllMocks();
  localStorage.clear();
});

/** A multipart session of `size` bytes in parts of PART, holding `parts` already. */
function sessionOf(size: number, parts: number[] = []): MultipartSession {
  return {
    file_id: 'file-1',
    upload_id: 'up-1',
    key: 'k',
    slug: 'abc',
    part_size: PART,
    part_count: Math.ceil(size / PART),
    total_size: size,
    expires_at: '2099-01-01T00:00:00.000Z',
    parts: parts.map((partNumber) => ({ partNumber, etag: `etag-${partNumber}` })),
  };
}

/** The transport answering every part, keeping each body by part number. */
function acceptParts(): Map<number, Uint8Array> {
  const bodies = new Map<number, Uint8Array>();
  api.partUrls.mockImplementation((_f, _u, numbers) =>
    Promise.resolve({
      urls: numbers.map((n) => ({
        part_number: n,
        url: `/api/storage/local/part/${n}`,
        method: 'PUT' as const,
        headers: {},
        expires_at: '2099-01-01T00:00:00.000Z',
      })),
    }),
  );
  api.completeMultipart.mockResolvedValue({ slug: 'abc', filename: SEALED_FILENAME } as never);
  send.mockImplementation(async (xhr: XhrRequest) => {
    const partNumber = Number(xhr.url.split('/').pop());
    bodies.set(partNumber, await blobBytes(xhr.body as Blob));
    return { status: 200, text: '', header: () => `"etag-${partNumber}"` };
  });
  return bodies;
}

/** Parts 1… of a blob of `size` bytes, in order, as one array. */
function joined(size: number, bodies: Map<number, Uint8Array>): Uint8Array {
  const out = new Uint8Array(size);
  let offset = 0;
  for (let partNumber = 1; offset < size; partNumber += 1) {
    const body = bodies.get(partNumber) ?? new Uint8Array();
    expect(body.length, `part ${partNumber}`).toBeGreaterThan(0);
    out.set(body, offset);
    offset += body.length;
  }
  return out;
}

describe('sealing an upload (issue 35)', () => {
  it('seals a small file whole: ciphertext, a neutral name, the real one sealed', async () => {
    const plain = bytesOf(10_000);
    const { request, fragment } = await sealUploadRequest(requestFor(plain));
    expect(request.filename).toBe(SEALED_FILENAME);
    expect(request.mimetype).toBe('application/octet-stream');
    expect(request.fingerprint).toBeNull();
    expect(request.sealed?.source).toBeUndefined();
    const key = keyOf(fragment);
    const sent = await blobBytes(request.file);
    expect(sent.length).toBeGreaterThan(plain.length);
    expect(await openBytes(sent, key)).toEqual(plain);
    expect(await openFileMeta(request.sealed?.meta ?? '', key)).toEqual({
      name: SECRET_NAME,
      type: SECRET_TYPE,
    });
  });

  it('mixes the password in: the key alone opens neither the file nor its name', async () => {
    const plain = bytesOf(100);
    const { request, fragment } = await sealUploadRequest(requestFor(plain, 'tulip'));
    const key = keyOf(fragment);
    const sent = await blobBytes(request.file);
    await expect(openBytes(sent, key)).rejects.toThrow(/password/);
    expect(await openBytes(sent, key, { password: 'tulip' })).toEqual(plain);
    await expect(openFileMeta(request.sealed?.meta ?? '', key)).rejects.toThrow(/password/);
  });

  // A part sealed again (a retry) comes out byte-identical: sealed-file.test.ts in the contract.
  it('sends a large file as ciphertext parts that join into the blob', async () => {
    const plain = bytesOf(5 * PART + 12_345); // over one request's worth (5 MiB)
    const sealedSize = 37 + plain.length + Math.ceil(plain.length / 65_536) * 16;
    api.initMultipart.mockResolvedValue(sessionOf(sealedSize));
    const bodies = acceptParts();

    const share = await uploadFile(requestFor(plain));
    const key = keyOf(share.linkFragment ?? '');
    const init = api.initMultipart.mock.calls[0]?.[0];
    expect(init).toMatchObject({ filename: SEALED_FILENAME, size: sealedSize, encrypted: true });
    expect(JSON.stringify(init)).not.toContain('salaries');
    expect(await openFileMeta(init?.encrypted_meta ?? '', key)).toEqual({
      name: SECRET_NAME,
      type: SECRET_TYPE,
    });
    // Compared as digests: a deep equality of megabytes takes vitest many seconds.
    expect(await digest(await openBytes(joined(sealedSize, bodies), key))).toBe(
      await digest(plain),
    );
    // Done: the key kept to resume it is forgotten.
    expect(localStorage.getItem(SEALED_RESUME_KEY)).toBeNull();
  });

  it('resumes after a reload under the kept key: only the missing parts go', async () => {
    const plain = bytesOf(5 * PART + 12_345);
    // The first page sealed the file and sent parts 1–3, then was closed.
    const first = await sealUploadRequest(requestFor(plain, 'tulip'));
    const source = first.request.sealed?.source;
    const fingerprint = first.request.fingerprint ?? '';
    expect(source && fingerprint).toBeTruthy();
    const size = source?.size ?? 0;
    const bodies = acceptParts();
    for (const partNumber of [1, 2, 3]) {
      bodies.set(
        partNumber,
        (await source?.read((partNumber - 1) * PART, partNumber * PART)) ?? new Uint8Array(),
      );
    }
    resumeStore.save(fingerprint, {
      fileId: 'file-1',
      uploadId: 'up-1',
      size,
      savedAt: Date.now(),
    });
    api.storedParts.mockResolvedValue(sessionOf(size, [1, 2, 3]));

    // The same file chosen again, with the same password.
    const share = await uploadFile(requestFor(plain, 'tulip'));
    expect(share.linkFragment).toBe(first.fragment);
    expect(api.initMultipart).not.toHaveBeenCalled();
    expect(send.mock.calls.map(([xhr]) => Number(xhr.url.split('/').pop())).sort()).toEqual([
      4, 5, 6,
    ]);
    const key = keyOf(share.linkFragment ?? '');
    const opened = await openBytes(joined(size, bodies), key, { password: 'tulip' });
    expect(await digest(opened)).toBe(await digest(plain));
    expect(localStorage.getItem(SEALED_RESUME_KEY)).toBeNull();
  });

  it('starts afresh under a new key when the password is not the same', async () => {
    const plain = bytesOf(5 * PART + 1);
    const first = await sealUploadRequest(requestFor(plain, 'tulip'));
    const again = await sealUploadRequest(requestFor(plain, 'tulip'));
    expect(again.fragment).toBe(first.fragment);
    expect(again.request.fingerprint).toBe(first.request.fingerprint);
    const other = await sealUploadRequest(requestFor(plain, 'daisy'));
    expect(other.fragment).not.toBe(first.fragment);
    expect(other.request.fingerprint).not.toBe(first.request.fingerprint);
  });

  it("seals a bundle's files under the bundle's one key, each with its own header", async () => {
    const bundleKey = new Uint8Array(32).fill(7);
    const given = (plain: Uint8Array<ArrayBuffer>) => {
      const request = requestFor(plain, 'tulip');
      return {
        ...request,
        options: {
          ...request.options,
          encryptionKey: 'BwcHBwcHBwcHBwcHBwcHBwcHBwcHBwcHBwcHBwcHBwc',
        },
      };
    };
    const small = bytesOf(1000);
    const large = bytesOf(5 * PART + 1);
    // A key kept for this very file by an earlier upload is not the bundle's: not used.
    const earlier = await sealUploadRequest(requestFor(large, 'tulip'));
    const one = await sealUploadRequest(given(small));
    const two = await sealUploadRequest(given(large));
    expect(one.fragment).toBe('#k=BwcHBwcHBwcHBwcHBwcHBwcHBwcHBwcHBwcHBwcHBwc');
    expect(two.fragment).toBe(one.fragment);
    expect(two.fragment).not.toBe(earlier.fragment);
    expect(
      await openBytes(await blobBytes(one.request.file), bundleKey, { password: 'tulip' }),
    ).toEqual(small);
    const header = (await two.request.sealed?.source?.read(0, 37)) ?? new Uint8Array();
    expect(header.subarray(10, 26)).not.toEqual(
      (await blobBytes(one.request.file)).subarray(10, 26),
    );
    // Nothing to resume by: the multipart upload starts afresh, and no key is kept for it.
    expect(two.request.fingerprint).toBeNull();
    expect(localStorage.getItem(SEALED_RESUME_KEY)).not.toContain(
      'BwcHBwcHBwcHBwcHBwcHBwcHBwcHBwcHBwcHBwcHBwc',
    );
    await expect(
      sealUploadRequest({
        ...given(small),
        options: { ...given(small).options, encryptionKey: 'short' },
      }),
    ).rejects.toThrow(TypeError);
  });
});
