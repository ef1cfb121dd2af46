import type { Insertable, Kysely, Selectable, Updateable } from 'kysely';
import type { BundlesTable, Database } from '@/db/types';
import { matchesSearch, withinOwnerScope, type OwnerScope } from '@/db/filters';
import type { ListRequest } from '@/lib/pagination';
import { everyColumnOf } from '@/db/columns';
import { liveViewCounter } from '@/shares/views';

/** A bundles row with its counters read as numbers (PostgreSQL may answer strings). */
export type BundleRow = Selectable<BundlesTable>;
export type NewBundleRow = Insertable<BundlesTable>;
export type BundleChanges = Omit<Updateable<BundlesTable>, 'id' | 'created_by' | 'created_at'>;

/** Whose bundles a management query may touch: every one (admin) or the caller's own. */
export type BundleScope = OwnerScope;

/** One member of a bundle: which file, at which place. */
export interface BundleMember {
  bundle_id: string;
  file_id: string;
  position: number;
}

function toBundleRow(row: BundleRow): BundleRow {
  return { ...row, views: Number(row.views), max_views: Number(row.max_views) };
}

const SEARCHED_COLUMNS = ['title', 'slug'] as const;

/** A view of a found bundle, batched per bundle on PostgreSQL (DESIGN §16). */
const countViewById = liveViewCounter<BundleRow>({
  table: 'bundles',
  key: 'id',
  columns: everyColumnOf<BundleRow>()([
    'id',
    'slug',
    'title',
    'password_hash',
    'expires_at',
    'max_views',
    'views',
    'created_by',
    'created_at',
    'updated_at',
  ]),
});

/** SQL for bundles and their member lists; one method per query, the owner in the WHERE. */
export class BundlesRepo {
  constructor(private readonly db: Kysely<Database>) {}

  findById(id: string, scope: BundleScope) {
    return this.db
      .selectFrom('bundles')
      .selectAll()
      .where('id', '=', id)
      .$call((qb) => withinOwnerScope(qb, scope))
      .executeTakeFirst()
      .then((row) => row && toBundleRow(row));
  }

  findBySlug(slug: string) {
    return this.db
      .selectFrom('bundles')
      .selectAll()
      .where('slug', '=', slug)
      .executeTakeFirst()
      .then((row) => row && toBundleRow(row));
  }

  /**
   * What a link preview may know of a bundle (modules/previews), by its public slug, in one
   * indexed read that counts nothing: its rules, its title, how many files it holds and
   * whether they are end-to-end encrypted.
   */
  findCardBySlug(slug: string) {
    return (
      this.db
        .selectFrom('bundles')
        .select(['title', 'password_hash', 'expires_at', 'max_views', 'views'])
        .select((eb) =>
          eb
            .selectFrom('bundle_files')
            .select((inner) => inner.fn.countAll<number | string>().as('n'))
            .whereRef('bundle_files.bundle_id', '=', 'bundles.id')
            .as('file_count'),
        )
        // 1 for a bundle of end-to-end encrypted files (they are all or none): shown as protected.
        .select((eb) =>
          eb
            .selectFrom('bundle_files')
            .innerJoin('files', 'files.id', 'bundle_files.file_id')
            .select((inner) => inner.fn.max('files.encrypted').as('e'))
            .whereRef('bundle_files.bundle_id', '=', 'bundles.id')
            .as('encrypted'),
        )
        .where('slug', '=', slug)
        .executeTakeFirst()
        .then(
          (row) =>
            row && {
              ...row,
              views: Number(row.views),
              max_views: Number(row.max_views),
              file_count: Number(row.file_count),
              encrypted: Number(row.encrypted ?? 0),
            },
        )
    );
  }

  /** A page of bundles, newest first. */
  list(scope: BundleScope, query: ListRequest) {
    return this.db
      .selectFrom('bundles')
      .selectAll()
      .$call((qb) => withinOwnerScope(qb, scope))
      .$if(Boolean(query.search), (qb) =>
        qb.where(matchesSearch(SEARCHED_COLUMNS, query.search ?? '')),
      )
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(query.limit)
      .offset(query.offset)
      .execute()
      .then((rows) => rows.map(toBundleRow));
  }

