/**
 * The statements PostgreSQL prepares once per connection (DESIGN §11). A statement sent
 * without a name is parsed, analysed and planned on every run: for a raw read's one
 * `UPDATE … RETURNING` that was a third to a half of PostgreSQL's CPU
 * (docs/performance.md, round 11). The hot statements — those compiled once,
 * ./compiled-query.ts — register their SQL text here, and the pool's clients send a
 * registered text under its name (./postgres-pool.ts), so each connection prepares it on
 * first use and then only binds and executes it.
 *
 * Only registered texts are named: a name lives as long as its connection on the server,
 * and the compiled-once statements are a fixed handful, where texts built per request
 * (lists, searches, batches of any length) are not. The map is module-level because a
 * name is a fact about the text alone, the same for every database a process opens; it
 * holds no server's state and grows only with the compiled-once statements of the code.
 *
 * A prepared statement keeps the columns it returned when it was planned: PostgreSQL
 * refuses to run it again once `*` would name more (a column added by a newer instance
 * during a rolling upgrade). The registered statements name their columns.
 */
const NAMES = new Map<string, string>();

/** Marks `sql` as a statement to prepare once per connection. */
export function registerPreparedStatement(sql: string): void {
  if (!NAMES.has(sql)) {
    NAMES.set(sql, `pastebox_${NAMES.size + 1}`);
  }
}

/** The name `sql` is prepared under, or undefined for a statement sent as it is. */
export function preparedStatementName(sql: string): string | undefined {
  return NAMES.get(sql);
}
