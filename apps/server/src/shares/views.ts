import type { ErrorKey } from '@pastebox/contract/errors';
import { sql, type Expression, type Kysely, type SqlBool } from 'kysely';
import { columnsAsThemselves } from '@/db/columns';
import { compiledOnce } from '@/db/compiled-query';
import { isPostgres } from '@/db/migrations/dialect';
import type { Database } from '@/db/types';
import { AppError } from '@/lib/errors';
import { deadReason, type ShareLiveness } from './liveness';
import { ViewBatcher, type GrantedViews } from './view-batch';

/** The tables that hold shares: each has id, views, max_views and expires_at. */
export type ShareTable = 'pastes' | 'files' | 'bundles';

/** The columns the view count reads and writes, identical in every share table. */
interface CountedColumns {
  id: string;
  slug: string;
  views: number;
  max_views: number;
  expires_at: string | null;
}

/**
 * Counts one view of a live share in one statement —
 * `UPDATE … SET views = views + 1 WHERE key = ? AND (max_views = 0 OR views < max_views)
 * AND (expires_at IS NULL OR expires_at > now)` — so N parallel readers of a share limited
 * to K views get exactly K rows back (DESIGN §4). Not run, and without its `RETURNING`: the
 * counter names the columns it needs (each returned column costs SQLite about half a
 * microsecond per row: docs/performance.md, round 9), and compiles it once
 * (db/compiled-query.ts), so a read's first and only round trip costs no query building
 * (DESIGN §11).
 */
function liveViewStatement(
  db: Kysely<Database>,
  table: ShareTable,
  column: 'id' | 'slug',
  value: string,
  nowIso: string,
  also: Expression<SqlBool> | undefined,
) {
  // Seen through the columns both tables share, the statement is written once for either.
  const shares = db as unknown as Kysely<Record<ShareTable, CountedColumns>>;
  return shares
    .updateTable(table)
    .set((eb) => ({ views: eb('views', '+', 1) }))
    .where(column, '=', value)
    .where((eb) => eb.or([eb('max_views', '=', 0), eb('views', '<', eb.ref('max_views'))]))
    .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', nowIso)]))
    .$if(also !== undefined, (qb) => qb.where(() => also as Expression<SqlBool>));
}

/** Which share a counter counts and what it answers: one per hot path, built once. */
export interface LiveViewShape {
  table: ShareTable;
  /** How the reader names the share: its public slug, or its id once found. */
  key: 'id' | 'slug';
  /** Narrows what counts (files: only a ready upload; the anonymous path: no password). */
  also?: Expression<SqlBool>;
  /** The columns answered, named: `*` cannot be prepared safely (db/prepared-statements.ts). */
  columns: readonly string[];
}

/** Counts views of one `LiveViewShape`, on whichever database it is handed. */
export interface LiveViewCounter<Row> {
  /** One view of the share behind `key`, if live: its row after the count, or undefined. */
  count(db: Kysely<Database>, key: string, nowIso: string): Promise<Row | undefined>;
}

/**
 * The counting of one hot path (DESIGN §4, §11, §16). On SQLite each read runs the one-view
 * statement, and the group commit folds the reads of one turn into one transaction. On
 * PostgreSQL the reads of a share that arrive together on this instance are counted by one
 * statement (./view-batch.ts, `liveViewBatchStatement`), so a share read by everyone is no
 * longer held to one row's commit rate, and every instance still grants at most what is
 * left: the limit stays exact across instances.
 */
export function liveViewCounter<Row extends object>(shape: LiveViewShape): LiveViewCounter<Row> {
  const countOne = compiledOnce<{ key: string; nowIso: string }, unknown>((db, value) =>
    liveViewStatement(
      db,
      shape.table,
      shape.key,
      value('key'),
      value('nowIso'),
      shape.also,
    ).returning(columnsAsThemselves(shape.columns)),
  );
  const countMany = compiledOnce<{ keys: string[]; counts: number[]; nows: string[] }, unknown>(
    (db, value) => {
      const statement = liveViewBatchStatement(
        shape,
        value('keys'),
        value('counts'),
        value('nows'),
      );
      return { compile: () => statement.compile(db) };
    },
  );
  const batchers = new WeakMap<Kysely<Database>, ViewBatcher<Row> | null>();
  const batcherFor = (db: Kysely<Database>) => {
    let batcher = batchers.get(db);
    if (batcher === undefined) {
      batcher = isPostgres(db as Kysely<unknown>)
        ? new ViewBatcher<Row>({
            sendOne: (key, nowIso) =>
              countOne(db, { key, nowIso }).then((result) => result.rows[0] as Row | undefined),
            sendMany: (keys, counts, nows) =>
              countMany(db, { keys, counts, nows }).then((result) =>
                grantedByKey<Row>(result.rows as BatchRow<Row>[]),
              ),
          })
        : null;
      batchers.set(db, batcher);
    }
    return batcher;
  };
  return {
    count(db, key, nowIso) {
      const batcher = batcherFor(db);
      if (batcher) {
        return batcher.count(key, nowIso);
      }
      return countOne(db, { key, nowIso }).then((result) => result.rows[0] as Row | undefined);
    },
  };
}

