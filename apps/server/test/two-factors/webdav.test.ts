import type { CreatedAppPassword } from '@pastebox/contract/schemas/two-factors';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember } from '../accounts/builders';
import type { ApiClient } from '../support/api-client';
import { storageTargets } from '../support/storage-targets';
import { dialect, startTestServer, type TestServer } from '../support/test-server';
import { mountOn } from '../vfs/support';
import { basic, davFetch } from '../webdav/dav-support';
import { enrolTotp } from './support';

const local = storageTargets().find((target) => target.name === 'local');

/** WebDAV clients cannot answer a second step: with a factor, app passwords only (issue 32). */
describe(`two factors: app passwords for WebDAV (${dialect})`, () => {
  let server: TestServer;
  let admin: ApiClient;
  beforeAll(async () => {
    if (!local) {
      throw new Error('the local target is expected');
    }
    server = await startTestServer({}, { taskRunner: false });
    admin = await server.admin();
    await mountOn(server, admin, local, { mountPath: '/team' });
  });
  afterAll(() => server.close());

  const propfind = (auth: string) =>
    davFetch(server, 'PROPFIND', '/team/', { auth, headers: { Depth: '0' } });

  it('refuses the main password once a factor is on, and takes app passwords instead', async () => {
    const member = await createMember(admin);
    const main = basic(member.username, member.password);
    expect((await propfind(main)).status).toBe(207);
    // Remembered for a minute, but a factor added holds at once.
    await enrolTotp(server, member.client);
    expect((await propfind(main)).status).toBe(401);

    const created = await member.client.post<CreatedAppPassword>('/api/account/app-passwords', {
      name: 'Finder',
    });
    expect(created.status).toBe(201);
    const app = basic(member.username, created.body.data.password);
    expect((await propfind(app)).status).toBe(207);
    const put = await davFetch(server, 'PUT', `/team/${member.username}.txt`, {
      auth: app,
      body: 'x',
    });
    expect(put.status).toBe(201);
    // Another account's name with this app password is no one.
    expect((await propfind(basic('admin', created.body.data.password))).status).toBe(401);

    const listed = await member.client.get<{ id: string; last_used_at: string | null }[]>(
      '/api/account/app-passwords',
    );
    expect(listed.body.data).toHaveLength(1);
    expect(listed.body.data[0]?.last_used_at).toEqual(expect.any(String));

    const removed = await member.client.delete(
      `/api/account/app-passwords/${created.body.data.id}`,
    );
    expect(removed.status).toBe(200);
    expect((await propfind(app)).status).toBe(401);
    const again = await member.client.delete(`/api/account/app-passwords/${created.body.data.id}`);
    expect(again.body.error).toBe('APP_PASSWORD_NOT_FOUND');
  });

  it('keeps the main password for WebDAV while the account has no second factor', async () => {
    const member = await createMember(admin);
    const created = await member.client.post<CreatedAppPassword>('/api/account/app-passwords', {
      name: 'rclone',
    });
    expect((await propfind(basic(member.username, member.password))).status).toBe(207);
    expect((await propfind(basic(member.username, created.body.data.password))).status).toBe(207);
  });

  it("counts app-password guesses in WebDAV's own bucket", async () => {
    const member = await createMember(admin);
    await enrolTotp(server, member.client);
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 11; attempt += 1) {
      statuses.push((await propfind(basic(member.username, member.password))).status);
    }
    expect(statuses.slice(0, 10)).toEqual(Array<number>(10).fill(401));
    expect(statuses[10]).toBe(429);
    // The panel's door is its own: the password still starts a sign-in there.
    const login = await server.anon.post('/api/admin/login', {
      username: member.username,
      password: member.password,
    });
    expect(login.body.error).toBe('SECOND_FACTOR_REQUIRED');
  });
});
