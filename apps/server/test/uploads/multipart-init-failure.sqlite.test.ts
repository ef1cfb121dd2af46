import fs from 'node:fs';
import path from 'node:path';
import { ListMultipartUploadsCommand } from '@aws-sdk/client-s3';
import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { getStorage } from '@/modules/storage-configs/service';
import { localRootOf } from '@/storage/registry';
import type { ApiClient } from '../support/api-client';
import { s3ClientFor, swiftServer } from '../support/swift';
import type { TestServer } from '../support/test-server';
import { forEachTarget, serverOnTarget } from './targets';

/**
 * The orphan of the first 30-minute soak (issue 34): a multipart init whose session row
 * could not be written — the database restarting between the pending row and the session —
 * left a storage multipart upload that no row named, so no sweeper would ever end it. The
 * failure is a real one: a trigger makes SQLite refuse the session insert.
 */
forEachTarget('a multipart init whose session cannot be written', (target) => {
  let server: TestServer;
  let admin: ApiClient;
  let configId: string;
  serverOnTarget(target, (opened) => ({ server, admin, configId } = opened));

  /** The storage's multipart uploads not yet completed or aborted. */
  async function unfinishedUploads(): Promise<number> {
    const { config } = await getStorage(server.deps, configId);
    if (target.name === 'local') {
      const folder = path.join(localRootOf(server.deps, config), '.multipart');
      return fs.existsSync(folder) ? fs.readdirSync(folder).length : 0;
    }
    const client = s3ClientFor(await swiftServer());
    try {
      const out = await client.send(
        new ListMultipartUploadsCommand({ Bucket: config.bucket_name ?? '' }),
      );
      return out.Uploads?.length ?? 0;
    } finally {
      client.destroy();
    }
  }

  it('aborts its storage upload and keeps no row', async () => {
    const before = await unfinishedUploads();
    await sql`create trigger refuse_sessions before insert on upload_sessions
      begin select raise(abort, 'the database is restarting'); end`.execute(server.deps.db);
    try {
      const init = await admin.post('/api/upload/multipart/init', {
        s3_config_id: configId,
        filename: 'lost-init.bin',
        mimetype: 'application/octet-stream',
        size: 12 * 1024 * 1024,
      });
      expect(init.status, JSON.stringify(init.body)).toBeGreaterThanOrEqual(500);
    } finally {
      await sql`drop trigger refuse_sessions`.execute(server.deps.db);
    }
    expect(await unfinishedUploads()).toBe(before);
    const rows = await server.deps.db
      .selectFrom('files')
      .select('id')
      .where('filename', '=', 'lost-init.bin')
      .execute();
    expect(rows).toEqual([]);
  });
});
