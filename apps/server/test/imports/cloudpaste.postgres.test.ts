import type { PasteView } from '@pastebox/contract/schemas/paste';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importFromCloudpaste } from '@/modules/imports/service';
import { ADMIN, startTestServer, type TestServer } from '../support/test-server';
import { cloudpasteDatabase, cloudpasteHash } from './cloudpaste-db';

/**
 * The import's own table (import_origins) and the services it goes through, on PostgreSQL;
 * the whole journey (S3 config, file, mount, the command) is cloudpaste.sqlite.test.ts.
 */
describe('a CloudPaste import on PostgreSQL', () => {
  let server: TestServer;
  let cloudpasteFile: string;
  const importOnce = () =>
    importFromCloudpaste(server.deps, {
      file: cloudpasteFile,
      apply: true,
      ownerUsername: ADMIN.username,
    });

  beforeAll(async () => {
    server = await startTestServer();
    cloudpasteFile = cloudpasteDatabase('v1.9.1', {
      pastes: [{ id: 'p1', slug: 'hash-only', content: 'kept', password: cloudpasteHash('pw-1') }],
      api_keys: [
        {
          id: 'k1',
          name: 'texts',
          key: 'cp_texts_1',
          permissions: 1,
          is_enable: 1,
          expires_at: '9999-12-31',
        },
      ],
    });
  });

  afterAll(async () => {
    await server?.close();
  });

  it('imports once, opens with the old password, and imports nothing the second time', async () => {
    const first = await importOnce();
    expect([first.kinds.paste.imported, first.kinds['api-key'].imported]).toEqual([1, 1]);
    const opened = await server.anon.post<PasteView>('/api/paste/hash-only', { password: 'pw-1' });
    expect(opened.body.data.content).toBe('kept');
    const whoami = await server.anon.withApiKey('cp_texts_1').get('/api/test/api-key');
    expect(whoami.body.data).toMatchObject({
      permissions: { text: true, file: false, mount: false },
    });

    const second = await importOnce();
    expect([second.kinds.paste.imported, second.kinds.paste.already]).toEqual([0, 1]);
    expect([second.kinds['api-key'].imported, second.kinds['api-key'].already]).toEqual([0, 1]);
  });
});
