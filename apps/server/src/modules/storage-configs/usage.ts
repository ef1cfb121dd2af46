import type { AppDeps } from '@/context';
import { StorageConfigsRepo } from './repo';

/** "no such table" (SQLite) or undefined_table (PostgreSQL 42P01). */
function isMissingTable(error: unknown): boolean {
  const { code, message } = (error ?? {}) as { code?: string; message?: string };
  return code === '42P01' || /no such table/i.test(message ?? '');
}

/**
 * Bytes stored per config. The files table belongs to the files module's migration; on a
 * database without it (this module's own tests run migrations in order, and a partial
 * deployment could lack it) nothing is stored, so nothing is used.
 */
export async function usedBytes(repo: StorageConfigsRepo): Promise<Map<string, number>> {
  try {
    return await repo.usedBytesByConfig();
  } catch (error) {
    if (isMissingTable(error)) {
      return new Map();
    }
    throw error;
  }
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
    const now = deps.clock.now().toISOString();
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
