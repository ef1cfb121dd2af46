import {
  DASHBOARD_ACTIVITY_DAYS,
  DASHBOARD_RECENT_ITEMS,
  type DashboardActivityDay,
  type DashboardRecentItem,
  type DashboardStats,
  type DashboardStorageUsage,
} from '@pastebox/contract/schemas/dashboard';
import type { StorageProvider } from '@pastebox/contract/schemas/storage-config';
import type { AppDeps } from '@/context';
import { lastDays, utcDay } from './days';
import { DashboardRepo } from './repo';

type Aggregate = number | string | null;

/** A COUNT or SUM as a number: PostgreSQL answers bigint and numeric as strings, SUM of nothing as null. */
const toCount = (value: Aggregate | undefined): number => Number(value ?? 0);

/** Per-day counts keyed by YYYY-MM-DD. */
function byDay(rows: { day: string; n: Aggregate }[]): Map<string, number> {
  return new Map(rows.map((row) => [row.day, toCount(row.n)]));
}

async function readActivity(repo: DashboardRepo, now: Date): Promise<DashboardActivityDay[]> {
  const window = lastDays(now, DASHBOARD_ACTIVITY_DAYS);
  const [pastes, files] = await Promise.all([
    repo.countsPerDay('pastes', window.from, window.to).then(byDay),
    repo.countsPerDay('files', window.from, window.to).then(byDay),
  ]);
  return window.days.map((date) => ({
    date,
    pastes: pastes.get(date) ?? 0,
    files: files.get(date) ?? 0,
  }));
}

async function readStorage(repo: DashboardRepo): Promise<DashboardStorageUsage[]> {
  const rows = await repo.storageUsage();
  return rows.map((row) => {
    const provider = row.provider_type as StorageProvider;
    return {
      config_id: row.id,
      name: row.name,
      provider_type: provider,
      bucket_name: provider === 'local' ? null : row.bucket_name,
      is_default: row.is_default === 1,
      used_bytes: toCount(row.used_bytes),
      capacity_bytes: row.total_storage_bytes === null ? null : Number(row.total_storage_bytes),
      file_count: toCount(row.file_count),
    };
  });
}

/** The newest pastes and files together: the newest few of each, merged, cut to the few. */
async function readRecent(repo: DashboardRepo): Promise<DashboardRecentItem[]> {
  const [pastes, files] = await Promise.all([
    repo.newestPastes(DASHBOARD_RECENT_ITEMS),
    repo.newestFiles(DASHBOARD_RECENT_ITEMS),
  ]);
  const items: DashboardRecentItem[] = [
    ...pastes.map((row) => ({ kind: 'paste' as const, ...row, label: row.label ?? '' })),
    ...files.map((row) => ({ kind: 'file' as const, ...row })),
  ];
  // ISO 8601 UTC instants of one format sort as text.
  items.sort((a, b) => (a.created_at < b.created_at ? 1 : a.created_at > b.created_at ? -1 : 0));
  return items.slice(0, DASHBOARD_RECENT_ITEMS);
}

/**
 * What the admin's dashboard shows (SPEC §7 "System", issue 11): totals over every stored
 * share, key, mount and config; today's and the last seven days' new shares, per UTC day
 * of the injected clock; each config's usage; the newest shares. Aggregates only: the
 * database counts and sums, no share row is loaded but the few newest.
 */
export async function readDashboardStats(deps: AppDeps): Promise<DashboardStats> {
  const repo = new DashboardRepo(deps.db);
  const now = deps.clock.now();
  const [totals, activity, storage, recent] = await Promise.all([
    repo.totals(),
    readActivity(repo, now),
    readStorage(repo),
    readRecent(repo),
  ]);
  const today = activity.find((day) => day.date === utcDay(now));
  return {
    totals: {
      pastes: toCount(totals.pastes),
      files: toCount(totals.files),
      api_keys: toCount(totals.api_keys),
      mounts: toCount(totals.mounts),
      storage_configs: toCount(totals.storage_configs),
      views: toCount(totals.paste_views) + toCount(totals.file_views),
    },
    today: { pastes: today?.pastes ?? 0, files: today?.files ?? 0 },
    activity,
    storage,
    recent,
  };
}
