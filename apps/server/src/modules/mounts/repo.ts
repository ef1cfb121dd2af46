import {
  sql,
  type Insertable,
  type Kysely,
  type Selectable,
  type Transaction,
  type Updateable,
} from 'kysely';
import type { Database } from '@/db/types';

export type MountRow = Selectable<Database['mounts']>;
export type NewMount = Insertable<Database['mounts']>;
export type MountChanges = Omit<Updateable<Database['mounts']>, 'id' | 'created_at' | 'created_by'>;
/** A mount with its storage config's name, for answers. */
export type MountWithConfig = MountRow & { storage_config_name: string | null };

/** An arbitrary constant naming the advisory lock that serialises mount path changes. */
const MOUNT_PATHS_LOCK = 7_210_431;

/** SQL for mounts; one method per query. */
export class MountsRepo {
  constructor(private readonly db: Kysely<Database> | Transaction<Database>) {}

  /** Every mount in the order the explorer shows them. */
  list() {
    return this.db
      .selectFrom('mounts')
      .selectAll()
      .orderBy('sort_order', 'asc')
      .orderBy('mount_path', 'asc')
      .execute();
  }

  /** Every mount with its config's name, in explorer order. */
  listWithConfigNames(): Promise<MountWithConfig[]> {
    return this.db
      .selectFrom('mounts')
      .leftJoin('storage_configs', 'storage_configs.id', 'mounts.storage_config_id')
      .selectAll('mounts')
      .select('storage_configs.name as storage_config_name')
      .orderBy('mounts.sort_order', 'asc')
      .orderBy('mounts.mount_path', 'asc')
      .execute();
  }

  /**
   * PostgreSQL: serialises the check-then-write of mount paths (uniqueness and nesting),
   * a transaction-scoped advisory lock. SQLite runs one write transaction at a time already
   * (they begin IMMEDIATE).
   */
  async lockMountPaths(dialect: 'sqlite' | 'postgres'): Promise<void> {
    if (dialect === 'postgres') {
      await sql`SELECT pg_advisory_xact_lock(${MOUNT_PATHS_LOCK})`.execute(this.db);
    }
  }

  findById(id: string) {
    return this.db.selectFrom('mounts').selectAll().where('id', '=', id).executeTakeFirst();
  }

  insert(row: NewMount) {
    return this.db.insertInto('mounts').values(row).execute();
  }

  update(id: string, changes: MountChanges) {
    return this.db.updateTable('mounts').set(changes).where('id', '=', id).executeTakeFirst();
  }

  delete(id: string) {
    return this.db.deleteFrom('mounts').where('id', '=', id).executeTakeFirst();
  }

  /**
   * Deletes the mount's fs upload sessions and answers them: the foreign key would
   * cascade them, but silently, and each holds a reservation on the capacity ledger that
   * must go with it (migration 014).
   */
  takeUploadSessions(mountId: string) {
    return this.db
      .deleteFrom('fs_upload_sessions')
      .where('mount_id', '=', mountId)
      .returning(['config_id', 'reserved_bytes', 'storage_key', 'upload_id'])
      .execute();
  }

  /** One more write happened in the mount: every instance's cached listings of it are stale. */
  bumpCacheEpoch(id: string) {
    return this.db
      .updateTable('mounts')
      .set({ cache_epoch: sql`cache_epoch + 1` })
      .where('id', '=', id)
      .execute();
  }

  /** Drops every cached listing of every mount (cache/clear). */
  bumpAllCacheEpochs() {
    return this.db
      .updateTable('mounts')
      .set({ cache_epoch: sql`cache_epoch + 1` })
      .executeTakeFirst();
  }
}
