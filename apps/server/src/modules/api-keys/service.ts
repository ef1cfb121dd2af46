import { isValidCustomKey, normaliseBasicPath } from '@pastebox/contract/rules/api-key';
import type {
  ApiKeyItem,
  CreateApiKeyValues,
  UpdateApiKeyBody,
} from '@pastebox/contract/schemas/api-key';
import type { AppDeps } from '@/context';
import type { OwnerScope } from '@/db/filters';
import { sha256Hex } from '@/lib/crypto';
import { AppError } from '@/lib/errors';
import { newId, randomToken } from '@/lib/ids';
import { principalCacheOf } from '@/lib/principal-cache';
import { handOverBundles } from '@/modules/bundles/service';
import { dropLocksOfKeys } from '@/modules/dav-locks/service';
import { handOverFileRequests } from '@/modules/file-requests/service';
import { handOverFileShares } from '@/modules/files/service';
import { handOverPastes } from '@/modules/pastes/service';
import { dropLocksLostBy } from './locks';
import { withinRights, type OwnerRights } from './owner-rights';
import { presentApiKey } from './presenter';
import { ApiKeysRepo, type ApiKeyRow } from './repo';

// app.ts hands this to the principal middleware (lib/principal), so auth need not know keys.
export { resolveApiKey } from './resolve';

/** Random keys carry a prefix so a leaked one is recognisable (e.g. by secret scanners). */
const RANDOM_KEY_PREFIX = 'pb_';
const RANDOM_KEY_BYTES = 32;

/**
 * Whose keys a call manages (issue 32): every key (an admin, whose new keys are its own),
 * or one member's own, which never exceed the member's rights.
 */
export type KeyScope =
  { kind: 'admin'; accountId: string } | { kind: 'member'; accountId: string; rights: OwnerRights };

/** GET /api/admin/api-keys (every key) or /api/account/api-keys (the member's own). */
export async function listApiKeys(deps: AppDeps, scope: KeyScope): Promise<ApiKeyItem[]> {
  const repo = new ApiKeysRepo(deps.db);
  const rows =
    scope.kind === 'admin' ? await repo.list() : await repo.listOfAccount(scope.accountId);
  const now = deps.clock.now();
  return rows.map((row) => presentApiKey(row, revealKey(deps, row), now));
}

/** A member's key must stay within the member's permissions and base path. */
function assertWithinScope(scope: KeyScope, key: OwnerRights): void {
  if (scope.kind === 'member' && !withinRights(key, scope.rights)) {
    throw new AppError(
      'FORBIDDEN',
      'A key cannot have a permission you do not have, nor a base path outside yours',
    );
  }
}

/** The key with this id, when the scope may manage it (else API_KEY_NOT_FOUND). */
async function keyInScope(repo: ApiKeysRepo, id: string, scope: KeyScope): Promise<ApiKeyRow> {
  const row = await repo.findById(id);
  if (!row || (scope.kind === 'member' && row.account_id !== scope.accountId)) {
    throw new AppError('API_KEY_NOT_FOUND');
  }
  return row;
}

function rightsOfRow(
  row: Pick<ApiKeyRow, 'basic_path' | `${keyof OwnerRights['permissions']}_permission`>,
): OwnerRights {
  return {
    basicPath: row.basic_path,
    permissions: {
      text: row.text_permission === 1,
      file: row.file_permission === 1,
      mount: row.mount_permission === 1,
    },
  };
}

/**
 * POST /api/admin/api-keys (SPEC §5): unique name; a custom key of letters, digits, _ and -
 * or a random one; stored as SHA-256 for look-up plus AES-GCM so the admin can reveal it.
 */
