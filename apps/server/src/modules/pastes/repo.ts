import { sql, type Kysely, type Selectable, type SqlBool, type Updateable } from 'kysely';
import type { Database, PastesTable } from '@/db/types';
import { matchesSearch, withinOwnerScope, type OwnerScope } from '@/db/filters';
import type { ListRequest } from '@/lib/pagination';
import { everyColumnOf } from '@/db/columns';
import { compiledOnce } from '@/db/compiled-query';
import { liveViewCounter } from '@/shares/views';

export type PasteRow = Selectable<PastesTable>;
export type PasteChanges = Omit<Updateable<PastesTable>, 'id' | 'created_by' | 'created_at'>;

/** Whose rows a management query may touch: every one (admin) or one creator's (key). */
export type PasteScope = OwnerScope;

const PREVIEW_CHARS = 200;

/**
 * The anonymous count's own condition: the share has no password and is not a file
 * request's private text answer (issue 33), which no public read reaches.
 */
const passwordFree = sql<SqlBool>`${sql.ref('password_hash')} is null and ${sql.ref('private')} = 0`;

/** Every column of a paste, checked complete by the compiler: a create writes them all. */
const PASTE_COLUMNS = everyColumnOf<PasteRow>()([
  'id',
  'slug',
  'content',
  'format',
  'remark',
  'password_hash',
  'expires_at',
  'max_views',
  'views',
  'created_by',
  'private',
  'encrypted',
  'created_at',
  'updated_at',
]);

/**
 * The anonymous reader's only statement (DESIGN §11): the count and the read in one, by
 * the public slug, batched per share on PostgreSQL (DESIGN §16).
 */
const countOpenView = liveViewCounter<PasteRow>({
  table: 'pastes',
  key: 'slug',
  also: passwordFree,
  columns: PASTE_COLUMNS,
});

/**
 * The same count for a raw read, which answers the content alone: returning one column
 * instead of twelve halves SQLite's share of the read (docs/performance.md, round 9). An
 * encrypted share takes the full path, which knows the row and so whether the read burns it.
 */
const countOpenRawView = liveViewCounter<Pick<PasteRow, 'content'>>({
  table: 'pastes',
  key: 'slug',
  also: sql<SqlBool>`${passwordFree} and ${sql.ref('encrypted')} = 0`,
  columns: ['content'],
});

/** A view counted once the share is found (the owner's, a password's, a visit's path). */
const countViewById = liveViewCounter<PasteRow>({
  table: 'pastes',
  key: 'id',
  columns: PASTE_COLUMNS,
});

/** Columns of a list row: everything but the content, which is summarised instead. */
const LIST_COLUMNS = PASTE_COLUMNS.filter(
  (column): column is Exclude<(typeof PASTE_COLUMNS)[number], 'content'> => column !== 'content',
);

/** A create's only statement (DESIGN §11), compiled once per database. */
const insertPaste = compiledOnce<PasteRow, unknown>((db, value) =>
  db
    .insertInto('pastes')
    .values(Object.fromEntries(PASTE_COLUMNS.map((column) => [column, value(column)])) as PasteRow),
);

/** SQL for pastes; one method per query, the owner in the WHERE where a scope applies. */
export class PastesRepo {
  constructor(private readonly db: Kysely<Database>) {}

  /** A share behind its public link: a private one (a request's text answer) is not. */
  findBySlug(slug: string) {
    return this.db
      .selectFrom('pastes')
      .selectAll()
      .where('slug', '=', slug)
      .where('private', '=', 0)
      .executeTakeFirst();
  }

  /**
   * What a link preview may know of a share (modules/previews), by its public slug, in one
   * indexed read that counts nothing: its rules, and the opening of its text only when
   * nothing protects it (no password, no view limit, not sealed), so a protected share's
   * content never leaves the database on this path.
   */
  findCardBySlug(slug: string, openingChars: number) {
    return this.db
      .selectFrom('pastes')
      .select(['password_hash', 'expires_at', 'max_views', 'views', 'encrypted'])
      .select((eb) =>
        eb
          .case()
          .when(
            eb.and([
              eb('encrypted', '=', 0),
              eb('password_hash', 'is', null),
              eb('max_views', '=', 0),
            ]),
          )
          .then(eb.fn<string>('substr', ['content', sql.lit(1), sql.lit(openingChars)]))
          .else(sql.lit(''))
          .end()
          .$castTo<string>()
          .as('opening'),
      )
      .where('slug', '=', slug)
      .where('private', '=', 0)
      .executeTakeFirst();
  }

