import type { MultipartSession } from '@pastebox/contract/schemas/upload';
import { expect, it } from 'vitest';
import type { ApiClient } from '../support/api-client';
import type { TestServer } from '../support/test-server';
import { filesOn, postForm, uploadShare } from './builders';
import { forEachTarget, serverOnTarget } from './targets';

forEachTarget('storage quota', (target) => {
  let server: TestServer;
  let admin: ApiClient;
  let configId: string;
  serverOnTarget(target, (opened) => ({ server, admin, configId } = opened), {
    config: { total_storage_bytes: 10 * 1024 },
  });

  it('refuses an upload past the capacity before storing a byte, naming the numbers', async () => {
    await uploadShare(admin, { content: 'x'.repeat(4096), fields: { s3_config_id: configId } });
    const before = await filesOn(server, configId);

    const presign = await admin.post('/api/s3/presign', {
      s3_config_id: configId,
      filename: 'big.bin',
      size: 8192,
    });
    expect(presign.status).toBe(507);
    expect(presign.body.error).toBe('INSUFFICIENT_STORAGE');
    expect(presign.body.message).toBe(
      'Not enough storage space: file size 8 KiB, remaining space 6 KiB, total capacity 10 KiB',
    );
    expect(presign.body.details).toEqual([
      { path: 'file_size', message: '8192' },
      { path: 'remaining', message: '6144' },
      { path: 'total_capacity', message: '10240' },
    ]);

    const multipart = await admin.post<MultipartSession>('/api/upload/multipart/init', {
      s3_config_id: configId,
      filename: 'big.bin',
      size: 7000,
    });
    expect(multipart.body.error).toBe('INSUFFICIENT_STORAGE');

    const declared = await postForm(admin, {
      content: 'y'.repeat(7000),
      fields: { s3_config_id: configId, size: 7000, path: '/q' },
    });
    expect(declared.status).toBe(507);
    const measured = await postForm(admin, {
      content: 'y'.repeat(7000),
      fields: { s3_config_id: configId, path: '/q' },
    });
    expect(measured.status).toBe(507);
    expect(measured.body.error).toBe('INSUFFICIENT_STORAGE');
    expect(await filesOn(server, configId)).toHaveLength(before.length);

    const fits = await postForm(admin, {
      content: 'z'.repeat(1000),
      fields: { s3_config_id: configId },
    });
    expect(fits.status).toBe(201);
  });

  it('pending uploads reserve their space', async () => {
    const used = (await filesOn(server, configId)).reduce((sum, row) => sum + Number(row.size), 0);
    const free = 10 * 1024 - used;
    const first = await admin.post('/api/s3/presign', {
      s3_config_id: configId,
      filename: 'half.bin',
      size: free,
    });
    expect(first.status).toBe(200);
    const second = await admin.post('/api/s3/presign', {
      s3_config_id: configId,
      filename: 'more.bin',
      size: 1,
    });
    expect(second.body.error).toBe('INSUFFICIENT_STORAGE');
  });
});
