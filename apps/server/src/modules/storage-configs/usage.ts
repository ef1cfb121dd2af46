import type { AppDeps } from '@/context';
import { isoNow } from '@/lib/clock';
import type { LedgerRepo } from './ledger-repo';
import { StorageConfigsRepo } from './repo';

/** "no such table" (SQLite) or undefined_table (PostgreSQL 42P01). */
function isMissingTable(error: unknown): boolean {
  const { code, message } = (error ?? {}) as { code?: string; message?: string };
  return code === '42P01' || /no such table/i.test(message ?? '');
}

/**
 * What a config holds: its bytes as the capacity ledger counts them (used + reserved, the
 * figure every write is held to, DESIGN §5), the count of its file shares, and the mounts
 * on it.
 */
export interface ConfigUsage {
  bytes: number;
  files: number;
  mounts: number;
}

export const NO_USAGE: ConfigUsage = { bytes: 0, files: 0, mounts: 0 };

/** The query's answer, or an empty map when its table does not exist (see `usageByConfig`). */
async function orEmptyWithoutTable<V>(query: Promise<Map<string, V>>): Promise<Map<string, V>> {
  try {
    return await query;
  } catch (error) {
    if (isMissingTable(error)) {
      return new Map();
    }
    throw error;
  }
}

/**
 * Usage per config, in two aggregate queries whatever the number of configs. The files and
 * mounts tables belong to later migrations; on a database without them (this module's own
 * tests run migrations in order, and a partial deployment could lack them) nothing is stored
 * and nothing mounted.
 */
export async function usageByConfig(
  repo: StorageConfigsRepo,
  ledger: LedgerRepo,
): Promise<Map<string, ConfigUsage>> {
  const [files, mounts, figures] = await Promise.all([
    orEmptyWithoutTable(repo.filesByConfig()),
    orEmptyWithoutTable(repo.mountsByConfig()),
    orEmptyWithoutTable(ledger.all()),
  ]);
  const usage = new Map<string, ConfigUsage>();
  for (const [id, stored] of files) {
    usage.set(id, { ...NO_USAGE, ...usage.get(id), files: stored.files });
  }
  for (const [id, counted] of figures) {
    usage.set(id, { ...NO_USAGE, ...usage.get(id), bytes: counted.used + counted.reserved });
  }
  for (const [id, count] of mounts) {
    usage.set(id, { ...NO_USAGE, ...usage.get(id), mounts: count });
  }
  return usage;
}

/** Whether file shares still point at the config (false without a files table). */
export async function isInUse(repo: StorageConfigsRepo, id: string): Promise<boolean> {
  try {
    return await repo.hasFiles(id);
  } catch (error) {
    if (isMissingTable(error)) {
      return false;
    }
    throw error;
  }
}

const SET_DEFAULT_ATTEMPTS = 3;

/**
 * Makes `id` the one default: clear, then set, in one transaction serialised with the
 * others. The partial unique index on is_default is the backstop: a second default can
 * never be stored; should it refuse a write anyway, the call tries again.
 */
export async function makeDefault(deps: AppDeps, id: string): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    const now = isoNow(deps.clock);
    try {
      await deps.db.transaction().execute(async (trx) => {
        const repo = new StorageConfigsRepo(trx);
        await repo.lockDefaultFlag(deps.dialect);
        await repo.clearDefault(now);
        await repo.update(id, { is_default: 1, updated_at: now });
      });
      return;
    } catch (error) {
      if (attempt >= SET_DEFAULT_ATTEMPTS) {
        throw error;
      }
    }
  }
}
