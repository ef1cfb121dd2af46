import { sql, type Kysely } from 'kysely';
import { isPostgres } from './dialect';

/**
 * The revocation epoch's triggers (migrations 009 and 018): each watched table bumps the
 * one counter in the statement that changes or deletes a row, so every process drops its
 * cached principals within a second (lib/principal-cache.ts).
 */

/** The api_keys columns a principal carries (009); 018 adds account_id. */
export const API_KEY_PRINCIPAL_COLUMNS = [
  'id',
  'name',
  'key_hash',
  'key_cipher',
  'text_permission',
  'file_permission',
  'mount_permission',
  'basic_path',
  'expires_at',
];

/** A table whose changes revoke, and which updates count ('' = any; ' of a, b' = those). */
export interface WatchedTable {
  table: string;
  update: string;
}

export const BUMP_EPOCH = 'update revocation_epoch set epoch = epoch + 1 where id = 1';

/** PostgreSQL runs a trigger as a function: the one 009 makes, shared by every trigger. */
export async function createBumpFunction(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) {
    await sql
      .raw(
        `create function revocation_epoch_bump() returns trigger language plpgsql as $$
         begin ${BUMP_EPOCH}; return null; end $$`,
      )
      .execute(db);
  }
}

export async function createRevocationTriggers(
  db: Kysely<unknown>,
  watched: readonly WatchedTable[],
): Promise<void> {
  for (const { table, update } of watched) {
    if (isPostgres(db)) {
      await sql
        .raw(
          `create trigger ${table}_revoke after update${update} or delete on ${table}
           for each row execute function revocation_epoch_bump()`,
        )
        .execute(db);
      continue;
    }
    // SQLite: one event per trigger.
    for (const [event, name] of [
      [`update${update}`, `${table}_revoke_update`],
      ['delete', `${table}_revoke_delete`],
    ] as const) {
      await sql
        .raw(`create trigger ${name} after ${event} on ${table} begin ${BUMP_EPOCH}; end`)
        .execute(db);
    }
  }
}

export async function dropRevocationTriggers(
  db: Kysely<unknown>,
  watched: readonly { table: string }[],
): Promise<void> {
  for (const { table } of watched) {
    if (isPostgres(db)) {
      await sql.raw(`drop trigger if exists ${table}_revoke on ${table}`).execute(db);
    } else {
      await sql.raw(`drop trigger if exists ${table}_revoke_update`).execute(db);
      await sql.raw(`drop trigger if exists ${table}_revoke_delete`).execute(db);
    }
  }
}
