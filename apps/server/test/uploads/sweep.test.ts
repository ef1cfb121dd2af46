import type { MultipartSession, PresignResult } from '@pastebox/contract/schemas/upload';
import { expect, it } from 'vitest';
import { sweepFiles } from '@/modules/uploads/sweep';
import type { ApiClient } from '../support/api-client';
import type { TestServer } from '../support/test-server';
import { HOUR, objectExists, putTo, uploadShare } from './builders';
import { forEachTarget, serverOnTarget } from './targets';

forEachTarget('sweeping uploads and expired files', (target) => {
  let server: TestServer;
  let admin: ApiClient;
  let configId: string;
  serverOnTarget(target, (opened) => ({ server, admin, configId } = opened));

  it('aborts idle multipart sessions, drops stale presigns and expired shares', async () => {
    const idle = await admin.post<MultipartSession>('/api/upload/multipart/init', {
      s3_config_id: configId,
      filename: 'idle.bin',
      size: 10,
    });
    const stale = await admin.post<PresignResult>('/api/s3/presign', {
      s3_config_id: configId,
      filename: 'stale.bin',
      size: 3,
    });
    await putTo(
      server,
      { url: stale.body.data.upload_url, headers: stale.body.data.headers },
      'abc',
    );
    const expiring = await uploadShare(admin, {
      fields: { s3_config_id: configId, expires_in: 1 },
    });
    const lasting = await uploadShare(admin, { fields: { s3_config_id: configId } });

    server.clock.advance(2 * HOUR);
    expect(await sweepFiles(server.deps)).toEqual({ expired: 1, abandoned: 0, idleMultiparts: 0 });
    expect(await objectExists(server, configId, expiring.storage_path)).toBe(false);

    server.clock.advance(23 * HOUR);
    expect(await sweepFiles(server.deps)).toEqual({ expired: 0, abandoned: 1, idleMultiparts: 1 });
    expect(await objectExists(server, configId, stale.body.data.storage_path)).toBe(false);
    for (const id of [idle.body.data.file_id, stale.body.data.file_id, expiring.id]) {
      expect((await admin.get(`/api/admin/files/${id}`)).status).toBe(404);
    }
    const parts = await admin.get(`/api/upload/multipart/${idle.body.data.file_id}/parts`);
    expect(parts.status).toBe(404);
    expect(await objectExists(server, configId, lasting.storage_path)).toBe(true);
    expect(await sweepFiles(server.deps)).toEqual({ expired: 0, abandoned: 0, idleMultiparts: 0 });
  });
});
