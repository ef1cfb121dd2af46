import type { Insertable, Kysely } from 'kysely';
import { compiledOnce } from '@/db/compiled-query';
import type { Database, ShareVisitsTable } from '@/db/types';
import type { ShareTable } from './views';

/** The columns a new visit sets; bytes_served starts at its default, 0. */
const VISIT_COLUMNS = [
  'id',
  'file_id',
  'paste_id',
  'bundle_id',
  'byte_budget',
  'expires_at',
  'max_expires_at',
  'created_at',
] as const satisfies readonly (keyof ShareVisitsTable)[];

export type NewVisitRow = Required<
  Pick<Insertable<ShareVisitsTable>, (typeof VISIT_COLUMNS)[number]>
>;

/**
 * The visit of one opening (every view of a paste page issues one), compiled once per
 * database like the other statements of an anonymous read (DESIGN §11): building the
 * insert anew cost about a tenth of a paste page's answer.
 */
const insertVisit = compiledOnce<NewVisitRow, unknown>((db, value) =>
  db
    .insertInto('share_visits')
    .values(
      Object.fromEntries(VISIT_COLUMNS.map((column) => [column, value(column)])) as NewVisitRow,
    ),
);

/** A share as visits name it: the table it lives in and its id there. */
export interface ShareRef {
  table: ShareTable;
  id: string;
}

/** The column of share_visits that names a share of each table (one per table, for its FK). */
export const VISIT_SHARE_COLUMN = {
  files: 'file_id',
  pastes: 'paste_id',
  bundles: 'bundle_id',
} as const satisfies Record<ShareTable, keyof ShareVisitsTable>;

/**
 * SQL for share visits (DESIGN §5); one method per query, used by ./visits.ts and
 * ./visit-bytes.ts only. A visit names its share by the column of the share's table
 * (`VISIT_SHARE_COLUMN`), so deleting the share deletes its visits.
 */
export class VisitsRepo {
  constructor(private readonly db: Kysely<Database>) {}

  /** Inserts the visit of one opening. */
  insertOne(row: NewVisitRow) {
    return insertVisit(this.db, row);
  }

  /** Inserts the visits of a page of managed shares, one statement for all. */
  insertMany(rows: NewVisitRow[]) {
    return this.db.insertInto('share_visits').values(rows).execute();
  }

  /** True when the visit exists for this share, is unexpired and has bytes left. */
  isLive(id: string, share: ShareRef, nowIso: string) {
    return this.db
      .selectFrom('share_visits')
      .select('id')
      .where('id', '=', id)
      .where(VISIT_SHARE_COLUMN[share.table], '=', share.id)
      .where('expires_at', '>', nowIso)
      .where((eb) => eb('bytes_served', '<', eb.ref('byte_budget')))
      .executeTakeFirst()
      .then((row) => row !== undefined);
  }

  /**
   * Reserves `bytes` of the budget in one statement, before anything is streamed, so
   * parallel requests on any number of instances can never serve more than the budget;
   * the life slides to `slideTo`, capped at max_expires_at. False: nothing was reserved.
   */
  reserve(id: string, share: ShareRef, bytes: number, nowIso: string, slideTo: string) {
    return this.db
      .updateTable('share_visits')
      .set((eb) => ({
        bytes_served: eb('bytes_served', '+', bytes),
        expires_at: eb
          .case()
          .when('max_expires_at', '<', slideTo)
          .then(eb.ref('max_expires_at'))
          .else(slideTo)
          .end(),
      }))
      .where('id', '=', id)
      .where(VISIT_SHARE_COLUMN[share.table], '=', share.id)
      .where('expires_at', '>', nowIso)
      .where((eb) => eb(eb('bytes_served', '+', bytes), '<=', eb.ref('byte_budget')))
      .executeTakeFirst()
      .then((result) => Number(result.numUpdatedRows) === 1);
  }

  /** Gives back reserved bytes that were never read (a stream ended early). */
  release(id: string, bytes: number) {
    return this.db
      .updateTable('share_visits')
      .set((eb) => ({ bytes_served: eb('bytes_served', '-', bytes) }))
      .where('id', '=', id)
      .execute();
  }

  /** Revokes every visit of one share (its password or limits changed). */
  deleteForShare(share: ShareRef) {
    return this.db
      .deleteFrom('share_visits')
      .where(VISIT_SHARE_COLUMN[share.table], '=', share.id)
      .executeTakeFirst()
      .then((result) => Number(result.numDeletedRows));
  }

  /** Visits past their life: the sweeper removes them. */
  deleteExpired(nowIso: string) {
    return this.db
      .deleteFrom('share_visits')
      .where('expires_at', '<=', nowIso)
      .executeTakeFirst()
      .then((result) => Number(result.numDeletedRows));
  }
}
