import type { AppDeps } from '@/context';
import { withinOwnerScope } from '@/db/filters';
import type { PasteScope } from './repo';

/** An account's text shares as a whole (issue 32): removed with it, or handed over. */

/** Deletes every text share in scope; answers how many went. */
export async function removePastesIn(deps: AppDeps, scope: PasteScope): Promise<number> {
  const result = await deps.db
    .deleteFrom('pastes')
    .$call((qb) => withinOwnerScope(qb, scope))
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Hands every text share in scope to another creator; answers how many moved. */
export async function handOverPastes(
  deps: AppDeps,
  scope: PasteScope,
  toCreator: string,
): Promise<number> {
  const result = await deps.db
    .updateTable('pastes')
    .set({ created_by: toCreator })
    .$call((qb) => withinOwnerScope(qb, scope))
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}