/** A row of the batch statement: the share's columns, its key and the views granted. */
type BatchRow<Row> = Row & { batch_key: string; batch_granted: number };

function grantedByKey<Row>(rows: BatchRow<Row>[]): Map<string, GrantedViews<Row>> {
  const byKey = new Map<string, GrantedViews<Row>>();
  for (const { batch_key, batch_granted, ...row } of rows) {
    byKey.set(batch_key, { row: row as Row, granted: Number(batch_granted) });
  }
  return byKey;
}

/**
 * PostgreSQL's statement for a batch: `counts[i]` views of the share behind `keys[i]`, each
 * granting at most the views it has left —
 *
 *     UPDATE t SET views = views + least(n, max_views - views)   -- or n when unlimited
 *     FROM (SELECT … FROM t JOIN unnest(keys, counts, nows) … WHERE live … ORDER BY id
 *           FOR UPDATE OF t) AS batch
 *     RETURNING columns, key, views - views_before AS granted
 *
 * The subquery locks the live rows first, in id order (two instances' batches over the
 * same shares then never wait on each other in a cycle), and reads each one's views as
 * it stands under the lock: `views - views_before` is then exactly what this statement
 * granted, which an UPDATE's RETURNING alone could not tell once the limit capped it.
 */
function liveViewBatchStatement(
  shape: LiveViewShape,
  keys: string[],
  counts: number[],
  nows: string[],
) {
  const table = sql.table(shape.table);
  const also = shape.also ?? sql<SqlBool>`true`;
  const returned = sql.join(shape.columns.map((column) => sql.ref(column)));
  return sql`update ${table} set views = views + least(batch.batch_n, case when max_views = 0
      then batch.batch_n else max_views - views end)
    from (select s.id as batch_id, s.views as views_before, w.batch_key, w.batch_n
      from ${table} as s
      join unnest(${keys}::text[], ${counts}::int[], ${nows}::text[])
        as w(batch_key, batch_n, batch_now) on s.${sql.ref(shape.key)} = w.batch_key
      where (s.max_views = 0 or s.views < s.max_views)
        and (s.expires_at is null or s.expires_at > w.batch_now)
        and ${also}
      order by s.id
      for update of s) as batch
    where ${sql.ref(`${shape.table}.id`)} = batch.batch_id
    returning ${returned}, batch.batch_key, views - batch.views_before as batch_granted`;
}

/** How one kind of share is counted and looked at again (its repository, bound to it). */
export interface ViewCounter<Row extends ShareLiveness & { id: string }> {
  /** The atomic count (a repository's `liveViewCounter`); undefined when nothing was counted. */
  count(row: Row, nowIso: string): Promise<Row | undefined>;
  /** The share as it is now, or undefined when it is gone. */
  reload(row: Row): Promise<Row | undefined>;
  /** The error for a share that went away meanwhile: PASTE_NOT_FOUND, FILE_NOT_FOUND. */
  notFound: ErrorKey;
}

/**
 * Counts one view and answers the row as it is after the count. When the count did not
 * happen, another reader took the last view, or the share just expired or went: the
 * answer says which (410 or 404), looked up again because the row in hand is stale.
 */
export async function countViewOrExplain<Row extends ShareLiveness & { id: string }>(
  counter: ViewCounter<Row>,
  row: Row,
  nowIso: string,
): Promise<Row> {
  const counted = await counter.count(row, nowIso);
  if (counted) {
    return counted;
  }
  const current = await counter.reload(row);
  if (!current) {
    throw new AppError(counter.notFound);
  }
  throw new AppError(deadReason(current, nowIso) ?? 'VIEW_LIMIT_REACHED');
}
