import type { FileShare } from '@pastebox/contract/schemas/file';
import { expect, it } from 'vitest';
import type { ApiClient } from '../support/api-client';
import type { TestServer } from '../support/test-server';
import {
  absolute,
  createFileKey,
  filesOn,
  openShare,
  postForm,
  storedViews,
  uploadShare,
} from '../uploads/builders';
import { forEachTarget, serverOnTarget } from '../uploads/targets';

/**
 * Private file shares (issue 33, migration 023): stored for the owner, listed for the
 * owner, and behind their link for nobody else until "share it" clears the flag.
 */
forEachTarget('private file shares', (target) => {
  let server: TestServer;
  let admin: ApiClient;
  let configId: string;
  serverOnTarget(target, (opened) => ({ server, admin, configId } = opened));

  const upload = (client: ApiClient, fields: Record<string, string | number> = {}) =>
    uploadShare(client, {
      content: 'private bytes',
      filename: 'secret.txt',
      type: 'text/plain',
      fields: { s3_config_id: configId, private: 'true', ...fields },
    });

  async function statusOf(url: string) {
    const res = await fetch(absolute(server, url));
    await res.arrayBuffer();
    return res.status;
  }

  it('is closed to strangers: no page, no raw download, no view counted', async () => {
    const file = await upload(admin);
    expect(file.private).toBe(true);
    expect((await openShare(server, file.slug)).status).toBe(404);
    expect(await statusOf(`/api/file-download/${file.slug}`)).toBe(404);
    expect(await statusOf(`/api/file-view/${file.slug}`)).toBe(404);
    expect(await storedViews(server, file.id)).toBe(0);
  });

  it('opens for its owner, whose list marks it private', async () => {
    const key = await createFileKey(server);
    const file = await upload(key.client);
    const own = await key.client.get<FileShare>(`/api/user/files/${file.id}`);
    expect(own.body.data).toMatchObject({ private: true, previewUrl: expect.any(String) });
    expect(await statusOf(own.body.data.downloadUrl ?? '')).toBe(200);
    const opened = await key.client.get<{ previewUrl?: string }>(`/api/public/files/${file.slug}`);
    expect(opened.status).toBe(200);
    expect(opened.body.data.previewUrl).toEqual(expect.any(String));
  });

  it('"share it" opens the link; taking it back ends the visits handed out', async () => {
    const file = await upload(admin);
    const shared = await admin.put<FileShare>(`/api/admin/files/${file.id}`, {
      private: false,
    });
    expect(shared.body.data.private).toBe(false);
    const opened = await openShare(server, file.slug);
    expect(opened.status).toBe(200);
    const link = opened.body.data.downloadUrl ?? '';
    expect(await statusOf(link)).toBe(200);

    await admin.put(`/api/admin/files/${file.id}`, { private: true });
    expect(await statusOf(link)).toBe(410);
    expect((await openShare(server, file.slug)).status).toBe(404);
  });

  it('a form field that is not a yes/no is refused before a byte is stored', async () => {
    const before = (await filesOn(server, configId)).length;
    const res = await postForm(admin, { fields: { s3_config_id: configId, private: 'maybe' } });
    expect(res.status).toBe(400);
    expect(await filesOn(server, configId)).toHaveLength(before);
  });
});
