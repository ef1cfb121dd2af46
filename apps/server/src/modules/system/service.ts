import { LIMITS } from '@pastebox/contract/limits';
import type { AppDeps } from '@/context';
import { isoNow } from '@/lib/clock';
import { getSetting, putSetting } from './settings';

/**
 * The system module's door for the others (DESIGN §2): the stored settings, read and
 * written through here rather than through the settings table's queries.
 */

const MIB = 1024 * 1024;

/** One stored system setting; undefined when never set. */
export function readSetting(deps: AppDeps, key: string): Promise<string | undefined> {
  return getSetting(deps.db, key);
}

/** Stores one system setting (insert or overwrite), stamped with the clock's now. */
export function writeSetting(deps: AppDeps, key: string, value: string): Promise<void> {
  return putSetting(deps.db, key, value, isoNow(deps.clock));
}

/** The max upload size in bytes (setting `max_upload_size_mb`, SPEC §9 default 100 MB). */
export async function maxUploadBytes(deps: AppDeps): Promise<number> {
  const stored = Number(await getSetting(deps.db, 'max_upload_size_mb'));
  const mb = Number.isFinite(stored) && stored > 0 ? stored : LIMITS.defaultMaxUploadSizeMb;
  return Math.round(mb * MIB);
}
