import { sql } from 'kysely';

/**
 * `column` is `path` or lies below it. substr/length count characters in both databases,
 * and unlike LIKE they give no meaning to `%` or `_` in a name nor ignore case.
 */
export function atOrBelow(column: string, path: string) {
  const prefix = path === '/' ? '/' : `${path}/`;
  return sql<boolean>`(${sql.ref(column)} = ${path} or substr(${sql.ref(column)}, 1, ${[...prefix].length}) = ${prefix})`;
}
