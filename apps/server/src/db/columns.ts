import { sql, type AliasedRawBuilder } from 'kysely';

/** The columns of `Row` that `Columns` leaves out (never when it names them all). */
type Missing<Row, Columns extends readonly PropertyKey[]> = Exclude<keyof Row, Columns[number]>;

/**
 * `columns`, checked by the compiler to name every column of `Row`: a statement that lists
 * them writes (or returns) the whole row, and a column added to the table later fails the
 * build here instead of going missing at run time.
 *
 *     const PASTE_COLUMNS = everyColumnOf<PasteRow>()(['id', 'slug', …]);
 */
export function everyColumnOf<Row>() {
  return <const Columns extends readonly (keyof Row & string)[]>(
    columns: Columns &
      ([Missing<Row, Columns>] extends [never] ? unknown : { missing: Missing<Row, Columns> }),
  ): Columns => columns;
}

/**
 * `RETURNING` (or `SELECT`) the named columns under their own names, for a statement whose
 * builder is typed over fewer columns than the table has. Written out rather than `*`: a
 * prepared statement must keep returning the same columns (db/prepared-statements.ts).
 */
export function columnsAsThemselves(
  columns: readonly string[],
): AliasedRawBuilder<unknown, string>[] {
  return columns.map((column) => sql<unknown>`${sql.ref(column)}`.as(column));
}
