import type { ApiKeyItem } from '@pastebox/contract/schemas/api-key';
import type { BundleList } from '@pastebox/contract/schemas/bundle';
import type {
  FileRequest,
  FileRequestList,
  PublicFileRequest,
} from '@pastebox/contract/schemas/file-request';
import { expect, it } from 'vitest';
import { createMember, type TestMember } from '../accounts/builders';
import { createKey } from '../api-keys/builders';
import { createBundle, openBundle, uploadMember } from '../bundles/support';
import type { ApiClient } from '../support/api-client';
import type { TestServer } from '../support/test-server';
import { filesOn, objectExists } from '../uploads/builders';
import { forEachTarget, serverOnTarget } from '../uploads/targets';
import { createRequest, openAsStranger, sendFile } from './support';

/**
 * Requests and bundles follow their owner as file shares do (issue 33 on issue 32): a
 * member's deleted key hands them to the member, a deleted account deletes them or hands
 * them over, and a request whose owner can no longer act refuses the stranger.
 */
forEachTarget('file requests and bundles of a gone or disabled owner', (target) => {
  let server: TestServer;
  let admin: ApiClient;
  let configId: string;
  serverOnTarget(target, (opened) => ({ server, admin, configId } = opened));

  async function memberKey(member: TestMember): Promise<{ id: string; client: ApiClient }> {
    const res = await member.client.post<ApiKeyItem>('/api/account/api-keys', {
      name: `owner-key-${member.username}`,
      file_permission: true,
      text_permission: true,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return { id: res.body.data.id, client: server.anon.withApiKey(res.body.data.key) };
  }

  async function defaultConfigId(): Promise<string> {
    const row = await server.deps.db
      .selectFrom('storage_configs')
      .select('id')
      .where('is_default', '=', 1)
      .executeTakeFirstOrThrow();
    return row.id;
  }

  const storageTarget = () => ({ type: 'storage' as const, s3_config_id: configId });

  it('takes the default storage config when a member or a key names none', async () => {
    const member = await createMember(admin);
    const key = await memberKey(member);
    const fallback = await defaultConfigId();
    const byMember = await createRequest(
      member.client,
      { title: 'no config', target: { type: 'storage' } },
      'user',
    );
    const byKey = await createRequest(
      key.client,
      { title: 'null config', target: { type: 'storage', s3_config_id: null } },
      'user',
    );
    for (const request of [byMember, byKey]) {
      expect(request.target).toEqual({ type: 'storage', s3_config_id: fallback });
      const token = await openAsStranger(server, request.slug);
      const sent = await sendFile(server, request.slug, token, { name: 'a.txt' });
      expect(sent.status, JSON.stringify(sent.body)).toBe(201);
    }
    const files = await filesOn(server, fallback);
    expect(files.filter((file) => file.created_by === member.id)).toHaveLength(1);
    expect(files.filter((file) => file.created_by === `apikey:${key.id}`)).toHaveLength(1);
  });

  it('hands a member key’s requests and bundles to the member when the key goes', async () => {
    const member = await createMember(admin);
    const key = await memberKey(member);
    const request = await createRequest(
      key.client,
      { title: 'by the key', target: storageTarget() },
      'user',
    );
    const file = await uploadMember(key.client, configId, 'bundled bytes', 'b.txt');
    const bundle = await createBundle(key.client, 'user', { file_ids: [file.id] });
    const token = await openAsStranger(server, request.slug);

    const gone = await member.client.delete(`/api/account/api-keys/${key.id}`);
    expect(gone.status).toBe(200);

    const requests = await member.client.get<FileRequestList>('/api/user/requests');
    const mine = requests.body.data.items.find((item) => item.id === request.id);
    expect(mine).toMatchObject({ created_by: member.id, state: 'open' });
    const bundles = await member.client.get<BundleList>('/api/user/bundles');
    expect(bundles.body.data.items.map((item) => item.id)).toContain(bundle.id);
    expect((await openBundle(server, bundle.slug)).status).toBe(200);

    // The request now receives as the member: the token handed out before still works.
    const sent = await sendFile(server, request.slug, token, { name: 'after.txt' });
    expect(sent.status, JSON.stringify(sent.body)).toBe(201);
    const arrived = (await filesOn(server, configId)).find((row) => row.filename === 'after.txt');
    expect(arrived?.created_by).toBe(member.id);
    const owner = await server.deps.db
      .selectFrom('file_requests')
      .select(['owner_kind', 'owner_id', 'owner_account_id'])
      .where('id', '=', request.id)
      .executeTakeFirstOrThrow();
    expect(owner).toEqual({
      owner_kind: 'member',
      owner_id: member.id,
      owner_account_id: member.id,
    });
  });

  it('leaves an admin key’s requests and bundles to the admin; its requests refuse', async () => {
    const created = await createKey(admin, { file_permission: true });
    const key = server.anon.withApiKey(created.key);
    const request = await createRequest(
      key,
      { title: 'by an admin key', target: storageTarget() },
      'user',
    );
    const file = await uploadMember(key, configId, 'admin key bytes', 'k.txt');
    const bundle = await createBundle(key, 'user', { file_ids: [file.id] });
    const token = await openAsStranger(server, request.slug);
    expect((await admin.delete(`/api/admin/api-keys/${created.id}`)).status).toBe(200);

    const listed = await admin.get<FileRequest>(`/api/admin/requests/${request.id}`);
    expect(listed.status).toBe(200);
    expect((await openBundle(server, bundle.slug)).status).toBe(200);
    const shown = await server.anon.get<PublicFileRequest>(`/api/public/requests/${request.slug}`);
    expect(shown.body.data.state).toBe('closed');
    const before = (await filesOn(server, configId)).length;
    const refused = await sendFile(server, request.slug, token);
    expect(refused.status).toBe(410);
    expect(refused.body.error).toBe('REQUEST_CLOSED');
    const reopened = await server.anon.post(`/api/public/requests/${request.slug}/open`, {});
    expect(reopened.body.error).toBe('REQUEST_CLOSED');
    expect((await filesOn(server, configId)).length).toBe(before);
  });

  it('refuses the stranger while the owner is disabled, and takes again once enabled', async () => {
    const member = await createMember(admin);
    const request = await createRequest(
      member.client,
      { title: 'disabled owner', target: storageTarget() },
      'user',
    );
    const token = await openAsStranger(server, request.slug);
    expect((await admin.put(`/api/admin/accounts/${member.id}`, { disabled: true })).status).toBe(
      200,
    );
    const before = (await filesOn(server, configId)).length;
    const refused = await sendFile(server, request.slug, token);
    expect(refused.body.error).toBe('REQUEST_CLOSED');
    const text = await fetch(`${server.baseUrl}/api/public/requests/${request.slug}/open`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect(text.status).toBe(410);
    expect((await filesOn(server, configId)).length).toBe(before);

    expect((await admin.put(`/api/admin/accounts/${member.id}`, { disabled: false })).status).toBe(
      200,
    );
    const sent = await sendFile(server, request.slug, token);
    expect(sent.status, JSON.stringify(sent.body)).toBe(201);
  });

  it('deletes an account’s requests and bundles with its shares', async () => {
    const member = await createMember(admin);
    const key = await memberKey(member);
    const own = await createRequest(
      member.client,
      { title: 'own', target: storageTarget() },
      'user',
    );
    const byKey = await createRequest(
      key.client,
      { title: 'key', target: storageTarget() },
      'user',
    );
    const token = await openAsStranger(server, own.slug);
    expect((await sendFile(server, own.slug, token, { name: 'received.txt' })).status).toBe(201);
    const file = await uploadMember(member.client, configId, 'member bytes', 'm.txt');
    const bundle = await createBundle(member.client, 'user', { file_ids: [file.id] });
    const received = (await filesOn(server, configId)).find(
      (row) => row.filename === 'received.txt',
    );

    const removed = await admin.delete<Record<string, number>>(
      `/api/admin/accounts/${member.id}?shares=delete`,
    );
    expect(removed.status, JSON.stringify(removed.body)).toBe(200);
    expect(removed.body.data).toMatchObject({ requests: 2, bundles: 1, files: 2 });
    for (const id of [own.id, byKey.id]) {
      expect((await admin.get(`/api/admin/requests/${id}`)).status).toBe(404);
    }
    expect((await server.anon.get(`/api/public/requests/${own.slug}`)).status).toBe(404);
    expect((await openBundle(server, bundle.slug)).status).toBe(404);
    expect(await objectExists(server, configId, received?.storage_path ?? '')).toBe(false);
    const uploads = await server.deps.db
      .selectFrom('request_uploads')
      .select('id')
      .where('request_id', 'in', [own.id, byKey.id])
      .execute();
    expect(uploads).toEqual([]);
  });

  it('hands an account’s requests and bundles to the heir, who then receives', async () => {
    const member = await createMember(admin);
    const heir = await createMember(admin, { basic_path: '/heir' });
    const request = await createRequest(
      member.client,
      { title: 'handed over', target: storageTarget() },
      'user',
    );
    const file = await uploadMember(member.client, configId, 'kept bytes', 'h.txt');
    const bundle = await createBundle(member.client, 'user', { file_ids: [file.id] });

    const moved = await admin.delete<Record<string, number>>(
      `/api/admin/accounts/${member.id}?shares=transfer&to=${heir.id}`,
    );
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(moved.body.data).toMatchObject({ requests: 1, bundles: 1, files: 1 });

    const requests = await heir.client.get<FileRequestList>('/api/user/requests');
    expect(requests.body.data.items.map((item) => item.id)).toContain(request.id);
    const bundles = await heir.client.get<BundleList>('/api/user/bundles');
    expect(bundles.body.data.items.map((item) => item.id)).toContain(bundle.id);
    const owner = await server.deps.db
      .selectFrom('file_requests')
      .select(['owner_kind', 'owner_id', 'owner_base_path', 'created_by'])
      .where('id', '=', request.id)
      .executeTakeFirstOrThrow();
    expect(owner).toEqual({
      owner_kind: 'member',
      owner_id: heir.id,
      owner_base_path: '/heir',
      created_by: heir.id,
    });
    const token = await openAsStranger(server, request.slug);
    expect((await sendFile(server, request.slug, token, { name: 'to-heir.txt' })).status).toBe(201);
    const arrived = (await filesOn(server, configId)).find((row) => row.filename === 'to-heir.txt');
    expect(arrived?.created_by).toBe(heir.id);
  });
});
