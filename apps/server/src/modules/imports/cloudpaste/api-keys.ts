import { isValidCustomKey } from '@pastebox/contract/rules/api-key';
import { createApiKeyBody } from '@pastebox/contract/schemas/api-key';
import { createApiKey, listApiKeys } from '@/modules/api-keys/service';
import { importItems, type ImportRun, type ItemDecision } from '../run-items';
import type { CpApiKey } from './records';

/**
 * API keys, through createApiKey with the CloudPaste key as a custom key, so scripts and
 * upload tools keep working with the key they have. Rights never widen: Pastebox has one
 * mount right, given only to a key that had every CloudPaste mount right.
 */
export async function importApiKeys(run: ImportRun, keys: readonly CpApiKey[]): Promise<void> {
  const scope = { kind: 'admin', accountId: run.owner.adminId } as const;
  const existing = await listApiKeys(run.deps, scope);
  const names = new Set(existing.map((key) => key.name));
  const values = new Set(existing.map((key) => key.key));
  await importItems(
    run,
    'api-key',
    keys,
    (key) => `"${key.name}"`,
    (key): ItemDecision => {
      if (!key.enabled) {
        return { skip: 'disabled in CloudPaste' };
      }
      if (key.guest) {
        return { skip: 'CloudPaste’s guest key: Pastebox has no password-free visitor key' };
      }
      if (key.expiresAtRaw && !key.expiresAt) {
        return { skip: `unreadable expiry "${key.expiresAtRaw}"` };
      }
      if (key.expiresAt && key.expiresAt <= run.nowIso) {
        return { skip: `expired (${key.expiresAt})` };
      }
      if (!isValidCustomKey(key.key)) {
        return { skip: 'the key has characters a Pastebox key cannot have' };
      }
      if (names.has(key.name) || values.has(key.key)) {
        return { skip: 'a Pastebox key already has this name or value' };
      }
      const body = createApiKeyBody.parse({
        name: key.name,
        custom_key: key.key,
        expires_at: key.expiresAt,
        text_permission: key.text,
        file_permission: key.file,
        mount_permission: key.mountFull,
        basic_path: key.basicPath,
      });
      if (key.mountPartial) {
        run.report.notes.push(
          `API key "${key.name}": it had some of CloudPaste's mount rights; Pastebox's one mount right was not given`,
        );
      }
      return { write: async () => (await createApiKey(run.deps, body, scope)).id };
    },
  );
}
