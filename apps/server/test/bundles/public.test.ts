import type { PublicBundle } from '@pastebox/contract/schemas/bundle';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from '../support/api-client';
import { storageTargets } from '../support/storage-targets';
import { dialect, startTestServer, type TestServer } from '../support/test-server';
import { HOUR, absolute, storedViews } from '../uploads/builders';
import { createBundle, fetchBytes, openBundle, storedBundleViews, uploadMember } from './support';

const local = storageTargets().find((target) => target.name === 'local');

/** A bundle behind its link (issue 33): liveness, password, views, the member files' links. */
describe(`opening a bundle (${dialect})`, () => {
  let server: TestServer;
  let admin: ApiClient;
  let configId: string;
  beforeAll(async () => {
    server = await startTestServer({}, { taskRunner: false });
    admin = await server.admin();
    if (!local) {
      throw new Error('the local storage target is missing');
    }
    configId = (await local.createConfig(admin)).id;
  });
  afterAll(() => server.close());

  async function bundleOf(names: string[], options: object = {}) {
    const files = [];
    for (const name of names) {
      files.push(await uploadMember(admin, configId, `content of ${name}`, name));
    }
    const bundle = await createBundle(admin, 'admin', {
      file_ids: files.map((file) => file.id),
      ...options,
    });
    return { bundle, files };
  }

  it('a stranger gets the files (private ones too) without a view counted on them', async () => {
    const { bundle, files } = await bundleOf(['a.txt', 'b.txt']);
    const opened = await openBundle(server, bundle.slug);
    expect(opened.status).toBe(200);
    const data = opened.body.data;
    expect(data).toMatchObject({
      slug: bundle.slug,
      views: 1,
      requires_password: false,
      file_count: 2,
      total_size: bundle.total_size,
      zipUrl: expect.stringMatching(
        new RegExp(`^${server.baseUrl}/api/bundle-zip/${bundle.slug}\\?token=`),
      ),
    });
    expect(data.files?.map((file) => file.filename)).toEqual(['a.txt', 'b.txt']);
    const download = await fetchBytes(data.files?.[1]?.downloadUrl ?? '');
    expect([download.status, download.body.toString()]).toEqual([200, 'content of b.txt']);
    const preview = await fetchBytes(absolute(server, data.files?.[0]?.previewUrl ?? ''));
    expect(preview.status).toBe(200);
    for (const file of files) {
      expect(await storedViews(server, file.id)).toBe(0);
    }
    expect(await storedBundleViews(server, bundle.id)).toBe(1);
  });

  it('the owner opens freely; an unknown slug is 404', async () => {
    const { bundle } = await bundleOf(['owner.txt'], { max_views: 1 });
    for (let i = 0; i < 3; i += 1) {
      const res = await admin.get<PublicBundle>(`/api/public/bundles/${bundle.slug}`);
      expect(res.body.data.files).toHaveLength(1);
    }
    expect(await storedBundleViews(server, bundle.id)).toBe(0);
    const missing = await openBundle(server, 'no-such-bundle');
    expect([missing.status, missing.body.error]).toEqual([404, 'BUNDLE_NOT_FOUND']);
  });

  it('a password: metadata only, then the files for the right one, one view', async () => {
    const { bundle } = await bundleOf(['locked.txt'], { password: 'open sesame' });
    const closed = await openBundle(server, bundle.slug);
    expect(closed.body.data).toMatchObject({ requires_password: true, views: 0 });
    expect(closed.body.data.files).toBeUndefined();
    expect(closed.body.data.zipUrl).toBeUndefined();
    const verify = (password: string) =>
      server.anon.post<PublicBundle>(`/api/public/bundles/${bundle.slug}/verify`, { password });
    const wrong = await verify('nope');
    expect([wrong.status, wrong.body.error]).toEqual([401, 'WRONG_PASSWORD']);
    const right = await verify('open sesame');
    expect(right.body.data.files?.map((file) => file.filename)).toEqual(['locked.txt']);
    expect(await storedBundleViews(server, bundle.id)).toBe(1);
  });

  it('expires: 410 SHARE_EXPIRED, and its ZIP link too', async () => {
    const { bundle } = await bundleOf(['soon.txt'], { expires_in: 1 });
    const opened = await openBundle(server, bundle.slug);
    const zipUrl = opened.body.data.zipUrl ?? '';
    server.clock.advance(2 * HOUR);
    const late = await openBundle(server, bundle.slug);
    expect([late.status, late.body.error]).toEqual([410, 'SHARE_EXPIRED']);
    expect((await fetchBytes(zipUrl)).status).toBe(410);
  });

  it('a view limit holds exactly under 20 parallel openings', async () => {
    const { bundle } = await bundleOf(['popular.txt'], { max_views: 5 });
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => openBundle(server, bundle.slug)),
    );
    const statuses = answers.map((res) => res.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(5);
    expect(statuses.filter((status) => status === 410)).toHaveLength(15);
    expect(
      new Set(answers.filter((res) => res.status === 410).map((res) => res.body.error)),
    ).toEqual(new Set(['VIEW_LIMIT_REACHED']));
    expect(await storedBundleViews(server, bundle.id)).toBe(5);
  });

  it('leaves out members that went or are not ready; a new password ends the visits', async () => {
    const { bundle, files } = await bundleOf(['x.txt', 'y.txt', 'z.txt']);
    const [x, y] = files;
    await admin.delete(`/api/admin/files/${x?.id}`);
    await server.deps.db
      .updateTable('files')
      .set({ status: 'pending' })
      .where('id', '=', y?.id ?? '')
      .execute();
    const opened = await openBundle(server, bundle.slug);
    expect(opened.body.data.files?.map((file) => file.filename)).toEqual(['z.txt']);
    expect(opened.body.data.file_count).toBe(1);

    const zipUrl = opened.body.data.zipUrl ?? '';
    // With every file gone the ZIP is an empty archive, not a refusal.
    await admin.delete(`/api/admin/files/${files[2]?.id}`);
    const reopened = await openBundle(server, bundle.slug);
    expect(reopened.body.data.files).toEqual([]);
    const empty = await fetchBytes(reopened.body.data.zipUrl ?? '');
    expect([empty.status, empty.body.length]).toEqual([200, 22]);
    await admin.put(`/api/admin/bundles/${bundle.id}`, { password: 'changed' });
    const revoked = await fetchBytes(zipUrl);
    expect(revoked.status).toBe(410);
    expect(JSON.parse(revoked.body.toString()).error).toBe('VISIT_LINK_USED_UP');
  });
});
