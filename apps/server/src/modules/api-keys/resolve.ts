import type { AppDeps, Principal } from '@/context';
import { sha256Hex } from '@/lib/crypto';
import { principalCacheOf } from '@/lib/principal-cache';
import { TtlCache } from '@/lib/ttl-cache';
import { effectiveRights, type OwnerRights } from './owner-rights';
import { ApiKeysRepo, type ApiKeyRow } from './repo';

const LAST_USED_RESOLUTION_MS = 60_000;
const MAX_TRACKED_KEYS = 10_000;

/**
 * Per app: the keys whose last_used was written less than a minute ago, as far as this
 * process knows, each until the minute is up. A key served from the principal cache then
 * costs no write attempt at all; the database's own condition (touchLastUsed) still keeps
 * the writes of all processes together to one a minute (DESIGN §5).
 */
const recentlyTouched = new WeakMap<AppDeps, TtlCache<true>>();

function recentlyTouchedOf(deps: AppDeps): TtlCache<true> {
  let touched = recentlyTouched.get(deps);
  if (!touched) {
    touched = new TtlCache(MAX_TRACKED_KEYS);
    recentlyTouched.set(deps, touched);
  }
  return touched;
}

/**
 * Turns a presented API key into its principal, or null when unknown or expired. Asked on
 * every request with a key, so a live key is served from the principal cache
 * (lib/principal-cache.ts), which the revocation epoch keeps honest across processes.
 */
export async function resolveApiKey(deps: AppDeps, key: string): Promise<Principal | null> {
  const keyHash = sha256Hex(key);
  const principal = await principalCacheOf(deps).resolve('apikey', keyHash, async () => {
    const row = await new ApiKeysRepo(deps.db).findWithOwnerByHash(keyHash);
    const now = deps.clock.now();
    if (!row || (row.expires_at !== null && row.expires_at <= now.toISOString())) {
      return null;
    }
    if (row.owner_disabled === 1) {
      // A disabled account's keys end with it (issue 32).
      return null;
    }
    noteStoredLastUse(deps, row, now.getTime());
    return principalOf(row, ownerRightsOf(row));
  });
  if (principal?.type === 'apikey') {
    await touchLastUsed(deps, principal.keyId);
  }
  return principal;
}

type KeyWithOwner = NonNullable<Awaited<ReturnType<ApiKeysRepo['findWithOwnerByHash']>>>;

/** A member owner's rights, which bound the key's; null when an admin or nobody owns it. */
function ownerRightsOf(row: KeyWithOwner): OwnerRights | null {
  if (row.owner_role !== 'member') {
    return null;
  }
  return {
    basicPath: row.owner_basic_path ?? '/',
    permissions: {
      text: row.owner_text === 1,
      file: row.owner_file === 1,
      mount: row.owner_mount === 1,
    },
  };
}

function principalOf(
  row: ApiKeyRow,
  owner: OwnerRights | null,
): Extract<Principal, { type: 'apikey' }> {
  const own: OwnerRights = {
    basicPath: row.basic_path,
    permissions: {
      text: row.text_permission === 1,
      file: row.file_permission === 1,
      mount: row.mount_permission === 1,
    },
  };
  const rights = owner ? effectiveRights(own, owner) : own;
  return {
    type: 'apikey',
    keyId: row.id,
    name: row.name,
    basicPath: rights.basicPath,
    expiresAt: row.expires_at,
    permissions: rights.permissions,
    accountId: row.account_id,
  };
}

/** A row read from the database tells when last_used was written, by whichever process. */
function noteStoredLastUse(deps: AppDeps, row: ApiKeyRow, now: number): void {
  const touched = recentlyTouchedOf(deps);
  const writtenAt = row.last_used === null ? Number.NaN : Date.parse(row.last_used);
  const due = writtenAt + LAST_USED_RESOLUTION_MS;
  if (due > now) {
    touched.set(row.id, true, due);
  } else {
    touched.delete(row.id);
  }
}

/** Writes last_used unless it was written less than a minute ago. */
async function touchLastUsed(deps: AppDeps, keyId: string): Promise<void> {
  const touched = recentlyTouchedOf(deps);
  const now = deps.clock.now();
  if (touched.get(keyId, now.getTime())) {
    return;
  }
  await new ApiKeysRepo(deps.db).touchLastUsed(
    keyId,
    now.toISOString(),
    new Date(now.getTime() - LAST_USED_RESOLUTION_MS).toISOString(),
  );
  touched.set(keyId, true, now.getTime() + LAST_USED_RESOLUTION_MS);
}
