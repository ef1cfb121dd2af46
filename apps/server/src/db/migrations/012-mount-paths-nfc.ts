import type { Kysely } from 'kysely';

/**
 * Mount paths in Unicode NFC (issue 29). Request paths are NFC-normalised, stored mount
 * paths were not: a mount saved at `/\uF900` (a compatibility ideograph) was a mount no
 * request reached, and a second at `/\u8C48` (its NFC form) was opened by both. New saves
 * are normalised (modules/mounts/rules.ts); this brings the rows already stored along.
 *
 * What is reachable today stays as it is. A row whose NFC form clashes with another
 * mount (equal, or one inside the other) — the row already in NFC, or one normalised
 * before it (oldest first) — was a dead mount: it is switched off and its path gets a
 * suffix on its first segment (`/豈-nfc1`) that clashes with nothing, so the admin sees it,
 * can rename it and switch it back on. A row without a clash just takes its NFC form.
 * The code is written out here, not imported: a migration must mean the same forever.
 */

interface MountPathRow {
  id: string;
  mount_path: string;
  is_active: number;
  created_at: string;
}

type MountsOnly = Kysely<{ mounts: MountPathRow }>;

function isAtOrUnder(base: string, path: string): boolean {
  return path === base || path.startsWith(`${base}/`);
}

function overlaps(a: string, b: string): boolean {
  return isAtOrUnder(a, b) || isAtOrUnder(b, a);
}

/** The first free `/<first>-nfc<n>/<rest>` for a path that clashes. */
function suffixedPath(normal: string, taken: readonly string[]): string {
  const [first = '', ...rest] = normal.slice(1).split('/');
  for (let n = 1; ; n += 1) {
    const candidate = `/${[`${first}-nfc${n}`, ...rest].join('/')}`;
    if (!taken.some((path) => overlaps(path, candidate))) {
      return candidate;
    }
  }
}

/** The new path (and whether the row stays active) of each row to change, by id. */
export function planMountPathRepair(
  rows: readonly MountPathRow[],
): Map<string, { mountPath: string; isActive: number }> {
  const plan = new Map<string, { mountPath: string; isActive: number }>();
  // Rows already in NFC keep their path: they are the ones requests reach.
  const taken = rows.filter((row) => row.mount_path.normalize('NFC') === row.mount_path);
  const paths = taken.map((row) => row.mount_path);
  const toRepair = rows
    .filter((row) => row.mount_path.normalize('NFC') !== row.mount_path)
    .sort((a, b) => a.created_at.localeCompare(b.created_at) || a.id.localeCompare(b.id));
  for (const row of toRepair) {
    const normal = row.mount_path.normalize('NFC');
    if (paths.some((path) => overlaps(path, normal))) {
      const mountPath = suffixedPath(normal, paths);
      plan.set(row.id, { mountPath, isActive: 0 });
      paths.push(mountPath);
    } else {
      plan.set(row.id, { mountPath: normal, isActive: row.is_active });
      paths.push(normal);
    }
  }
  return plan;
}

export async function up(db: Kysely<unknown>): Promise<void> {
  const mounts = db as unknown as MountsOnly;
  const rows = await mounts
    .selectFrom('mounts')
    .select(['id', 'mount_path', 'is_active', 'created_at'])
    .execute();
  for (const [id, change] of planMountPathRepair(rows)) {
    await mounts
      .updateTable('mounts')
      .set({ mount_path: change.mountPath, is_active: change.isActive })
      .where('id', '=', id)
      .execute();
  }
}

/** Nothing to undo: NFC paths are what every version after this one expects. */
export function down(): Promise<void> {
  return Promise.resolve();
}
