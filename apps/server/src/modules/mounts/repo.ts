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

  /** How many mounts use a storage config (deleting the config is refused while any do). */
  async countByStorageConfig(configId: string): Promise<number> {
    const row = await this.db
      .selectFrom('mounts')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('storage_config_id', '=', configId)
      .executeTakeFirstOrThrow();
    return Number(row.n);
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