export async function createApiKey(
  deps: AppDeps,
  body: CreateApiKeyValues,
  scope: KeyScope,
): Promise<ApiKeyItem> {
  const repo = new ApiKeysRepo(deps.db);
  const now = deps.clock.now();
  const expiresAt = futureExpiry(body.expires_at, now);
  const basicPath = canonicalBasicPath(body.basic_path);
  const customKey = body.custom_key ?? '';
  if (customKey !== '' && !isValidCustomKey(customKey)) {
    throw new AppError('CUSTOM_KEY_INVALID');
  }
  const key = customKey || `${RANDOM_KEY_PREFIX}${randomToken(RANDOM_KEY_BYTES)}`;
  await assertNameFree(repo, body.name);
  await assertKeyFree(repo, key);
  const row: ApiKeyRow = {
    id: newId(),
    name: body.name,
    key_hash: sha256Hex(key),
    key_cipher: deps.secrets.encrypt(key),
    text_permission: body.text_permission ? 1 : 0,
    file_permission: body.file_permission ? 1 : 0,
    mount_permission: body.mount_permission ? 1 : 0,
    basic_path: basicPath,
    expires_at: expiresAt,
    created_at: now.toISOString(),
    last_used: null,
    account_id: scope.accountId,
  };
  assertWithinScope(scope, rightsOfRow(row));
  try {
    await repo.insert(row);
  } catch (error) {
    // A concurrent request may have taken the name or key between the checks and the
    // insert; the unique indexes catch it, and this turns it into the right 409.
    await assertNameFree(repo, body.name);
    await assertKeyFree(repo, key);
    throw error;
  }
  return presentApiKey(row, key, now);
}

/** PUT /api/admin/api-keys/{id}: changes the given fields only. The key itself never changes. */
export async function updateApiKey(
  deps: AppDeps,
  id: string,
  body: UpdateApiKeyBody,
  scope: KeyScope,
): Promise<ApiKeyItem> {
  const repo = new ApiKeysRepo(deps.db);
  const now = deps.clock.now();
  const existing = await keyInScope(repo, id, scope);
  const changes: Parameters<ApiKeysRepo['update']>[1] = {};
  if (body.name !== undefined && body.name !== existing.name) {
    await assertNameFree(repo, body.name);
    changes.name = body.name;
  }
  if (body.expires_at !== undefined) {
    changes.expires_at = futureExpiry(body.expires_at, now);
  }
  if (body.basic_path !== undefined) {
    changes.basic_path = canonicalBasicPath(body.basic_path);
  }
  for (const permission of ['text_permission', 'file_permission', 'mount_permission'] as const) {
    const value = body[permission];
    if (value !== undefined) {
      changes[permission] = value ? 1 : 0;
    }
  }
  assertWithinScope(scope, rightsOfRow({ ...existing, ...changes }));
  if (Object.keys(changes).length > 0) {
    try {
      // One transaction: a key never loses its reach while keeping locks it can no longer release.
      await deps.db.transaction().execute(async (trx) => {
        await new ApiKeysRepo(trx).update(id, changes);
        await dropLocksLostBy(trx, existing, changes);
      });
    } catch (error) {
      if (changes.name !== undefined) {
        await assertNameFree(repo, changes.name, id);
      }
      throw error;
    }
    // The update moved the revocation epoch (migration 009): other processes drop their
    // cached copy of the key within a second, this one at once.
    principalCacheOf(deps).forget('apikey', existing.key_hash);
  }
  const updated = { ...existing, ...changes };
  return presentApiKey(updated, revealKey(deps, updated), now);
}

/**
 * DELETE /api/admin/api-keys/{id}: the key stops working with the next request to this
 * process, and within a second on every other (the revocation epoch, migration 009).
 */
