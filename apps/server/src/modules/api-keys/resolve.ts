import type { AppDeps, Principal } from '@/context';
import { sha256Hex } from '@/lib/crypto';
import { ApiKeysRepo } from './repo';

const LAST_USED_RESOLUTION_MS = 60_000;

/** Turns a presented API key into its principal, or null when unknown or expired. */
export async function resolveApiKey(deps: AppDeps, key: string): Promise<Principal | null> {
  const repo = new ApiKeysRepo(deps.db);
  const row = await repo.findByHash(sha256Hex(key));
  const now = deps.clock.now();
  if (!row || (row.expires_at !== null && row.expires_at <= now.toISOString())) {
    return null;
  }
  await repo.touchLastUsed(
    row.id,
    now.toISOString(),
    new Date(now.getTime() - LAST_USED_RESOLUTION_MS).toISOString(),
  );
  return {
    type: 'apikey',
    keyId: row.id,
    name: row.name,
    basicPath: row.basic_path,
    expiresAt: row.expires_at,
    permissions: {
      text: row.text_permission === 1,
      file: row.file_permission === 1,
      mount: row.mount_permission === 1,
    },
  };
}
