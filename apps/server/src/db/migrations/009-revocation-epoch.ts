import { sql, type Kysely } from 'kysely';
import { isPostgres } from './dialect';
import {
  API_KEY_PRINCIPAL_COLUMNS,
  createBumpFunction,
  createRevocationTriggers,
  dropRevocationTriggers,
  type WatchedTable,
} from './revocation-triggers';

/**
 * The revocation epoch (issue 12): one counter, in one row, that grows with every change
 * that can end or alter a principal. Each process caches the admin sessions and API keys
 * it resolved and drops them all when it sees the counter move (lib/principal-cache.ts),
 * so a logout, a password or username change or a deleted or edited key holds on every
 * worker and every instance within about a second (DESIGN §1).
 *
 * Triggers bump it, inside the statement that makes the change, so no writer can forget
 * it: not a future module, not an operator at the SQL prompt. What bumps it:
 * - admin_sessions: any update or delete (a logout, the end of all of an admin's sessions,
 *   the sweep of expired ones);
 * - admins: any update or delete (a password or username change);
 * - api_keys: a delete, or an update of any column but last_used and created_at. The
 *   once-a-minute last_used write must not bump it, or every key in use would empty every
 *   cache each minute. A column added to api_keys that a principal carries belongs in
 *   API_KEY_COLUMNS of a new migration that recreates these triggers.
 * Inserts bump nothing: a new session or key revokes nothing, and a miss is never cached.
 */
const WATCHED: WatchedTable[] = [
  { table: 'admin_sessions', update: '' },
  { table: 'admins', update: '' },
  { table: 'api_keys', update: ` of ${API_KEY_PRINCIPAL_COLUMNS.join(', ')}` },
];

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('revocation_epoch')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('epoch', 'bigint', (c) => c.notNull().defaultTo(0))
    .addCheckConstraint('revocation_epoch_one_row', sql`id = 1`)
    .execute();
  await sql`insert into revocation_epoch (id, epoch) values (1, 0)`.execute(db);
  await createBumpFunction(db);
  await createRevocationTriggers(db, WATCHED);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await dropRevocationTriggers(db, WATCHED);
  if (isPostgres(db)) {
    await sql.raw('drop function if exists revocation_epoch_bump()').execute(db);
  }
  await db.schema.dropTable('revocation_epoch').execute();
}
