import type { AppDeps } from '@/context';
import type { OwnerScope } from '@/db/filters';
import { isoNow } from '@/lib/clock';
import { BundlesRepo } from './repo';

/**
 * Bundles and the fate of their owner (issue 33), as file shares are treated (issue 32):
 * deleting an account deletes its bundles or hands them to another account; deleting a
 * member's key hands the key's bundles to the member. A bundle's files are file shares of
 * their own and follow the file shares' rule; the bundle only names them.
 */

/** Hands every bundle in scope to another creator; answers how many. `deps.db` may be a transaction. */
export function handOverBundles(
  deps: AppDeps,
  scope: OwnerScope,
  toCreator: string,
): Promise<number> {
  return new BundlesRepo(deps.db).setCreatorIn(scope, toCreator, isoNow(deps.clock));
}

/** Deletes every bundle in scope (member lists and visits cascade; the files stay). */
export function removeBundlesIn(deps: AppDeps, scope: OwnerScope): Promise<number> {
  return new BundlesRepo(deps.db).deleteIn(scope);
}
