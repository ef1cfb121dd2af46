import type { Kysely } from 'kysely';

/**
 * WebDAV class 2 state (issue 10, DESIGN §8), in the database so every instance sees it and
 * it survives a restart.
 *
 * - dav_locks: write locks (RFC 4918 §6, §9.10) by opaquelocktoken; `root` is the locked
 *   virtual path, a depth-infinity lock covers its members too. Expired rows are ignored on
 *   read and swept.
 * - dav_properties: dead properties (RFC 4918 §4) set by PROPPATCH, one row per
 *   (path, namespace, name), the value kept as XML text.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('dav_locks')
    .addColumn('token', 'varchar(100)', (c) => c.primaryKey())
    .addColumn('root', 'text', (c) => c.notNull())
    .addColumn('scope', 'varchar(16)', (c) => c.notNull())
    .addColumn('depth', 'varchar(16)', (c) => c.notNull())
    .addColumn('owner_xml', 'text')
    .addColumn('principal', 'varchar(100)', (c) => c.notNull())
    .addColumn('timeout_seconds', 'integer', (c) => c.notNull())
    .addColumn('expires_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('dav_locks_root').on('dav_locks').column('root').execute();
  await db.schema
    .createIndex('dav_locks_expires_at')
    .on('dav_locks')
    .column('expires_at')
    .execute();

  await db.schema
    .createTable('dav_properties')
    .addColumn('path', 'text', (c) => c.notNull())
    .addColumn('namespace', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('value_xml', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('dav_properties_pk', ['path', 'namespace', 'name'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('dav_properties').ifExists().execute();
  await db.schema.dropTable('dav_locks').ifExists().execute();
}
