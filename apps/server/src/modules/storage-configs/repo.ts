import {
  sql,
  type Insertable,
  type Kysely,
  type Selectable,
  type Transaction,
  type Updateable,
} from 'kysely';
import type { Database } from '@/db/types';

export type StorageConfigRow = Selectable<Database['storage_configs']>;
export type NewStorageConfig = Insertable<Database['storage_configs']>;
export type StorageConfigChanges = Omit<
  Updateable<Database['storage_configs']>,
  'id' | 'created_at'
>;

/** An arbitrary constant naming the advisory lock of the default flag. */
const DEFAULT_FLAG_LOCK = 0x5053_4446;

/** SQL for storage configs; one method per query. */
export class StorageConfigsRepo {
  constructor(private readonly db: Kysely<Database> | Transaction<Database>) {}

  list() {
    return this.db
      .selectFrom('storage_configs')
      .selectAll()
      .orderBy('is_default', 'desc')
      .orderBy('created_at', 'asc')
      .execute();
  }

  findById(id: string) {
    return this.db
      .selectFrom('storage_configs')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirst();
  }

  findDefault() {
    return this.db
      .selectFrom('storage_configs')
      .selectAll()
      .where('is_default', '=', 1)
      .executeTakeFirst();
  }

  findByName(name: string) {
    return this.db
      .selectFrom('storage_configs')
      .selectAll()
      .where('name', '=', name)
      .executeTakeFirst();
  }

  insert(row: NewStorageConfig) {
    return this.db.insertInto('storage_configs').values(row).execute();
  }

  update(id: string, changes: StorageConfigChanges) {
    return this.db
      .updateTable('storage_configs')
      .set(changes)
      .where('id', '=', id)
      .executeTakeFirst();
  }

  /**
   * PostgreSQL: serialises set-default transactions (a transaction-scoped advisory lock),
   * so the clear-then-set of one never races another's. SQLite runs one write
   * transaction at a time already.
   */
  async lockDefaultFlag(dialect: 'sqlite' | 'postgres'): Promise<void> {
    if (dialect === 'postgres') {
      await sql`SELECT pg_advisory_xact_lock(${DEFAULT_FLAG_LOCK})`.execute(this.db);
    }
  }

  /** Clears the default flag everywhere (first half of set-default, inside a transaction). */
  clearDefault(nowIso: string) {
    return this.db
      .updateTable('storage_configs')
      .set({ is_default: 0, updated_at: nowIso })
      .where('is_default', '=', 1)
      .execute();
  }

  delete(id: string) {
    return this.db.deleteFrom('storage_configs').where('id', '=', id).executeTakeFirst();
  }

  /**
   * Bytes and file shares stored per config, from the files table (created by the files
   * migration): one aggregate query. Raw SQL because that table may not exist yet on a
   * database this module is tested against.
   */
  async filesByConfig(): Promise<Map<string, { bytes: number; files: number }>> {
    const result = await sql<{
      s3_config_id: string;
      used: string | number | null;
      n: string | number;
    }>`
      SELECT s3_config_id, SUM(size) AS used, COUNT(*) AS n FROM files GROUP BY s3_config_id
    `.execute(this.db);
    return new Map(
      result.rows.map((row) => [
        row.s3_config_id,
        { bytes: Number(row.used ?? 0), files: Number(row.n) },
      ]),
    );
  }

  /** Mounts per config, in one aggregate query (see `countMounts` for why it is read here). */
  async mountsByConfig(): Promise<Map<string, number>> {
    const result = await sql<{ storage_config_id: string; n: string | number }>`
      SELECT storage_config_id, COUNT(*) AS n FROM mounts GROUP BY storage_config_id
    `.execute(this.db);
    return new Map(result.rows.map((row) => [row.storage_config_id, Number(row.n)]));
  }

  /** Whether any file record points at the config. */
  async hasFiles(id: string): Promise<boolean> {
    const result = await sql<{ one: number }>`
      SELECT 1 AS one FROM files WHERE s3_config_id = ${id} LIMIT 1
    `.execute(this.db);
    return result.rows.length > 0;
  }

  /**
   * Mounts on the config. Read here, like the files above, rather than through the mounts
   * service: mounts already ask this module for drivers, and the modules must not import
   * each other both ways.
   */
  async countMounts(id: string): Promise<number> {
    const result = await sql<{ n: number | string }>`
      SELECT COUNT(*) AS n FROM mounts WHERE storage_config_id = ${id}
    `.execute(this.db);
    return Number(result.rows[0]?.n ?? 0);
  }
}