  count(scope: BundleScope, search: string | undefined) {
    return this.db
      .selectFrom('bundles')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .$call((qb) => withinOwnerScope(qb, scope))
      .$if(Boolean(search), (qb) => qb.where(matchesSearch(SEARCHED_COLUMNS, search ?? '')))
      .executeTakeFirstOrThrow()
      .then((row) => Number(row.n));
  }

  /**
   * The bundle and its member list in one transaction: a bundle is never seen without its
   * files. A file deleted meanwhile fails the foreign key and nothing is written.
   */
  insertWithFiles(row: NewBundleRow, fileIds: readonly string[]) {
    return this.db.transaction().execute(async (trx) => {
      await trx.insertInto('bundles').values(row).execute();
      await trx
        .insertInto('bundle_files')
        .values(
          fileIds.map((fileId, position) => ({ bundle_id: row.id, file_id: fileId, position })),
        )
        .execute();
    });
  }

  update(id: string, scope: BundleScope, changes: BundleChanges) {
    return this.db
      .updateTable('bundles')
      .set(changes)
      .where('id', '=', id)
      .$call((qb) => withinOwnerScope(qb, scope))
      .executeTakeFirst()
      .then((result) => Number(result.numUpdatedRows));
  }

  /** Deletes the bundle; its member list and visits go with it (cascade), its files stay. */
  delete(id: string, scope: BundleScope) {
    return this.db
      .deleteFrom('bundles')
      .where('id', '=', id)
      .$call((qb) => withinOwnerScope(qb, scope))
      .executeTakeFirst()
      .then((result) => Number(result.numDeletedRows));
  }

  /** Gives every bundle in scope to another creator; answers how many. */
  setCreatorIn(scope: BundleScope, createdBy: string, nowIso: string) {
    return this.db
      .updateTable('bundles')
      .set({ created_by: createdBy, updated_at: nowIso })
      .$call((qb) => withinOwnerScope(qb, scope))
      .executeTakeFirst()
      .then((result) => Number(result.numUpdatedRows));
  }

  /** Deletes every bundle in scope; answers how many. */
  deleteIn(scope: BundleScope) {
    return this.db
      .deleteFrom('bundles')
      .$call((qb) => withinOwnerScope(qb, scope))
      .executeTakeFirst()
      .then((result) => Number(result.numDeletedRows));
  }

  /** Deletes the bundles that expired by `nowIso` (the sweeper's pass), at most `limit`. */
  async deleteExpired(nowIso: string, limit: number): Promise<number> {
    const ids = await this.db
      .selectFrom('bundles')
      .select('id')
      .where('expires_at', 'is not', null)
      .where('expires_at', '<=', nowIso)
      .limit(limit)
      .execute();
    if (ids.length === 0) {
      return 0;
    }
    const result = await this.db
      .deleteFrom('bundles')
      .where(
        'id',
        'in',
        ids.map((row) => row.id),
      )
      .where('expires_at', '<=', nowIso)
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  /** Counts one view of a live bundle in one statement (DESIGN §4); undefined: not counted. */
  countView(id: string, nowIso: string) {
    return countViewById.count(this.db, id, nowIso).then((row) => row && toBundleRow(row));
  }

  /** The members of these bundles, each bundle's in order. */
  members(bundleIds: readonly string[]): Promise<BundleMember[]> {
    if (bundleIds.length === 0) {
      return Promise.resolve([]);
    }
    return this.db
      .selectFrom('bundle_files')
      .select(['bundle_id', 'file_id', 'position'])
      .where('bundle_id', 'in', bundleIds)
      .orderBy('bundle_id')
      .orderBy('position')
      .execute()
      .then((rows) => rows.map((row) => ({ ...row, position: Number(row.position) })));
  }
}
