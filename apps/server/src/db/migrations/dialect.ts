import { sql, type Kysely } from 'kysely';

/**
 * Triggers are the one part of a migration written per dialect (PostgreSQL runs them as a
 * function). Kysely hands a migration no dialect, but its placeholders name it:
 * PostgreSQL numbers them ($1), SQLite writes `?`.
 */
export function isPostgres(db: Kysely<unknown>): boolean {
  return sql`select ${1}`.compile(db).sql.includes('$1');
}
