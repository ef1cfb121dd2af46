import { sql, type Kysely, type Selectable, type Updateable, type WhereInterface } from 'kysely';
import type { Database, PastesTable } from '@/db/types';

export type PasteRow = Selectable<PastesTable>;
export type PasteChanges = Omit<Updateable<PastesTable>, 'id' | 'created_by' | 'created_at'>;

/** Whose pastes a management query may touch: every one (admin) or one creator's (key user). */
export type PasteScope = { kind: 'all' } | { kind: 'owner'; createdBy: string };

export interface PasteListQuery {
  limit: number;
  offset: number;
  search?: string | undefined;
}

const PREVIEW_CHARS = 200;

/** Columns of a list row: everything but the content, which is summarised instead. */
const LIST_COLUMNS = [
  'id',
  'slug',
  'format',
  'remark',
  'password_hash',
  'expires_at',
  'max_views',
  'views',
  'created_by',
  'created_at',
  'updated_at',
] as const;

/** LIKE pattern for a search term, its wildcards escaped so they match literally. */
function likePattern(search: string): string {
  return `%${search.toLowerCase().replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/** `column` contains the term, case-insensitively, on SQLite and PostgreSQL alike. */
function containsTerm(column: 'slug' | 'remark' | 'content', pattern: string) {
  return sql<boolean>`lower(${sql.ref(column)}) like ${pattern} escape '\\'`;
}

/** SQL for pastes; one method per query, the owner in the WHERE where a scope applies. */
export class PastesRepo {
  constructor(private readonly db: Kysely<Database>) {}

  findBySlug(slug: string) {
    return this.db.selectFrom('pastes').selectAll().where('slug', '=', slug).executeTakeFirst();
  }

  findById(id: string, scope: PasteScope) {
    return this.db
      .selectFrom('pastes')
      .selectAll()
      .where('id', '=', id)
      .$call((qb) => withinScope(qb, scope))
      .executeTakeFirst();
  }

  insert(row: PasteRow) {
    return this.db.insertInto('pastes').values(row).execute();
  }

  /**
   * Counts one view if the share is still live, in one statement, so N parallel readers of
   * a share limited to K views get exactly K rows back (DESIGN §4). Undefined: not counted.
   */
  countView(id: string, nowIso: string) {
    return this.db
      .updateTable('pastes')
      .set((eb) => ({ views: eb('views', '+', 1) }))
      .where('id', '=', id)
      .where((eb) => eb.or([eb('max_views', '=', 0), eb('views', '<', eb.ref('max_views'))]))
      .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', nowIso)]))
      .returningAll()
      .executeTakeFirst();
  }

  /** A page of list rows, newest first, with a preview and the size in bytes. */
  list(scope: PasteScope, query: PasteListQuery) {
    return this.db
      .selectFrom('pastes')
      .select(LIST_COLUMNS)
      .select((eb) => [
        eb.fn<string>('substr', ['content', sql.lit(1), sql.lit(PREVIEW_CHARS)]).as('preview'),
        eb.fn<number | string>('octet_length', ['content']).as('size'),
      ])
      .$call((qb) => withinScope(qb, scope))
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
      .$call((qb) => withinScope(qb, scope))
      .$if(Boolean(search), (qb) => qb.where(searchFilter(search ?? '')))
      .executeTakeFirstOrThrow()
      .then((row) => Number(row.n));
  }

  update(id: string, scope: PasteScope, changes: PasteChanges) {
    return this.db
      .updateTable('pastes')
      .set(changes)
      .where('id', '=', id)
      .$call((qb) => withinScope(qb, scope))
      .executeTakeFirst()
      .then((result) => Number(result.numUpdatedRows));
  }

  deleteMany(ids: readonly string[], scope: PasteScope) {
    return this.db
      .deleteFrom('pastes')
      .where('id', 'in', ids)
      .$call((qb) => withinScope(qb, scope))
      .executeTakeFirst()
      .then((result) => Number(result.numDeletedRows));
  }

  /** Deletes every share that expired or ran out of views. */
  deleteDead(nowIso: string) {
    return this.db
      .deleteFrom('pastes')
      .where((eb) =>
        eb.or([
          eb.and([eb('expires_at', 'is not', null), eb('expires_at', '<=', nowIso)]),
          eb.and([eb('max_views', '>', 0), eb('views', '>=', eb.ref('max_views'))]),
        ]),
      )
      .executeTakeFirst()
      .then((result) => Number(result.numDeletedRows));
  }
}

export type PasteListRow = Awaited<ReturnType<PastesRepo['list']>>[number];

/** Adds the owner to the WHERE of a key user's query; the admin's scope adds nothing. */
function withinScope<QB extends WhereInterface<Database, 'pastes'>>(qb: QB, scope: PasteScope): QB {
  return scope.kind === 'owner' ? (qb.where('created_by', '=', scope.createdBy) as QB) : qb;
}

function searchFilter(search: string) {
  const pattern = likePattern(search);
  const terms = (['slug', 'remark', 'content'] as const).map((column) =>
    containsTerm(column, pattern),
  );
  return sql<boolean>`(${sql.join(terms, sql` or `)})`;
}

/** A unique-constraint violation (SQLite or PostgreSQL): here, always the slug. */
export function isUniqueViolation(error: unknown): boolean {
  if (typeof error !== 'object' || error === null || !('code' in error)) {
    return false;
  }
  return error.code === 'SQLITE_CONSTRAINT_UNIQUE' || error.code === '23505';
}