  findById(id: string, scope: PasteScope) {
    return this.db
      .selectFrom('pastes')
      .selectAll()
      .where('id', '=', id)
      .$call((qb) => withinOwnerScope(qb, scope))
      .executeTakeFirst();
  }

  insert(row: PasteRow) {
    return insertPaste(this.db, row);
  }

  /** Counts one view if the share is still live (`liveViewCounter`, DESIGN §4). */
  countView(id: string, nowIso: string) {
    return countViewById.count(this.db, id, nowIso);
  }

  /**
   * Counts one view of a live share without a password, found by slug, in one statement:
   * undefined when nothing was counted (no such share, protected, expired, used up).
   */
  countOpenViewBySlug(slug: string, nowIso: string) {
    return countOpenView.count(this.db, slug, nowIso);
  }

  /** `countOpenViewBySlug` for a raw read: the content of the share it counted, if any. */
  countOpenRawViewBySlug(slug: string, nowIso: string) {
    return countOpenRawView.count(this.db, slug, nowIso).then((row) => row?.content);
  }

  /** A page of list rows, newest first, with a preview and the size in bytes. */
  list(scope: PasteScope, query: ListRequest) {
    return this.db
      .selectFrom('pastes')
      .select(LIST_COLUMNS)
      .select((eb) => [
        // An encrypted share's content is a sealed blob: nothing of it is previewed.
        eb
          .case()
          .when('encrypted', '=', 1)
          .then(sql.lit(''))
          .else(eb.fn<string>('substr', ['content', sql.lit(1), sql.lit(PREVIEW_CHARS)]))
          .end()
          .$castTo<string>()
          .as('preview'),
        eb.fn<number | string>('octet_length', ['content']).as('size'),
      ])
      .$call((qb) => withinOwnerScope(qb, scope))
      .$if(Boolean(query.search), (qb) => qb.where(searchFilter(query.search ?? '')))
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(query.limit)
      .offset(query.offset)
      .execute();
  }

  count(scope: PasteScope, search: string | undefined) {
    return this.db
      .selectFrom('pastes')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .$call((qb) => withinOwnerScope(qb, scope))
      .$if(Boolean(search), (qb) => qb.where(searchFilter(search ?? '')))
      .executeTakeFirstOrThrow()
      .then((row) => Number(row.n));
  }

  update(id: string, scope: PasteScope, changes: PasteChanges) {
    return this.db
      .updateTable('pastes')
      .set(changes)
      .where('id', '=', id)
      .$call((qb) => withinOwnerScope(qb, scope))
      .executeTakeFirst()
      .then((result) => Number(result.numUpdatedRows));
  }

  /** Deletes one share whoever owns it (burn after reading); answers whether it went. */
  deleteById(id: string) {
    return this.deleteMany([id], { kind: 'all' }).then((deleted) => deleted > 0);
  }

  deleteMany(ids: readonly string[], scope: PasteScope) {
    return this.db
      .deleteFrom('pastes')
      .where('id', 'in', ids)
      .$call((qb) => withinOwnerScope(qb, scope))
      .executeTakeFirst()
      .then((result) => Number(result.numDeletedRows));
  }

  /**
   * Deletes every share that expired or ran out of views: two statements, each served by
   * its partial index (migration 010), where one `OR` would read the whole table.
   */
  async deleteDead(nowIso: string) {
    const expired = await this.db
      .deleteFrom('pastes')
      .where('expires_at', 'is not', null)
      .where('expires_at', '<=', nowIso)
      .executeTakeFirst();
    const usedUp = await this.db
      .deleteFrom('pastes')
      .where('max_views', '>', 0)
      .where('views', '>=', (eb) => eb.ref('max_views'))
      .executeTakeFirst();
    return Number(expired.numDeletedRows) + Number(usedUp.numDeletedRows);
  }
}

export type PasteListRow = Awaited<ReturnType<PastesRepo['list']>>[number];

const SEARCHED_COLUMNS = ['slug', 'remark', 'content'] as const;

function searchFilter(search: string) {
  return matchesSearch(SEARCHED_COLUMNS, search);
}
