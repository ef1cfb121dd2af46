import { parseDatabaseLocation, UsageError, type DatabaseLocation } from './database-url';
import { digestTables, rowBatches, TableDigest } from './rows';
import { withSnapshot } from './snapshot';
import {
  assertSameTables,
  assertTargetEmpty,
  clearSeededRows,
  finishSchema,
  insertRows,
  openTarget,
  prepareSchema,
} from './target';

/** One line of the comparison migrate-db prints. */
export interface TableComparison {
  table: string;
  sourceRows: number;
  targetRows: number;
  same: boolean;
}

function sameDatabase(a: DatabaseLocation, b: DatabaseLocation): boolean {
  return a.url === b.url;
}

/**
 * `npm run migrate-db -- --from A --to B`: copies every row of database A (read as of one
 * moment) into the fresh database B, in one transaction, then reads B back and compares
 * each table's count and content digest with A's. Storage files are not in the database
 * and do not move (docs/backup.md). Relative paths are taken from `base`.
 */
export async function runMigrateDb(
  from: string,
  to: string,
  base = process.cwd(),
): Promise<TableComparison[]> {
  const source = parseDatabaseLocation(from, base);
  const destination = parseDatabaseLocation(to, base);
  if (sameDatabase(source, destination)) {
    throw new UsageError('--from and --to name the same database');
  }
  const target = openTarget(destination);
  try {
    await assertTargetEmpty(target, destination.label);
    const { tables, sourceDigests } = await withSnapshot(source, async (snapshot) => {
      const targetTables = await prepareSchema(target, snapshot.migrations);
      assertSameTables(snapshot.tables, targetTables);
      const shapes = new Map(targetTables.map((t) => [t.name, t]));
      const digests = new Map<string, TableDigest>();
      await target.db.transaction().execute(async (trx) => {
        await clearSeededRows(trx, targetTables);
        for (const table of snapshot.tables) {
          const digest = new TableDigest();
          const shape = shapes.get(table.name) ?? table;
          for await (const batch of rowBatches(snapshot.db, table)) {
            batch.forEach((row) => digest.add(row));
            await insertRows(trx, shape, batch);
          }
          digests.set(table.name, digest);
        }
      });
      return { tables: targetTables, sourceDigests: digests };
    });
    const targetDigests = await digestTables(target.db, tables);
    const comparison = [...sourceDigests].map(([table, digest]) => {
      const copied = targetDigests.get(table);
      return {
        table,
        sourceRows: digest.rows,
        targetRows: copied?.rows ?? 0,
        same: copied?.rows === digest.rows && copied.hex === digest.hex,
      };
    });
    if (comparison.every((line) => line.same)) {
      await finishSchema(target);
    }
    return comparison;
  } finally {
    await target.handle.db.destroy();
  }
}
