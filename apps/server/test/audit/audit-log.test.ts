import type { AuditEvent, AuditList } from '@pastebox/contract/schemas/audit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember } from '../accounts/builders';
import type { ApiClient } from '../support/api-client';
import { storageTargets } from '../support/storage-targets';
import { ADMIN, dialect, startTestServer, type TestServer } from '../support/test-server';
import { mountOn } from '../vfs/support';
import { basic, davFetch } from '../webdav/dav-support';

const local = storageTargets().find((target) => target.name === 'local');

/** The audit log (issue 32): who did what, from where, with what outcome. */
describe(`the audit log (${dialect})`, () => {
  let server: TestServer;
  let admin: ApiClient;
  beforeAll(async () => {
    server = await startTestServer({}, { taskRunner: false });
    admin = await server.admin();
  });
  afterAll(() => server.close());

  async function entries(query: string): Promise<AuditEvent[]> {
    const res = await admin.get<AuditList>(`/api/admin/audit?limit=200&${query}`);
    expect(res.status).toBe(200);
    return res.body.data.items;
  }

  it('records sign-ins, both ways, with address, device and method', async () => {
    const wrong = await server.anon.raw('/api/admin/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'user-agent': 'AuditTest/1.0' },
      body: JSON.stringify({ username: ADMIN.username, password: 'not-it' }),
    });
    expect(wrong.status).toBe(401);
    await server.admin();
    const signIns = await entries('action=auth.sign_in');
    const failure = signIns.find((entry) => entry.outcome === 'failure');
    expect(failure).toMatchObject({
      actor_type: 'anonymous',
      actor_name: ADMIN.username,
      ip: '127.0.0.1',
      user_agent: 'AuditTest/1.0',
      detail: { status: 401, error: 'INVALID_CREDENTIALS' },
    });
    const success = signIns.find((entry) => entry.outcome === 'success');
    expect(success).toMatchObject({
      actor_type: 'account',
      actor_name: ADMIN.username,
      detail: { method: 'password', status: 200 },
    });
    expect(success?.actor_id).toEqual(expect.any(String));
  });

  it('names who created and deleted a share, and who changed an account', async () => {
    const member = await createMember(admin);
    const paste = await member.client.post<{ id: string; slug: string }>('/api/paste', {
      content: 'audited',
    });
    expect(paste.status).toBe(201);
    expect((await member.client.delete(`/api/user/pastes/${paste.body.data.id}`)).status).toBe(200);
    await admin.put(`/api/admin/accounts/${member.id}`, { quota_bytes: 1024 });

    const byMember = await entries(`actor=${member.id}`);
    expect(byMember.map((entry) => entry.action)).toEqual(
      expect.arrayContaining(['share.create', 'share.delete']),
    );
    expect(byMember.find((entry) => entry.action === 'share.delete')?.target).toBe(
      paste.body.data.id,
    );
    // A new share is named by its slug, read from the answer.
    expect(byMember.find((entry) => entry.action === 'share.create')?.target).toBe(
      paste.body.data.slug,
    );
    const accountChanges = await entries('action=account.');
    expect(accountChanges.map((entry) => [entry.action, entry.target])).toEqual(
      expect.arrayContaining([
        ['account.update', member.id],
        ['account.create', member.username],
      ]),
    );
  });

  it('filters by outcome and time, newest first', async () => {
    const failures = await entries('outcome=failure');
    expect(failures.length).toBeGreaterThan(0);
    expect(failures.every((entry) => entry.outcome === 'failure')).toBe(true);
    const all = await entries('');
    const times = all.map((entry) => entry.at);
    expect([...times].sort().reverse()).toEqual(times);
    const future = new Date(server.clock.now().getTime() + 60_000).toISOString();
    expect(await entries(`from=${encodeURIComponent(future)}`)).toEqual([]);
    expect((await admin.get('/api/admin/audit?from=not-a-date')).status).toBe(400);
  });

  it('exports CSV that a spreadsheet cannot run', async () => {
    await server.anon.post('/api/admin/login', { username: '=HYPERLINK("x")', password: 'p' });
    const res = await admin.raw('/api/admin/audit/export?action=auth.sign_in');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(res.headers.get('content-disposition')).toMatch(/attachment; filename="pastebox-audit-/);
    const text = await res.text();
    const lines = text.trim().split('\r\n');
    expect(lines[0]).toBe(
      'at,actor_type,actor_id,actor_name,ip,user_agent,action,target,outcome,detail',
    );
    expect(text).toContain(`"'=HYPERLINK(""x"")"`);
    expect(lines.slice(1).every((line) => line.includes(',auth.sign_in,'))).toBe(true);
  });

  it('records WebDAV writes with path and size, and holds a member to its base path', async () => {
    if (!local) {
      throw new Error('the local target is expected');
    }
    await mountOn(server, admin, local, { mountPath: '/team' });
    const member = await createMember(admin, { basic_path: '/team/member' });
    const auth = basic(member.username, member.password);
    expect((await davFetch(server, 'MKCOL', '/team/member', {})).status).toBe(201);
    const put = await davFetch(server, 'PUT', '/team/member/a.txt', { auth, body: 'hello' });
    expect(put.status).toBe(201);
    const outside = await davFetch(server, 'PUT', '/team/other.txt', { auth, body: 'no' });
    expect(outside.status).toBe(403);
    const writes = await entries(`action=dav.put&actor=${member.id}`);
    expect(writes.map((entry) => [entry.target, entry.outcome, entry.detail?.size])).toEqual(
      expect.arrayContaining([
        ['/team/member/a.txt', 'success', 5],
        ['/team/other.txt', 'failure', 2],
      ]),
    );
  });

  it('sweeps entries older than the retention setting', async () => {
    expect(
      (await admin.put('/api/admin/security-settings', { audit_retention_days: 1 })).status,
    ).toBe(200);
    const before = (await entries('')).length;
    expect(before).toBeGreaterThan(0);
    server.clock.advance(2 * 24 * 60 * 60 * 1000);
    const { sweepAuditEvents } = await import('@/modules/audit/service');
    expect(await sweepAuditEvents(server.deps)).toBeGreaterThanOrEqual(before);
    // What remains is what happened after the jump: the settings change's own list calls.
    const left = await entries('');
    expect(left.every((entry) => entry.at >= server.clock.now().toISOString().slice(0, 10))).toBe(
      true,
    );
  });
});