export async function deleteApiKey(deps: AppDeps, id: string, scope: KeyScope): Promise<void> {
  const repo = new ApiKeysRepo(deps.db);
  const key = await keyInScope(repo, id, scope);
  const heir = key.account_id === null ? undefined : await repo.memberOf(key.account_id);
  // Its WebDAV locks go with it, in the same transaction: nobody could release them after.
  // A member's key leaves its shares to the member (issue 32): they stay in the member's
  // lists and count against its quota after the key is gone; its bundles and file requests
  // too (issue 33), the requests then receiving as the member. An admin's key leaves its
  // shares where they are, in the admin's lists; its requests then refuse uploads, as the
  // key they would run as is gone (file-requests/owners.ts).
  const deleted = await deps.db.transaction().execute(async (trx) => {
    const row = await new ApiKeysRepo(trx).delete(id);
    if (row) {
      await dropLocksOfKeys(trx, [id]);
      if (heir !== undefined) {
        const inTransaction = { ...deps, db: trx };
        const made: OwnerScope = { kind: 'owner', createdBy: `apikey:${id}` };
        await handOverPastes(inTransaction, made, heir.id);
        await handOverFileShares(inTransaction, made, heir.id);
        await handOverBundles(inTransaction, made, heir.id);
        await handOverFileRequests(inTransaction, made, {
          accountId: heir.id,
          role: 'member',
          basicPath: heir.basic_path,
        });
      }
    }
    return row;
  });
  if (!deleted) {
    throw new AppError('API_KEY_NOT_FOUND');
  }
  principalCacheOf(deps).forget('apikey', deleted.key_hash);
}

/** The names of the keys among `ids` (a deleted key is simply absent); for the admin's views. */
export async function apiKeyNames(
  deps: AppDeps,
  ids: readonly string[],
): Promise<Map<string, string>> {
  if (ids.length === 0) {
    return new Map();
  }
  const rows = await new ApiKeysRepo(deps.db).namesOf([...new Set(ids)]);
  return new Map(rows.map((row) => [row.id, row.name]));
}

/**
 * The sweeper's pass: the WebDAV locks of keys that have expired go (an expired key can
 * release nothing, and must lock nobody out until its locks time out). Answers how many.
 */
export async function dropLocksOfExpiredKeys(deps: AppDeps): Promise<number> {
  const ids = await new ApiKeysRepo(deps.db).expiredIds(deps.clock.now().toISOString());
  return ids.length === 0 ? 0 : dropLocksOfKeys(deps.db, ids);
}

async function assertNameFree(repo: ApiKeysRepo, name: string, exceptId?: string): Promise<void> {
  const holder = await repo.findByName(name);
  if (holder && holder.id !== exceptId) {
    throw new AppError('KEY_NAME_TAKEN');
  }
}

async function assertKeyFree(repo: ApiKeysRepo, key: string): Promise<void> {
  if (await repo.findByHash(sha256Hex(key))) {
    throw new AppError('KEY_TAKEN');
  }
}

/** An expiry is stored as a UTC ISO string (compared as text) and must lie in the future. */
function futureExpiry(value: string | null | undefined, now: Date): string | null {
  if (value === null || value === undefined) {
    return null;
  }
  const at = new Date(value);
  if (at.getTime() <= now.getTime()) {
    throw new AppError('VALIDATION_FAILED', 'The expiry must lie in the future', [
      { path: 'expires_at', message: 'must be in the future' },
    ]);
  }
  return at.toISOString();
}

function canonicalBasicPath(input: string): string {
  const path = normaliseBasicPath(input);
  if (path === null) {
    throw new AppError(
      'BASIC_PATH_INVALID',
      'The base path must start with / and may not contain "..", a backslash or NUL',
    );
  }
  return path;
}

/**
 * The clear key for the admin. A key sealed under an earlier SECRET cannot be opened any
 * more; it still works (look-up is by hash), so the list shows it with an empty key
 * instead of failing as a whole.
 */
function revealKey(deps: AppDeps, row: ApiKeyRow): string {
  try {
    return deps.secrets.decrypt(row.key_cipher);
  } catch (error) {
    deps.logger.warn({ err: error, apiKeyId: row.id }, 'API key cannot be decrypted');
    return '';
  }
}
