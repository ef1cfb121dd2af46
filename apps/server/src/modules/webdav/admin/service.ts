import type { DavLockItem, DavLockReleaseResult } from '@pastebox/contract/schemas/dav-lock';
import type { AppDeps } from '@/context';
import { AppError } from '@/lib/errors';
import { apiKeyNames } from '@/modules/api-keys/service';
import {
  listActiveLocks,
  removeLock,
  removeLocksBelow,
  type DavLockRow,
} from '@/modules/dav-locks/service';
import { normalPath } from '@/vfs/paths';
import { VfsError } from '@/vfs/types';

/**
 * The admin's hand on WebDAV locks (DESIGN §5 "Storage trust"): every active lock with who
 * holds it, and release of any, so no key can lock the admin out until a timeout.
 */

const KEY_PREFIX = 'apikey:';

function keyIdOf(row: DavLockRow): string | null {
  return row.principal.startsWith(KEY_PREFIX) ? row.principal.slice(KEY_PREFIX.length) : null;
}

function present(row: DavLockRow, names: Map<string, string>): DavLockItem {
  const keyId = keyIdOf(row);
  return {
    token: row.token,
    root: row.root,
    scope: row.scope === 'shared' ? 'shared' : 'exclusive',
    depth: row.depth === 'infinity' ? 'infinity' : '0',
    owner: {
      kind: keyId === null ? 'admin' : 'key',
      key_id: keyId,
      key_name: keyId === null ? null : (names.get(keyId) ?? null),
    },
    owner_xml: row.owner_xml,
    created_at: row.created_at,
    expires_at: row.expires_at,
  };
}

/** GET /api/admin/dav/locks: every active lock, oldest first. */
export async function listDavLocks(deps: AppDeps): Promise<DavLockItem[]> {
  const rows = await listActiveLocks(deps);
  const keyIds = rows.map(keyIdOf).filter((id): id is string => id !== null);
  const names = await apiKeyNames(deps, keyIds);
  return rows.map((row) => present(row, names));
}

/** DELETE /api/admin/dav/locks/{token}: 404 DAV_LOCK_NOT_FOUND for a token no lock has. */
export async function releaseDavLock(deps: AppDeps, token: string): Promise<void> {
  if (!(await removeLock(deps, token))) {
    throw new AppError('DAV_LOCK_NOT_FOUND');
  }
}

/** DELETE /api/admin/dav/locks?path=: the locks rooted at the path or below it. */
export async function releaseDavLocksAt(deps: AppDeps, raw: string): Promise<DavLockReleaseResult> {
  let path: string;
  try {
    path = normalPath(raw);
  } catch (error) {
    if (error instanceof VfsError) {
      throw new AppError('PATH_INVALID', `${error.message}`);
    }
    throw error;
  }
  return { released: await removeLocksBelow(deps, path) };
}
