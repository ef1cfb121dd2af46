import type { AppDeps } from '../../context';

/** Deletes shares that expired or ran out of views. Returns how many went. */
export async function sweepExpiredPastes(deps: AppDeps): Promise<number> {
  const nowIso = deps.clock.now().toISOString();
  const result = await deps.db
    .deleteFrom('pastes')
    .where((eb) =>
      eb.or([
        eb.and([eb('expires_at', 'is not', null), eb('expires_at', '<=', nowIso)]),
        eb.and([eb('max_views', '>', 0), eb('views', '>=', eb.ref('max_views'))]),
      ]),
    )
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
