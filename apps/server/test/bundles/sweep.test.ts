import type { BundleDetail } from '@pastebox/contract/schemas/bundle';
import { expect, it } from 'vitest';
import { sweepOnce } from '@/sweeper';
import { createMember } from '../accounts/builders';
import type { ApiClient } from '../support/api-client';
import type { TestServer } from '../support/test-server';
import { HOUR, objectExists } from '../uploads/builders';
import { forEachTarget, serverOnTarget } from '../uploads/targets';
import { createBundle, openBundle, uploadMember } from './support';

/**
 * The sweeper removes an expired bundle as it removes an expired file share: at the first
 * pass after its expiry. Its files are shares of their own and stay, a private one still
 * listed for its owner; bundles without an expiry, or not yet expired, stay.
 */
forEachTarget('the sweep of expired bundles', (target) => {
  let server: TestServer;
  let admin: ApiClient;
  let configId: string;
  serverOnTarget(target, (opened) => ({ server, admin, configId } = opened));

  const storedBundle = (id: string) =>
    server.deps.db.selectFrom('bundles').select('id').where('id', '=', id).executeTakeFirst();

  it('removes expired bundles at the next pass and keeps their files', async () => {
    const member = await createMember(admin);
    const first = await uploadMember(member.client, configId, 'first bytes', 'first.txt');
    const second = await uploadMember(member.client, configId, 'second bytes', 'second.txt');
    const fileIds = [first.id, second.id];
    const make = (body: object): Promise<BundleDetail> =>
      createBundle(member.client, 'user', { file_ids: fileIds, ...body });
    const expiring = await make({ expires_in: 1 });
    const lasting = await make({});
    const later = await make({ expires_in: 48 });

    await sweepOnce(server.deps);
    expect(await storedBundle(expiring.id)).toBeDefined();

    server.clock.advance(2 * HOUR);
    expect((await openBundle(server, expiring.slug)).status).toBe(410);
    await sweepOnce(server.deps);

    expect(await storedBundle(expiring.id)).toBeUndefined();
    expect((await openBundle(server, expiring.slug)).status).toBe(404);
    expect((await member.client.get(`/api/user/bundles/${expiring.id}`)).status).toBe(404);
    const links = await server.deps.db
      .selectFrom('bundle_files')
      .select('file_id')
      .where('bundle_id', '=', expiring.id)
      .execute();
    expect(links).toEqual([]);

    for (const kept of [lasting, later]) {
      expect((await openBundle(server, kept.slug)).status).toBe(200);
    }
    // The member files stay, private, in their owner's list, their objects in storage.
    const listed = await member.client.get<{ items: { id: string; private?: boolean }[] }>(
      '/api/user/files',
    );
    const own = listed.body.data.items.filter((item) => fileIds.includes(item.id));
    expect(own).toHaveLength(2);
    const rows = await server.deps.db
      .selectFrom('files')
      .select(['storage_path', 'private'])
      .where('id', 'in', fileIds)
      .execute();
    expect(rows.map((row) => Number(row.private))).toEqual([1, 1]);
    for (const row of rows) {
      expect(await objectExists(server, configId, row.storage_path)).toBe(true);
    }
  });
});
