import { createHash } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { AnyDatabase, TableShape } from './schema';

export type Row = Record<string, unknown>;

/** How many rows one read asks for: memory stays flat whatever a table's length. */
export const READ_BATCH_ROWS = 1000;

/**
 * A row as both databases agree on it: columns in name order, integers as numbers
 * (PostgreSQL answers a bigint as a string), text as text, NULL as null. The schema has
 * no booleans, dates, blobs or JSON columns (integers and text only, DESIGN §4); another
 * kind of value stops the copy instead of being written differently.
 */
export function normalizeRow(table: TableShape, row: Row): Row {
  const normal: Row = {};
  for (const column of table.columns) {
    const value = row[column.name] ?? null;
    if (value === null || typeof value === 'number') {
      normal[column.name] = value;
    } else if (typeof value === 'bigint' || (column.integer && typeof value === 'string')) {
      const asNumber = Number(value);
      normal[column.name] = Number.isSafeInteger(asNumber) ? asNumber : String(value);
    } else if (typeof value === 'string') {
      normal[column.name] = value;
    } else {
      throw new Error(
        `${table.name}.${column.name} holds a value of a kind the copy does not know`,
      );
    }
  }
  return normal;
}

const DIGEST_MODULUS = 1n << 256n;

/**
 * A table's content digest that does not depend on the order rows are read in (the two
 * databases sort text differently): the SHA-256 of each normalized row, summed modulo
 * 2^256. Rows of one table are unique by their primary key, so none cancel out.
 */
export class TableDigest {
  #sum = 0n;
  rows = 0;

  add(normalized: Row): void {
    const hash = createHash('sha256').update(JSON.stringify(normalized)).digest('hex');
    this.#sum = (this.#sum + BigInt(`0x${hash}`)) % DIGEST_MODULUS;
    this.rows += 1;
  }

  get hex(): string {
    return this.#sum.toString(16).padStart(64, '0');
  }
}

/**
 * The table's rows, normalized, in batches along the primary key ("after the last key
 * read"), so no batch rescans the ones before it; a table without one is read by offset.
 */
export async function* rowBatches(
  db: Kysely<AnyDatabase>,
  table: TableShape,
  batchRows = READ_BATCH_ROWS,
): AsyncGenerator<Row[]> {
  const key = table.primaryKey.length > 0 ? table.primaryKey : table.columns.map((c) => c.name);
  const keyList = sql.join(key.map((column) => sql.ref(column)));
  let last: Row | null = null;
  let offset = 0;
  for (;;) {
    let query = db.selectFrom(table.name).selectAll().limit(batchRows);
    for (const column of key) {
      query = query.orderBy(column);
    }
    if (table.primaryKey.length === 0) {
      query = query.offset(offset);
    } else if (last) {
      const lastKey = last;
      query = query.where(sql<boolean>`(${keyList}) > (${sql.join(key.map((c) => lastKey[c]))})`);
    }
    const batch = (await query.execute()).map((row) => normalizeRow(table, row));
    if (batch.length > 0) {
      yield batch;
    }
    if (batch.length < batchRows) {
      return;
    }
    last = batch[batch.length - 1] ?? null;
    offset += batch.length;
  }
}

/** Row count and digest of every table, read again from a database after a copy. */
export async function digestTables(
  db: Kysely<AnyDatabase>,
  tables: readonly TableShape[],
): Promise<Map<string, TableDigest>> {
  const digests = new Map<string, TableDigest>();
  for (const table of tables) {
    const digest = new TableDigest();
    for await (const batch of rowBatches(db, table)) {
      batch.forEach((row) => digest.add(row));
    }
    digests.set(table.name, digest);
  }
  return digests;
}
