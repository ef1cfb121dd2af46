import type { AuditList } from '@pastebox/contract/schemas/audit';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { flushAudit } from '@/modules/audit/service';
import type { ApiClient } from '../support/api-client';
import { dialect, startTestServer, type TestServer } from '../support/test-server';

/** Recording never fails the request it records (issue 32): a lost write is counted, not thrown. */
describe(`an audit log that cannot be written (${dialect})`, () => {
  let server: TestServer;
  let admin: ApiClient;
  beforeAll(async () => {
    server = await startTestServer({}, { taskRunner: false });
    admin = await server.admin();
  });
  afterAll(() => server.close());

  it('answers the request, counts the lost entries, and records again once it can', async () => {
    await flushAudit(server.deps);
    await sql`alter table audit_events rename to audit_events_away`.execute(server.deps.db);
    const paste = await admin.post('/api/paste', { content: 'still works' });
    expect(paste.status).toBe(201);
    await flushAudit(server.deps);
    await sql`alter table audit_events_away rename to audit_events`.execute(server.deps.db);

    const list = await admin.get<AuditList>('/api/admin/audit?action=share.create');
    expect(list.status).toBe(200);
    expect(list.body.data.lost_entries).toBe(1);
    expect(list.body.data.items).toEqual([]);
    expect((await admin.post('/api/paste', { content: 'recorded' })).status).toBe(201);
    const again = await admin.get<AuditList>('/api/admin/audit?action=share.create');
    expect(again.body.data.items).toHaveLength(1);
  });
});
