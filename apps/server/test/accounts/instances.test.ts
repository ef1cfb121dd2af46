import type { ApiKeyItem } from '@pastebox/contract/schemas/api-key';
import type { SessionItem } from '@pastebox/contract/schemas/account';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { passEpochRefresh, startTwoApps, type TwoApps } from '../auth/two-apps';
import { storageTargets } from '../support/storage-targets';
import { dialect } from '../support/test-server';
import { mountOn } from '../vfs/support';
import { basic, davFetch } from '../webdav/dav-support';
import { createMember, signIn } from './builders';

const local = storageTargets().find((target) => target.name === 'local');

/**
 * Issue 32: disabling a member ends its sessions, keys and WebDAV access at once on every
 * instance — the other one had them cached — and no member reaches another's sessions.
 */
describe(`a member across instances (${dialect})`, () => {
  let apps: TwoApps;
  beforeAll(async () => {
    apps = await startTwoApps();
  });
  afterAll(() => apps.close());

  it('ends a disabled member’s session, key and WebDAV access on the other instance too', async () => {
    if (!local) {
      throw new Error('the local target is expected');
    }
    const admin = await apps.one.admin();
    await mountOn(apps.one, admin, local, { mountPath: '/team' });
    const member = await createMember(admin, { basic_path: '/team' });
    const key = await member.client.post<ApiKeyItem>('/api/account/api-keys', {
      name: `instances-${member.username}`,
      text_permission: true,
      basic_path: '/team',
    });
    // The member works through instance two, whose cache now holds its session and key.
    const session = await signIn(apps.two.anon, member.username, member.password);
    const keyOnTwo = apps.two.anon.withApiKey(key.body.data.key);
    const dav = basic(member.username, member.password);
    expect((await session.get('/api/account')).status).toBe(200);
    expect((await keyOnTwo.get('/api/test/api-key')).status).toBe(200);
    expect(
      (await davFetch(apps.two, 'PROPFIND', '/team', { auth: dav, headers: { Depth: '0' } }))
        .status,
    ).toBe(207);

    // Disabled through instance one: instance two refuses all three once it reads the epoch.
    expect((await admin.put(`/api/admin/accounts/${member.id}`, { disabled: true })).status).toBe(
      200,
    );
    passEpochRefresh(apps.two);
    expect((await session.get('/api/account')).status).toBe(401);
    expect((await keyOnTwo.get('/api/test/api-key')).status).toBe(401);
    expect(
      (await davFetch(apps.two, 'PROPFIND', '/team', { auth: dav, headers: { Depth: '0' } }))
        .status,
    ).toBe(401);
  });

  it('lets no member see or end another member’s sessions', async () => {
    const admin = await apps.one.admin();
    const alice = await createMember(admin);
    const bob = await createMember(admin);
    const aliceSessions = await alice.client.get<SessionItem[]>('/api/account/sessions');
    const bobSessions = await bob.client.get<SessionItem[]>('/api/account/sessions');
    expect(aliceSessions.body.data).toHaveLength(1);
    expect(bobSessions.body.data.map((item) => item.id)).not.toContain(
      aliceSessions.body.data[0]?.id,
    );
    const ended = await bob.client.delete(
      `/api/account/sessions/${aliceSessions.body.data[0]?.id}`,
    );
    expect(ended.status).toBe(404);
    expect(ended.body.error).toBe('SESSION_NOT_FOUND');
    expect((await alice.client.get('/api/account')).status).toBe(200);
    // "End all others" of one member leaves the other's sessions alone.
    await bob.client.post('/api/account/sessions/end-others');
    expect((await alice.client.get('/api/account')).status).toBe(200);
  });
});
