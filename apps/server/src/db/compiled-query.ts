import {
  createQueryId,
  type Compilable,
  type CompiledQuery,
  type Kysely,
  type QueryResult,
} from 'kysely';
import { registerPreparedStatement } from './prepared-statements';
import type { Database } from './types';

/**
 * A hot statement built and compiled once per database, then run with new values
 * (DESIGN §11). Building a Kysely query — expression builders, operation nodes, the
 * compiler's visit — cost 10–15 % of a raw read and of a create in the profile
 * (docs/performance.md); the SQL text of these statements never changes, only the values.
 *
 * `build` gets a `value(name)` function standing for a value given at run time. It returns
 * a sentinel that the compiled query carries as a parameter; each run replaces the
 * sentinels with the named values in the same positions. Everything else the builder
 * writes (literals, constants compared against) stays as compiled. The builder must pass
 * each `value()` straight through as a bound value, never into SQL text.
 *
 * On PostgreSQL the statement is also prepared once per connection
 * (./prepared-statements.ts): it must then name the columns it returns, never `*`.
 */
export function compiledOnce<Values extends Record<string, unknown>, Row>(
  build: (
    db: Kysely<Database>,
    value: <K extends keyof Values>(name: K) => Values[K],
  ) => Compilable<Row>,
): (db: Kysely<Database>, values: Values) => Promise<QueryResult<Row>> {
  const perDatabase = new WeakMap<Kysely<Database>, Prepared<Row>>();
  return (db, values) => {
    let prepared = perDatabase.get(db);
    if (!prepared) {
      prepared = prepare(db, build);
      perDatabase.set(db, prepared);
    }
    const parameters = prepared.slots.map((slot) =>
      slot.kind === 'value' ? values[slot.name] : slot.constant,
    );
    // Written out, not `{ ...compiled, parameters }`: a copy that then gets a property of
    // its own costs about a microsecond and a half on Node 20 (docs/performance.md, round 9).
    const { sql, query } = prepared.compiled;
    return db.executeQuery<Row>({ sql, query, parameters, queryId: createQueryId() });
  };
}

type Slot = { kind: 'value'; name: string } | { kind: 'constant'; constant: unknown };

interface Prepared<Row> {
  compiled: CompiledQuery<Row>;
  slots: Slot[];
}

/** Unlikely in any real value: NUL is refused at the API's boundary (DESIGN §5). */
const SENTINEL_PREFIX = '\u0000compiled-once:';

function prepare<Values extends Record<string, unknown>, Row>(
  db: Kysely<Database>,
  build: (
    db: Kysely<Database>,
    value: <K extends keyof Values>(name: K) => Values[K],
  ) => Compilable<Row>,
): Prepared<Row> {
  const value = <K extends keyof Values>(name: K) =>
    `${SENTINEL_PREFIX}${String(name)}` as Values[K];
  const compiled = build(db, value).compile();
  registerPreparedStatement(compiled.sql);
  const slots = compiled.parameters.map((parameter): Slot => {
    if (typeof parameter === 'string' && parameter.startsWith(SENTINEL_PREFIX)) {
      return { kind: 'value', name: parameter.slice(SENTINEL_PREFIX.length) };
    }
    return { kind: 'constant', constant: parameter };
  });
  return { compiled, slots };
}
