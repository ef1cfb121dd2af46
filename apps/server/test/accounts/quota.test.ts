import type { AccountItem, AccountMe } from '@pastebox/contract/schemas/account';
import type { ApiKeyItem } from '@pastebox/contract/schemas/api-key';
import { expect, it } from 'vitest';
import type { ApiClient } from '../support/api-client';
import type { TestServer } from '../support/test-server';
import { filesOn, postForm } from '../uploads/builders';
import { forEachTarget, serverOnTarget } from '../uploads/targets';
import { createMember, presignUntilRefused } from './builders';

/** A member's quota (issue 32): over the bytes of its file shares, held before they are stored. */
forEachTarget('member quota', (target) => {
  let server: TestServer;
  let admin: ApiClient;
  let configId: string;
  serverOnTarget(target, (opened) => ({ server, admin, configId } = opened));

  it('refuses an upload past the quota on every path, storing nothing', async () => {
    const member = await createMember(admin, { quota_bytes: 1000 });
    const first = await postForm(member.client, {
      content: 'a'.repeat(600),
      fields: { s3_config_id: configId },
    });
    expect(first.status).toBe(201);
    const before = await filesOn(server, configId);

    // A form without a declared size stops while it streams.
    const streamed = await postForm(member.client, {
      content: 'b'.repeat(600),
      fields: { s3_config_id: configId },
    });
    expect(streamed.status).toBe(413);
    expect(streamed.body.error).toBe('QUOTA_EXCEEDED');
    const declared = await postForm(member.client, {
      content: 'b'.repeat(600),
      fields: { s3_config_id: configId, size: 600 },
    });
    expect(declared.body.error).toBe('QUOTA_EXCEEDED');
    const presign = await member.client.post('/api/s3/presign', {
      s3_config_id: configId,
      filename: 'p.bin',
      size: 600,
    });
    expect(presign.status).toBe(413);
    const multipart = await member.client.post('/api/upload/multipart/init', {
      s3_config_id: configId,
      filename: 'm.bin',
      size: 600,
    });
    expect(multipart.body.error).toBe('QUOTA_EXCEEDED');
    expect(await filesOn(server, configId)).toHaveLength(before.length);

    // What is left still fits; the member sees its usage.
    const fits = await postForm(member.client, {
      content: 'c'.repeat(400),
      fields: { s3_config_id: configId },
    });
    expect(fits.status).toBe(201);
    const me = await member.client.get<AccountMe>('/api/account');
    expect(me.body.data).toMatchObject({ quota_bytes: 1000, used_bytes: 1000 });

    // Deleting a share gives its bytes back.
    expect((await member.client.delete(`/api/user/files/${first.body.data.id}`)).status).toBe(200);
    const again = await postForm(member.client, {
      content: 'd'.repeat(600),
      fields: { s3_config_id: configId },
    });
    expect(again.status).toBe(201);
  });

  it('counts what the member’s keys upload, and holds parallel uploads to the quota', async () => {
    const member = await createMember(admin, { quota_bytes: 1000 });
    const created = await member.client.post<ApiKeyItem>('/api/account/api-keys', {
      name: `quota-key-${member.username}`,
      file_permission: true,
    });
    const key = server.anon.withApiKey(created.body.data.key);
    const attempts = await Promise.all(
      Array.from({ length: 10 }, (_, index) =>
        (index % 2 === 0 ? key : member.client).post('/api/s3/presign', {
          s3_config_id: configId,
          filename: `burst-${index}.bin`,
          size: 150,
        }),
      ),
    );
    // A burst may refuse one that would have fitted (an upload counted twice for a moment,
    // as its hold and its new row), never accept one too many; one by one, the rest fill up.
    const burst = attempts.filter((res) => res.status === 200).length;
    expect(burst).toBeLessThanOrEqual(6);
    expect(attempts.filter((res) => res.status === 413)).toHaveLength(10 - burst);
    expect(burst + (await presignUntilRefused(key, configId, 150))).toBe(6);
    const list = await admin.get<{ items: AccountItem[] }>(
      `/api/admin/accounts?search=${member.username}`,
    );
    expect(list.body.data.items[0]?.used_bytes).toBe(900);
  });

  it('keeps counting what a deleted key uploaded: its shares pass to the member', async () => {
    const member = await createMember(admin, { quota_bytes: 1000 });
    const created = await member.client.post<ApiKeyItem>('/api/account/api-keys', {
      name: `gone-key-${member.username}`,
      file_permission: true,
      text_permission: true,
    });
    const key = server.anon.withApiKey(created.body.data.key);
    const upload = await postForm(key, {
      content: 'k'.repeat(700),
      fields: { s3_config_id: configId },
    });
    expect(upload.status).toBe(201);
    const paste = await key.post<{ id: string }>('/api/paste', { content: 'by the key' });
    expect(
      (await member.client.delete(`/api/account/api-keys/${created.body.data.id}`)).status,
    ).toBe(200);
    const me = await member.client.get<AccountMe>('/api/account');
    expect(me.body.data.used_bytes).toBe(700);
    const refused = await postForm(member.client, {
      content: 'm'.repeat(400),
      fields: { s3_config_id: configId },
    });
    expect(refused.body.error).toBe('QUOTA_EXCEEDED');
    const pastes = await member.client.get<{ items: { id: string }[] }>('/api/user/pastes');
    expect(pastes.body.data.items.map((item) => item.id)).toContain(paste.body.data.id);
  });

  it('leaves admins and members without a quota unlimited', async () => {
    const member = await createMember(admin, { quota_bytes: 0 });
    for (const client of [admin, member.client]) {
      const res = await postForm(client, {
        content: 'e'.repeat(5000),
        fields: { s3_config_id: configId },
      });
      expect(res.status).toBe(201);
    }
  });
});
