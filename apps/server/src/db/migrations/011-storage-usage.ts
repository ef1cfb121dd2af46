import { sql, type Kysely } from 'kysely';

/**
 * The capacity ledger (DESIGN §5 "Capacity is a ledger", issue 29): one row per storage
 * config with the bytes the storage holds as far as the product knows (`used_bytes`), the
 * bytes of writes in flight (`reserved_bytes`) and when a listing of the storage last set
 * the used figure (`reconciled_at`). Every write reserves here before a byte is stored,
 * with one conditional UPDATE, so parallel writers can never take a config past its
 * capacity.
 *
 * The figures start from what the product counted so far, the file shares (a pending
 * upload's announced size is reserved until its commit); the first reconcile (on demand or
 * by the sweeper) adds what mounts wrote.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('storage_usage')
    .addColumn('config_id', 'varchar(64)', (c) =>
      c.primaryKey().references('storage_configs.id').onDelete('cascade'),
    )
    .addColumn('used_bytes', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('reserved_bytes', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('reconciled_at', 'varchar(32)')
    .execute();
  await sql`
    INSERT INTO storage_usage (config_id, used_bytes, reserved_bytes)
    SELECT c.id,
      COALESCE((SELECT SUM(f.size) FROM files f
                WHERE f.s3_config_id = c.id AND f.status = 'ready'), 0),
      COALESCE((SELECT SUM(f.size) FROM files f
                WHERE f.s3_config_id = c.id AND f.status <> 'ready'), 0)
    FROM storage_configs c
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('storage_usage').ifExists().execute();
}
