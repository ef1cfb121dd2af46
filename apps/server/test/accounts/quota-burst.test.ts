import type { ApiKeyItem } from '@pastebox/contract/schemas/api-key';
import { expect, it } from 'vitest';
import type { ApiClient } from '../support/api-client';
import { serverOnTarget, forEachTarget } from '../uploads/targets';
import { createMember, presignUntilRefused } from './builders';

/**
 * A member's quota under a burst (issue 32's ledger): 40 presigns at once, from the member's
 * session and its key, while each accepted one turns its hold into a files row. On
 * PostgreSQL a hold once read the files as they were when its statement began: an upload
 * between the two was counted nowhere, and the burst passed the quota.
 */
forEachTarget('member quota under a burst', (target) => {
  let admin: ApiClient;
  let configId: string;
  let anon: ApiClient;
  serverOnTarget(target, (opened) => {
    ({ admin, configId } = opened);
    anon = opened.server.anon;
  });

  it('never accepts more than fits, five bursts in a row', async () => {
    for (let round = 0; round < 5; round += 1) {
      const member = await createMember(admin, { quota_bytes: 3000 });
      const created = await member.client.post<ApiKeyItem>('/api/account/api-keys', {
        name: `burst-key-${member.username}`,
        file_permission: true,
      });
      const key = anon.withApiKey(created.body.data.key);
      const attempts = await Promise.all(
        Array.from({ length: 40 }, (_, index) =>
          (index % 2 === 0 ? key : member.client).post('/api/s3/presign', {
            s3_config_id: configId,
            filename: `burst-${index}.bin`,
            size: 150,
          }),
        ),
      );
      const burst = attempts.filter((res) => res.status === 200).length;
      expect(burst).toBeLessThanOrEqual(20);
      expect(attempts.filter((res) => res.status === 413)).toHaveLength(40 - burst);
      expect(burst + (await presignUntilRefused(key, configId, 150))).toBe(20);
    }
  });
});
