import { sql, type Expression, type SqlBool } from 'kysely';

/**
 * WHERE pieces that several repositories share. Written with `sql.ref`, so one helper
 * serves any table that has the column, the way the repositories would write it.
 */

/**
 * Whose rows a management query may touch: every one (admin), one creator's (a key), or
 * an account's — what the member made and what its keys made (issue 32).
 */
export type OwnerScope =
  { kind: 'all' } | { kind: 'owner'; createdBy: string } | { kind: 'account'; accountId: string };

/** Any query builder with a WHERE (select, update, delete). */
interface Filterable<QB> {
  where(expression: Expression<SqlBool>): QB;
}

/** Adds the owner to the WHERE of a key's or member's query; the admin's adds nothing. */
export function withinOwnerScope<QB extends Filterable<QB>>(qb: QB, scope: OwnerScope): QB {
  switch (scope.kind) {
    case 'all':
      return qb;
    case 'owner':
      return qb.where(sql<boolean>`${sql.ref('created_by')} = ${scope.createdBy}`);
    case 'account':
      return qb.where(ownedByAccount(scope.accountId));
  }
}

/** created_by is the account, or one of the account's API keys ('apikey:{id}'). */
export function ownedByAccount(accountId: string, column = 'created_by'): Expression<SqlBool> {
  const createdBy = sql.ref(column);
  return sql<boolean>`(${createdBy} = ${accountId} or ${createdBy} in (
    select 'apikey:' || k.id from api_keys k where k.account_id = ${accountId}))`;
}

/** LIKE pattern for a search term, its wildcards escaped so they match literally. */
function likePattern(search: string): string {
  return `%${search
    .trim()
    .toLowerCase()
    .replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/** One of `columns` contains the term, case-insensitively, on SQLite and PostgreSQL alike. */
export function matchesSearch(columns: readonly string[], search: string): Expression<SqlBool> {
  const pattern = likePattern(search);
  const terms = columns.map(
    (column) => sql<boolean>`lower(${sql.ref(column)}) like ${pattern} escape '\\'`,
  );
  return sql<boolean>`(${sql.join(terms, sql` or `)})`;
}
