import type { PasteDetail } from '@pastebox/contract/schemas/paste';
import type {
  FileRequest,
  FileRequestList,
  PublicFileRequest,
  RequestTextAnswer,
  RequestUploadList,
} from '@pastebox/contract/schemas/file-request';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { flushAudit } from '@/modules/audit/service';
import type { ApiClient } from '../support/api-client';
import { storageTargets } from '../support/storage-targets';
import { startTestServer, type TestServer } from '../support/test-server';
import { createFileKey } from '../uploads/builders';
import { createRequest, openAsStranger, sendFile, storedCounts } from './support';

const HOUR = 60 * 60 * 1000;

describe('file requests: the stranger’s side and the owner’s rules', () => {
  let server: TestServer;
  let admin: ApiClient;
  let configId: string;

  beforeAll(async () => {
    server = await startTestServer();
    admin = await server.admin();
    const local = storageTargets().find((target) => target.name === 'local');
    configId = (await local!.createConfig(admin)).id;
  });
  afterAll(() => server.close());

  const storage = () => ({ type: 'storage' as const, s3_config_id: configId });

  it('asks for the password and the details it requires before a token', async () => {
    const request = await createRequest(admin, {
      title: 'Protected',
      password: 'open sesame',
      require_name: true,
      require_email: true,
      target: storage(),
    });
    const shown = await server.anon.get<PublicFileRequest>(`/api/public/requests/${request.slug}`);
    expect(shown.body.data).toMatchObject({
      requires_password: true,
      require_name: true,
      require_email: true,
    });
    const open = (body: object) =>
      server.anon.post(`/api/public/requests/${request.slug}/open`, body);
    expect((await open({})).body.error).toBe('WRONG_PASSWORD');
    expect((await open({ password: 'nope', name: 'A', email: 'a@b.co' })).status).toBe(401);
    const missing = await open({ password: 'open sesame', name: 'Ann' });
    expect(missing.status).toBe(400);
    expect(missing.body.error).toBe('REQUEST_DETAILS_REQUIRED');
    const token = await openAsStranger(server, request.slug, {
      password: 'open sesame',
      name: 'Ann',
      email: 'ann@example.com',
    });
    expect((await sendFile(server, request.slug, token)).status).toBe(201);
    const list = await admin.get<RequestUploadList>(`/api/admin/requests/${request.id}/uploads`);
    expect(list.body.data.items[0]).toMatchObject({
      uploader_name: 'Ann',
      uploader_email: 'ann@example.com',
    });
    // A token of another request, or none, is refused.
    const other = await createRequest(admin, { title: 'Other', target: storage() });
    expect((await sendFile(server, other.slug, token)).body.error).toBe('REQUEST_TOKEN_INVALID');
    expect((await sendFile(server, other.slug, '')).status).toBe(401);

    // The owner's change and the stranger's upload are both in the audit log.
    await flushAudit(server.deps);
    const actions = await server.deps.db
      .selectFrom('audit_events')
      .select(['action', 'actor_name', 'target'])
      .where('target', 'in', [request.id, request.slug])
      .execute();
    expect(actions).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ action: 'request.upload', actor_name: 'Ann' }),
      ]),
    );
    const created = await server.deps.db
      .selectFrom('audit_events')
      .select('action')
      .where('action', '=', 'request.create')
      .execute();
    expect(created.length).toBeGreaterThan(0);
  });

  it('refuses everything once closed or expired, and counts page openings', async () => {
    const request = await createRequest(admin, {
      title: 'Short-lived',
      expires_in: 1,
      max_views: 2,
      target: storage(),
    });
    const token = await openAsStranger(server, request.slug);
    await openAsStranger(server, request.slug);
    const third = await server.anon.post(`/api/public/requests/${request.slug}/open`, {});
    expect(third.body.error).toBe('VIEW_LIMIT_REACHED');

    const closed = await admin.post<FileRequest>(`/api/admin/requests/${request.id}/close`);
    expect(closed.body.data.state).toBe('closed');
    const refused = await sendFile(server, request.slug, token);
    expect(refused.status).toBe(410);
    expect(refused.body.error).toBe('REQUEST_CLOSED');
    await admin.post(`/api/admin/requests/${request.id}/reopen`);
    expect((await sendFile(server, request.slug, token)).status).toBe(201);

    server.clock.advance(2 * HOUR);
    const late = await sendFile(server, request.slug, token);
    expect(late.body.error).toBe('SHARE_EXPIRED');
    const shown = await server.anon.get<PublicFileRequest>(`/api/public/requests/${request.slug}`);
    expect(shown.body.data.state).toBe('expired');
    expect(await storedCounts(server, request.id)).toMatchObject({
      files_received: 1,
      files_reserved: 0,
    });
    expect((await server.anon.get('/api/public/requests/no-such-request')).body.error).toBe(
      'REQUEST_NOT_FOUND',
    );
  });

  it('stores a text answer as a paste only its owner reads', async () => {
    const request = await createRequest(admin, { title: 'Send me the API token', kind: 'text' });
    expect(request.target).toBeNull();
    const token = await openAsStranger(server, request.slug);
    const sent = await fetch(`${server.baseUrl}/api/public/requests/${request.slug}/text`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-request-token': token },
      body: JSON.stringify({ content: 'sk-secret-123' }),
    });
    expect(sent.status).toBe(201);
    expect(await sendFile(server, request.slug, token)).toMatchObject({ status: 400 });

    const list = await admin.get<RequestUploadList>(`/api/admin/requests/${request.id}/uploads`);
    const answer = list.body.data.items[0];
    expect(answer).toMatchObject({ kind: 'text', size: 13 });
    const text = await admin.get<RequestTextAnswer>(
      `/api/admin/requests/${request.id}/uploads/${answer?.id}/text`,
    );
    expect(text.body.data.content).toBe('sk-secret-123');
    // The paste's public link answers 404 to anyone, its raw text too.
    expect((await server.anon.get(`/api/paste/${answer?.paste_slug}`)).status).toBe(404);
    expect((await server.anon.raw(`/api/raw/${answer?.paste_slug}`)).status).toBe(404);
    expect((await admin.get<PasteDetail>(`/api/paste/${answer?.paste_slug}`)).status).toBe(404);
  });

  it('shows a key its own requests only, and needs file permission', async () => {
    const key = await createFileKey(server);
    const own = await createRequest(key.client, { title: 'Mine', target: storage() }, 'user');
    expect(own.created_by).toBe(key.creator);
    const list = await key.client.get<FileRequestList>('/api/user/requests');
    expect(list.body.data.items.map((item) => item.id)).toEqual([own.id]);
    const adminOnly = await createRequest(admin, { title: 'Admin’s', target: storage() });
    expect((await key.client.get(`/api/user/requests/${adminOnly.id}`)).status).toBe(404);
    const textOnly = await createFileKey(server, { file: false });
    expect((await textOnly.client.get('/api/user/requests')).status).toBe(403);

    // The stranger's file lands as the key's own private share.
    const token = await openAsStranger(server, own.slug);
    expect((await sendFile(server, own.slug, token)).status).toBe(201);
    const files = await server.deps.db
      .selectFrom('files')
      .select(['created_by', 'private'])
      .where('created_by', '=', key.creator)
      .execute();
    expect(files).toEqual([{ created_by: key.creator, private: 1 }]);
    expect((await key.client.delete(`/api/user/requests/${own.id}`)).status).toBe(200);
    expect(
      await server.deps.db
        .selectFrom('files')
        .select('id')
        .where('created_by', '=', key.creator)
        .execute(),
    ).toHaveLength(1);
  });
});
