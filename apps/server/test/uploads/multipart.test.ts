import type { FileShare } from '@pastebox/contract/schemas/file';
import type { MultipartSession, PartUrlResult } from '@pastebox/contract/schemas/upload';
import { expect, it } from 'vitest';
import type { ApiClient } from '../support/api-client';
import type { TestServer } from '../support/test-server';
import { absolute, createFileKey, objectExists, putTo, testBytes } from './builders';
import { forEachTarget, serverOnTarget } from './targets';

const MIB = 1024 * 1024;
/** Two whole 5 MiB parts and a short third one. */
const SIZE = 2 * 5 * MIB + 123_457;

forEachTarget('multipart upload', (target) => {
  let server: TestServer;
  let admin: ApiClient;
  let configId: string;
  const content = testBytes(SIZE, 3);
  serverOnTarget(target, (opened) => ({ server, admin, configId } = opened));

  async function init(client: ApiClient, extra: Record<string, unknown> = {}) {
    const res = await client.post<MultipartSession>('/api/upload/multipart/init', {
      s3_config_id: configId,
      filename: 'big.bin',
      mimetype: 'application/octet-stream',
      size: SIZE,
      ...extra,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data;
  }

  /** Asks for the part's URL and PUTs its bytes there; answers the ETag the storage sent. */
  async function sendPart(client: ApiClient, session: MultipartSession, partNumber: number) {
    const urls = await client.post<PartUrlResult>('/api/upload/multipart/part-url', {
      file_id: session.file_id,
      upload_id: session.upload_id,
      part_number: partNumber,
    });
    expect(urls.status, JSON.stringify(urls.body)).toBe(200);
    const [signed] = urls.body.data.urls;
    const start = (partNumber - 1) * session.part_size;
    const res = await putTo(
      server,
      signed ?? { url: '' },
      content.subarray(start, start + session.part_size),
    );
    expect(res.status).toBe(200);
    const etag = res.headers.get('etag');
    expect(etag).toBeTruthy();
    return { partNumber, etag: (etag ?? '').replace(/"/g, '') };
  }

  function complete(client: ApiClient, session: MultipartSession, parts: object[]) {
    return client.post<FileShare>('/api/upload/multipart/complete', {
      file_id: session.file_id,
      upload_id: session.upload_id,
      parts,
    });
  }

  it('uploads 3 parts by real HTTP PUTs, completes, and serves the whole file', async () => {
    const session = await init(admin, { remark: 'parts', max_views: 3 });
    expect(session).toMatchObject({
      part_size: 5 * MIB,
      part_count: 3,
      total_size: SIZE,
      parts: [],
    });
    const parts = await Promise.all([1, 2, 3].map((n) => sendPart(admin, session, n)));
    const done = await complete(admin, session, parts);
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body.data).toMatchObject({
      status: 'ready',
      size: SIZE,
      remark: 'parts',
      max_views: 3,
    });
    const download = await fetch(absolute(server, done.body.data.downloadUrl ?? ''));
    expect(Buffer.from(await download.arrayBuffer()).equals(content)).toBe(true);
    const gone = await admin.get(`/api/upload/multipart/${session.file_id}/parts`);
    expect(gone.status).toBe(404);
  });

  it('resumes after an interruption from the parts already stored', async () => {
    const session = await init(admin);
    const first = await sendPart(admin, session, 2);
    // "Interrupted": the client lost its state and asks what the storage holds.
    const resumed = await admin.get<MultipartSession>(
      `/api/upload/multipart/${session.file_id}/parts`,
    );
    expect(resumed.status).toBe(200);
    expect(resumed.body.data).toMatchObject({ upload_id: session.upload_id, part_count: 3 });
    expect(resumed.body.data.parts).toEqual([
      expect.objectContaining({ partNumber: 2, etag: first.etag, size: 5 * MIB }),
    ]);
    const incomplete = await complete(admin, session, [first]);
    expect(incomplete.body.error).toBe('UPLOAD_INCOMPLETE');
    const rest = await Promise.all([1, 3].map((n) => sendPart(admin, session, n)));
    const done = await complete(admin, session, [...rest, first]);
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body.data.size).toBe(SIZE);
    expect(await objectExists(server, configId, done.body.data.storage_path)).toBe(true);
  });

  it('a wrong ETag is refused and the session is kept for a retry', async () => {
    const session = await init(admin);
    const parts = await Promise.all([1, 2, 3].map((n) => sendPart(admin, session, n)));
    const forged = parts.map((p) => (p.partNumber === 2 ? { ...p, etag: 'f'.repeat(32) } : p));
    expect((await complete(admin, session, forged)).body.error).toBe('UPLOAD_INCOMPLETE');
    expect((await complete(admin, session, parts)).status).toBe(200);
  });

  it('abort deletes the parts, the session and the record', async () => {
    const session = await init(admin);
    await sendPart(admin, session, 1);
    const other = await createFileKey(server);
    const foreign = await other.client.post('/api/upload/multipart/abort', {
      file_id: session.file_id,
      upload_id: session.upload_id,
    });
    expect(foreign.status).toBe(404);
    const aborted = await admin.post('/api/upload/multipart/abort', {
      file_id: session.file_id,
      upload_id: session.upload_id,
    });
    expect(aborted.status).toBe(200);
    expect(aborted.body.data).toEqual({ aborted: true });
    expect((await admin.get(`/api/admin/files/${session.file_id}`)).status).toBe(404);
    expect((await admin.get(`/api/upload/multipart/${session.file_id}/parts`)).status).toBe(404);
    expect(await objectExists(server, configId, session.key)).toBe(false);
    const late = await admin.post('/api/upload/multipart/part-url', {
      file_id: session.file_id,
      upload_id: session.upload_id,
      part_number: 2,
    });
    expect(late.body.error).toBe('UPLOAD_NOT_FOUND');
  });

  it('refuses part numbers past the end and a key outside its basic_path', async () => {
    const session = await init(admin);
    const past = await admin.post('/api/upload/multipart/part-url', {
      file_id: session.file_id,
      upload_id: session.upload_id,
      part_numbers: [3, 4],
    });
    expect(past.status).toBe(400);
    const key = await createFileKey(server, { basicPath: '/mine' });
    const outside = await key.client.post('/api/upload/multipart/init', {
      s3_config_id: configId,
      filename: 'x.bin',
      size: 10,
      path: '/theirs',
    });
    expect(outside.body.error).toBe('PATH_FORBIDDEN');
  });
});
