import type { ErrorKey } from '@pastebox/contract/errors';
import type { Expression, Kysely, Selectable, SqlBool } from 'kysely';
import type { Database } from '@/db/types';
import { AppError } from '@/lib/errors';
import { deadReason, type ShareLiveness } from './liveness';

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
 * `UPDATE … SET views = views + 1 WHERE id = ? AND (max_views = 0 OR views < max_views)
 * AND (expires_at IS NULL OR expires_at > now)` — so N parallel readers of a share limited
 * to K views get exactly K rows back (DESIGN §4). `also` narrows further (files: only a
 * ready upload). Answers the row after the count, or undefined when nothing was counted.
 */
export function countLiveView<T extends ShareTable>(
  db: Kysely<Database>,
  table: T,
  id: string,
  nowIso: string,
  also?: Expression<SqlBool>,
): Promise<Selectable<Database[T]> | undefined> {
  return liveViewStatement(db, table, 'id', id, nowIso, also)
    .returningAll()
    .executeTakeFirst() as Promise<Selectable<Database[T]> | undefined>;
}

/**
 * The counting statement itself, not run, and without its `RETURNING`: the caller names
 * the columns it needs (each returned column costs SQLite about half a microsecond per
 * row: docs/performance.md, round 9). `countLiveView` runs it by id; a reader's hot path
 * names the share by its public slug and compiles it once (db/compiled-query.ts), so its
 * first and only round trip costs no query building (DESIGN §11). The same `WHERE` guards
 * the limit either way, so exactness under concurrency is unchanged.
 */
export function liveViewStatement(
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

/** How one kind of share is counted and looked at again (its repository, bound to it). */
export interface ViewCounter<Row extends ShareLiveness & { id: string }> {
  /** The atomic count (usually `countLiveView`); undefined when nothing was counted. */
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
