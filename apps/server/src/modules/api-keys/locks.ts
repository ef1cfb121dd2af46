import type { Kysely } from 'kysely';
import type { Database } from '@/db/types';
import { dropLocksOfKeyOutside, dropLocksOfKeys } from '@/modules/dav-locks/service';
import type { ApiKeyRow } from './repo';

/**
 * The WebDAV locks a key loses with a change (DESIGN §5 "Storage trust"): all of them when
 * it loses mount permission (it can no longer reach /dav to release them), those outside
 * its new basic_path when that moves. Run in the transaction that changes the key.
 */
export async function dropLocksLostBy(
  db: Kysely<Database>,
  before: ApiKeyRow,
  changes: Partial<ApiKeyRow>,
): Promise<void> {
  const mount = changes.mount_permission ?? before.mount_permission;
  if (mount !== 1) {
    await dropLocksOfKeys(db, [before.id]);
    return;
  }
  const basicPath = changes.basic_path ?? before.basic_path;
  if (basicPath !== before.basic_path) {
    await dropLocksOfKeyOutside(db, before.id, basicPath);
  }
}
