import http from 'node:http';
import { ListMultipartUploadsCommand } from '@aws-sdk/client-s3';
import type {
  MultipartSession,
  PartUrlResult,
  PresignResult,
} from '@pastebox/contract/schemas/upload';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getStorage } from '@/modules/storage-configs/service';
import { sweepFiles } from '@/modules/uploads/sweep';
import type { ApiClient, ApiResponse } from '../support/api-client';
import { s3ClientFor, swiftServer, SWIFT_HOOK_TIMEOUT_MS } from '../support/swift';
import { startTestServer, type TestServer } from '../support/test-server';
import { HOUR, objectExists, putTo, uploadShare } from './builders';
import { proxiedSwift, type ProxiedSwift } from './storage-outage';

/**
 * Issue 34's soak findings: while the S3 endpoint cannot be reached, the API answers 503
 * STORAGE_UNAVAILABLE with Retry-After, and no failed cleanup drops the row that names
 * what the storage holds; once the storage is back, the sweeper removes it all.
 */
describe('uploads while the storage is unreachable [swift]', () => {
  let server: TestServer;
  let admin: ApiClient;
  let swift: ProxiedSwift;
  beforeAll(async () => {
    server = await startTestServer();
    admin = await server.admin();
    swift = await proxiedSwift(server, admin);
  }, SWIFT_HOOK_TIMEOUT_MS);
  afterAll(async () => {
    await swift.close();
    await server.close();
  });

  function expectUnavailable(res: ApiResponse<unknown>) {
    expect(res.status, JSON.stringify(res.body)).toBe(503);
    expect(res.body.error).toBe('STORAGE_UNAVAILABLE');
    expect(res.headers.get('retry-after')).toMatch(/^\d+$/);
  }

  function fileRow(id: string) {
    return server.deps.db.selectFrom('files').selectAll().where('id', '=', id).executeTakeFirst();
  }

  function sessionRow(fileId: string) {
    return server.deps.db
      .selectFrom('upload_sessions')
      .selectAll()
      .where('file_id', '=', fileId)
      .executeTakeFirst();
  }

  async function unfinishedUploads(key: string) {
    const client = s3ClientFor(await swiftServer());
    try {
      const out = await client.send(
        new ListMultipartUploadsCommand({ Bucket: swift.bucket, Prefix: `pastebox/${key}` }),
      );
      return out.Uploads ?? [];
    } finally {
      client.destroy();
    }
  }

  it('an abort during the outage answers 503 and keeps the session; the sweeper ends it after', async () => {
    const init = await admin.post<MultipartSession>('/api/upload/multipart/init', {
      s3_config_id: swift.configId,
      filename: 'outage.bin',
      size: 10,
    });
    expect(init.status, JSON.stringify(init.body)).toBe(200);
    const session = init.body.data;
    const urls = await admin.post<PartUrlResult>('/api/upload/multipart/part-url', {
      file_id: session.file_id,
      upload_id: session.upload_id,
      part_number: 1,
    });
    expect((await putTo(server, urls.body.data.urls[0] ?? { url: '' }, '0123456789')).status).toBe(
      200,
    );
    // As the soak's c15: an object already at the key (a complete that reached the storage).
    const { driver } = await getStorage(server.deps, swift.configId);
    await driver.put(session.key, Readable.from([Buffer.from('0123456789')]), { size: 10 });

    await swift.down();
    const abort = await admin.post('/api/upload/multipart/abort', {
      file_id: session.file_id,
      upload_id: session.upload_id,
    });
    expectUnavailable(abort);
    expect((await fileRow(session.file_id))?.status).toBe('pending');
    const kept = await sessionRow(session.file_id);
    expect(kept).toBeDefined();
    expect(kept && kept.expires_at <= server.clock.now().toISOString()).toBe(true);
    // A sweep while the storage is still away keeps everything too.
    expect((await sweepFiles(server.deps)).idleMultiparts).toBe(0);
    expect(await sessionRow(session.file_id)).toBeDefined();

    await swift.up();
    expect((await sweepFiles(server.deps)).idleMultiparts).toBe(1);
    expect(await fileRow(session.file_id)).toBeUndefined();
    expect(await sessionRow(session.file_id)).toBeUndefined();
    expect(await objectExists(server, swift.configId, session.key)).toBe(false);
    expect(await unfinishedUploads(session.key)).toEqual([]);
  });

  it('a presigned commit during the outage answers 503 and keeps the pending row', async () => {
    const presign = await admin.post<PresignResult>('/api/s3/presign', {
      s3_config_id: swift.configId,
      filename: 'commit.bin',
      size: 3,
    });
    const signed = presign.body.data;
    expect(
      (await putTo(server, { url: signed.upload_url, headers: signed.headers }, 'abc')).status,
    ).toBe(200);

    await swift.down();
    const commit = () => admin.post('/api/s3/commit', { file_id: signed.file_id, size: 3 });
    expectUnavailable(await commit());
    expect((await fileRow(signed.file_id))?.status).toBe('pending');

    // Back: the object was there all along, and the retried commit finds it.
    await swift.up();
    const retried = await commit();
    expect(retried.status, JSON.stringify(retried.body)).toBe(200);
    expect((await fileRow(signed.file_id))?.status).toBe('ready');
  });

  it('a form upload cut mid-put leaves a pending row, and no object once the sweeper ran', async () => {
    const boundary = 'outage-boundary';
    const body = new Readable({ read: () => undefined });
    const request = http.request(`${server.baseUrl}/api/upload`, {
      method: 'POST',
      headers: {
        authorization: admin.authorization ?? '',
        'content-type': `multipart/form-data; boundary=${boundary}`,
      },
    });
    request.on('error', () => undefined);
    const answer = new Promise<{ status: number; text: string }>((resolve) => {
      request.on('response', (response) => {
        const parts: Buffer[] = [];
        response.on('data', (part: Buffer) => parts.push(part));
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, text: Buffer.concat(parts).toString() }),
        );
      });
    });
    body.pipe(request);
    body.push(
      `--${boundary}\r\nContent-Disposition: form-data; name="s3_config_id"\r\n\r\n${swift.configId}\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="cut.bin"\r\n` +
        `Content-Type: application/octet-stream\r\n\r\n`,
    );
    body.push(Buffer.alloc(64 * 1024, 0x61));
    // The intent record is written before the first byte goes to the storage.
    const pending = await waitFor(async () =>
      server.deps.db
        .selectFrom('files')
        .selectAll()
        .where('s3_config_id', '=', swift.configId)
        .where('filename', '=', 'cut.bin')
        .executeTakeFirst(),
    );
    expect(pending.status).toBe('pending');

    await swift.down();
    body.push(Buffer.alloc(64 * 1024, 0x62));
    body.push(`\r\n--${boundary}--\r\n`);
    body.push(null);
    const res = await answer;
    expect(res.status, res.text).toBe(503);
    expect(JSON.parse(res.text)).toMatchObject({ error: 'STORAGE_UNAVAILABLE' });
    // The delete could not be confirmed either: the row stays, naming the key.
    expect((await fileRow(pending.id))?.status).toBe('pending');

    await swift.up();
    server.clock.advance(25 * HOUR);
    await sweepFiles(server.deps);
    expect(await fileRow(pending.id)).toBeUndefined();
    expect(await objectExists(server, swift.configId, pending.storage_path)).toBe(false);
  });

  it('deleting a share or cancelling a URL upload during the outage answers 503 and keeps the row', async () => {
    const file = await uploadShare(admin, { fields: { s3_config_id: swift.configId } });
    // A pending upload without a session, as url/presign leaves one; url/cancel ends any.
    const presign = await admin.post<PresignResult>('/api/s3/presign', {
      s3_config_id: swift.configId,
      filename: 'remote.bin',
      size: 3,
    });
    expect(presign.status, JSON.stringify(presign.body)).toBe(200);
    const pendingId = presign.body.data.file_id;
    const cancel = () => admin.post('/api/url/cancel', { file_id: pendingId });

    await swift.down();
    try {
      expectUnavailable(await admin.delete(`/api/admin/files/${file.id}`));
      expectUnavailable(await cancel());
      // Each row still names what the storage may hold.
      expect((await fileRow(file.id))?.status).toBe('ready');
      expect((await fileRow(pendingId))?.status).toBe('pending');
    } finally {
      await swift.up();
    }
    expect((await admin.delete(`/api/admin/files/${file.id}`)).status).toBe(200);
    expect((await cancel()).status).toBe(200);
    expect(await fileRow(file.id)).toBeUndefined();
    expect(await fileRow(pendingId)).toBeUndefined();
    expect(await objectExists(server, swift.configId, file.storage_path)).toBe(false);
  });

  it('a download during the outage answers 503 STORAGE_UNAVAILABLE', async () => {
    const file = await uploadShare(admin, { fields: { s3_config_id: swift.configId } });
    await swift.down();
    try {
      const res = await server.anon.raw(`/api/file-download/${file.slug}`);
      expect(res.status).toBe(503);
      expect(res.headers.get('retry-after')).toMatch(/^\d+$/);
      expect(await res.json()).toMatchObject({ error: 'STORAGE_UNAVAILABLE' });
    } finally {
      await swift.up();
    }
    const back = await server.anon.raw(`/api/file-download/${file.slug}`);
    expect(back.status).toBe(200);
    expect(await back.text()).toBe('hello file');
  });
});

/** Polls `probe` until it answers something (conditions, never fixed waits). */
async function waitFor<T>(probe: () => Promise<T | undefined>, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) {
      return value;
    }
    if (Date.now() > deadline) {
      throw new Error('the condition did not hold in time');
    }
    await new Promise((resolve) => setImmediate(resolve));
  }
}
