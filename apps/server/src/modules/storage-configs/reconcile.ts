import type { StorageUsageFigures } from '@pastebox/contract/schemas/storage-config';
import type { AppDeps } from '@/context';
import { isoNow } from '@/lib/clock';
import { storedBytesUnder } from '@/storage/stored-bytes';
import { ledgerFigures } from './ledger';
import { LedgerRepo } from './ledger-repo';
import { getStorage } from './storage';

/** A config's used figure is recounted at most this often by the sweeper. */
export const RECONCILE_EVERY_MS = 60 * 60_000;

/** Configs the sweeper recounts in one pass; the next pass takes the rest. */
const RECONCILE_BATCH = 5;

/**
 * Sets a config's used figure to what its storage holds (DESIGN §5): the whole storage is
 * listed without a delimiter, page by page, and summed, so files put there or taken away
 * behind the product's back (a sync tool, a shell) count. Reservations of writes in flight
 * stay as they are. Answers the figures after it.
 */
export async function reconcileUsage(
  deps: AppDeps,
  configId: string,
): Promise<StorageUsageFigures> {
  const { driver } = await getStorage(deps, configId);
  const used = await storedBytesUnder(driver, '');
  const repo = new LedgerRepo(deps.db);
  await repo.ensureRow(configId);
  await repo.setUsed(configId, used, isoNow(deps.clock));
  const figures = await ledgerFigures(deps, configId);
  return {
    config_id: configId,
    used_bytes: figures.used,
    reserved_bytes: figures.reserved,
    total_storage_bytes: figures.capacity,
    reconciled_at: figures.reconciledAt,
  };
}

/**
 * Sweeper: recounts the configs no listing counted within RECONCILE_EVERY_MS, a few per
 * pass. A storage that cannot be listed now is tried again next pass. Answers how many
 * were recounted.
 */
export async function reconcileStaleUsage(deps: AppDeps): Promise<number> {
  const before = new Date(deps.clock.now().getTime() - RECONCILE_EVERY_MS).toISOString();
  let done = 0;
  for (const configId of await new LedgerRepo(deps.db).staleConfigs(before, RECONCILE_BATCH)) {
    try {
      await reconcileUsage(deps, configId);
      done += 1;
    } catch (error) {
      deps.logger.warn({ err: error, configId }, 'sweep: recounting a storage failed');
    }
  }
  return done;
}
