import type { RequestReceipt } from '@pastebox/contract/schemas/file-request';
import type { MultipartSession, PartUrlResult } from '@pastebox/contract/schemas/upload';
import { expect, it } from 'vitest';
import { ApiClient } from '../support/api-client';
import type { TestServer } from '../support/test-server';
import { filesOn, putTo, testBytes } from '../uploads/builders';
import { forEachTarget, serverOnTarget } from '../uploads/targets';
import { createRequest, openAsStranger, storedCounts } from './support';

const MIB = 1024 * 1024;

/** A client that sends the stranger's token header with every call. */
function strangerClient(server: TestServer, token: string): ApiClient {
  const client = new ApiClient(server.baseUrl);
  const raw = client.raw.bind(client);
  client.raw = (path, init = {}) => {
    const headers = new Headers(init.headers);
    headers.set('x-request-token', token);
    return raw(path, { ...init, headers });
  };
  return client;
}

forEachTarget('resumable uploads through a file request', (target) => {
  let server: TestServer;
  let configId: string;
  serverOnTarget(target, (opened) => ({ server, configId } = opened));

  it('runs a multipart session as the owner, reserved before it starts', async () => {
    const admin = await server.admin();
    const size = 6 * MIB;
    const request = await createRequest(admin, {
      title: 'Large files',
      max_total_bytes: 7 * MIB,
      target: { type: 'storage', s3_config_id: configId },
    });
    const token = await openAsStranger(server, request.slug);
    const stranger = strangerClient(server, token);
    const base = `/api/public/requests/${request.slug}/multipart`;
    const init = await stranger.post<MultipartSession>(`${base}/init`, {
      filename: 'video.mp4',
      mimetype: 'video/mp4',
      size,
    });
    expect(init.status, JSON.stringify(init.body)).toBe(200);
    const session = init.body.data;
    expect(await storedCounts(server, request.id)).toMatchObject({
      files_reserved: 1,
      bytes_reserved: size,
    });
    // The reservation holds against a second, too-large upload while this one runs.
    const second = await stranger.post(`${base}/init`, { filename: 'b.bin', size: 2 * MIB });
    expect(second.body.error).toBe('REQUEST_LIMIT_REACHED');

    const content = testBytes(size);
    const parts = [];
    for (let part = 1; part <= session.part_count; part += 1) {
      const urls = await stranger.post<PartUrlResult>(`${base}/part-url`, {
        file_id: session.file_id,
        upload_id: session.upload_id,
        part_number: part,
      });
      const start = (part - 1) * session.part_size;
      const put = await putTo(
        server,
        urls.body.data.urls[0] ?? { url: '' },
        content.subarray(start, start + session.part_size),
      );
      expect(put.status).toBe(200);
      parts.push({ partNumber: part, etag: (put.headers.get('etag') ?? '').replace(/"/g, '') });
    }
    const resumed = await stranger.get<MultipartSession>(`${base}/${session.file_id}/parts`);
    expect(resumed.body.data.parts).toHaveLength(session.part_count);

    const done = await stranger.post<RequestReceipt>(`${base}/complete`, {
      file_id: session.file_id,
      upload_id: session.upload_id,
      parts,
    });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body.data).toMatchObject({ filename: 'video.mp4', size });
    expect(await storedCounts(server, request.id)).toEqual({
      files_received: 1,
      bytes_received: size,
      files_reserved: 0,
      bytes_reserved: 0,
    });
    const file = (await filesOn(server, configId)).find((row) => row.id === session.file_id);
    expect(file).toMatchObject({ status: 'ready', private: 1 });

    // An aborted session gives its reservation back and leaves no record.
    const small = await stranger.post<MultipartSession>(`${base}/init`, {
      filename: 'c.bin',
      size: MIB / 2,
    });
    expect(small.status).toBe(200);
    const aborted = await stranger.post(`${base}/abort`, {
      file_id: small.body.data.file_id,
      upload_id: small.body.data.upload_id,
    });
    expect(aborted.status).toBe(200);
    expect(await storedCounts(server, request.id)).toMatchObject({ files_reserved: 0 });
    expect(
      (await filesOn(server, configId)).some((row) => row.id === small.body.data.file_id),
    ).toBe(false);
  });
});
