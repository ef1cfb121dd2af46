import {
  sql,
  type Insertable,
  type Kysely,
  type Selectable,
  type SqlBool,
  type Updateable,
} from 'kysely';
import { everyColumnOf } from '@/db/columns';
import type { Database, FilesTable } from '@/db/types';
import { matchesSearch, withinOwnerScope, type OwnerScope } from '@/db/filters';
import type { ListRequest } from '@/lib/pagination';
import { liveViewCounter } from '@/shares/views';

/** A files row with its bigint columns already read as numbers. */
export type FileRow = Omit<Selectable<FilesTable>, 'size'> & { size: number };
/** A file row with its storage config's provider (SPEC §3 provider_type). */
export type FileWithProvider = FileRow & { provider_type: string };
export type NewFileRow = Insertable<FilesTable>;
export type FileChanges = Omit<Updateable<FilesTable>, 'id' | 'created_by' | 'created_at'>;

/** Whose rows a management query may touch: every one (admin) or one creator's (key). */
export type FileScope = OwnerScope;

function toFileRow<T extends Selectable<FilesTable>>(row: T): Omit<T, 'size'> & { size: number } {
  return { ...row, size: Number(row.size), views: Number(row.views) };
}

/** Every column of a file share, checked complete by the compiler. */
const FILE_COLUMNS = everyColumnOf<Selectable<FilesTable>>()([
  'id',
  'slug',
  's3_config_id',
  'path',
  'storage_path',
  'filename',
  'mimetype',
  'size',
  'etag',
  'remark',
  'password_hash',
  'expires_at',
  'max_views',
  'views',
  'created_by',
  'status',
  'private',
  'encrypted',
  'encrypted_meta',
  'created_at',
  'updated_at',
]);

/** Only a ready upload is counted: a pending one has no bytes to hand out yet. */
const ready = sql<SqlBool>`${sql.ref('status')} = ${'ready'}`;

/**
 * The anonymous download's only statement (DESIGN §11): the count and the read in one, by
 * the public slug, batched per share on PostgreSQL (DESIGN §16).
 */
const countOpenView = liveViewCounter<Selectable<FilesTable>>({
  table: 'files',
  key: 'slug',
  also: sql<SqlBool>`${ready} and ${sql.ref('password_hash')} is null and ${sql.ref('private')} = ${0}`,
  columns: FILE_COLUMNS,
});

/** A view counted once the share is found (the owner's, a password's, a visit's path). */
const countViewById = liveViewCounter<Selectable<FilesTable>>({
  table: 'files',
  key: 'id',
  also: ready,
  columns: FILE_COLUMNS,
});

/** SQL for file shares; one method per query, the owner in the WHERE where a scope applies. */
export class FilesRepo {
  constructor(private readonly db: Kysely<Database>) {}

  findBySlug(slug: string) {
    return this.db
      .selectFrom('files')
      .selectAll()
      .where('slug', '=', slug)
      .executeTakeFirst()
      .then((row) => row && toFileRow(row));
  }

  /**
   * What a link preview may know of a ready share behind its public link (modules/previews),
   * in one indexed read that counts nothing; a private or pending share is not there.
   */
  findCardBySlug(slug: string) {
    return this.db
      .selectFrom('files')
      .select([
        's3_config_id',
        'storage_path',
        'filename',
        'mimetype',
        'size',
        'password_hash',
        'expires_at',
        'max_views',
        'views',
        'encrypted',
      ])
      .where('slug', '=', slug)
      .where('private', '=', 0)
      .where('status', '=', 'ready')
      .executeTakeFirst()
      .then((row) => row && { ...row, size: Number(row.size), views: Number(row.views) });
  }

  /** Files joined with their config, for answers that carry provider_type. */
  private withProvider() {
    return this.db
      .selectFrom('files')
      .innerJoin('storage_configs', 'storage_configs.id', 'files.s3_config_id')
      .selectAll('files')
      .select('storage_configs.provider_type');
  }

  findById(id: string, scope: FileScope) {
    return this.withProvider()
      .where('files.id', '=', id)
      .$call((qb) => withinOwnerScope(qb, scope))
      .executeTakeFirst()
      .then((row) => row && toFileRow(row));
  }

  /** The shares among `ids` within `scope` (any status), in no particular order. */
  findManyByIds(ids: readonly string[], scope: FileScope) {
    return this.db
      .selectFrom('files')
      .selectAll()
      .where('id', 'in', ids)
      .$call((qb) => withinOwnerScope(qb, scope))
      .execute()
      .then((rows) => rows.map(toFileRow));
  }

  insert(row: NewFileRow) {
    return this.db.insertInto('files').values(row).execute();
  }

  /**
   * Counts one view of a ready, live share in one statement (`liveViewCounter`, DESIGN §4).
   * Undefined: not counted.
   */
  countView(id: string, nowIso: string) {
    return countViewById.count(this.db, id, nowIso).then((row) => row && toFileRow(row));
  }

  /**
   * Counts one view of a ready, live share without a password, found by slug, in one
   * statement: undefined when nothing was counted (no such share, pending, protected,
   * expired, used up).
   */
  countOpenViewBySlug(slug: string, nowIso: string) {
    return countOpenView.count(this.db, slug, nowIso).then((row) => row && toFileRow(row));
  }

  /** A page of ready and pending shares, newest first. */
  list(scope: FileScope, query: ListRequest) {
    return this.withProvider()
      .$call((qb) => withinOwnerScope(qb, scope))
      .$if(Boolean(query.search), (qb) => qb.where(searchFilter(query.search ?? '')))
      .orderBy('files.created_at', 'desc')
      .orderBy('files.id', 'desc')
      .limit(query.limit)
      .offset(query.offset)
      .execute()
      .then((rows) => rows.map(toFileRow));
  }

  count(scope: FileScope, search: string | undefined) {
    return this.db
      .selectFrom('files')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .$call((qb) => withinOwnerScope(qb, scope))
      .$if(Boolean(search), (qb) => qb.where(searchFilter(search ?? '')))
      .executeTakeFirstOrThrow()
      .then((row) => Number(row.n));
  }

  /** Bytes the shares on one storage config take, in-flight uploads included (quota). */
  usedBytes(configId: string) {
    return this.db
      .selectFrom('files')
      .select((eb) => eb.fn.sum<number | string | null>('size').as('total'))
      .where('s3_config_id', '=', configId)
      .executeTakeFirstOrThrow()
      .then((row) => Number(row.total ?? 0));
  }

  update(id: string, scope: FileScope, changes: FileChanges) {
    return this.db
      .updateTable('files')
      .set(changes)
      .where('id', '=', id)
      .$call((qb) => withinOwnerScope(qb, scope))
      .executeTakeFirst()
      .then((result) => Number(result.numUpdatedRows));
  }

  /** Turns a pending upload into a ready share; 0 when it was not pending any more. */
  markReady(id: string, changes: FileChanges) {
    return this.db
      .updateTable('files')
      .set({ ...changes, status: 'ready' })
      .where('id', '=', id)
      .where('status', '=', 'pending')
      .executeTakeFirst()
      .then((result) => Number(result.numUpdatedRows));
  }

  delete(id: string, scope: FileScope) {
    return this.db
      .deleteFrom('files')
      .where('id', '=', id)
      .$call((qb) => withinOwnerScope(qb, scope))
      .executeTakeFirst()
      .then((result) => Number(result.numDeletedRows));
  }

  /** Ready shares past their expiry: the sweeper deletes them with their objects. */
  listExpired(nowIso: string, limit: number) {
    return this.db
      .selectFrom('files')
      .selectAll()
      .where('status', '=', 'ready')
      .where('expires_at', 'is not', null)
      .where('expires_at', '<=', nowIso)
      .limit(limit)
      .execute()
      .then((rows) => rows.map(toFileRow));
  }

  /** Presigned uploads never committed (no multipart session) and older than `before`. */
  listStalePending(before: string, limit: number) {
    return this.db
      .selectFrom('files')
      .selectAll()
      .where('status', '=', 'pending')
      .where('created_at', '<', before)
      .where((eb) =>
        eb.not(
          eb.exists(
            eb
              .selectFrom('upload_sessions')
              .select('upload_sessions.id')
              .whereRef('upload_sessions.file_id', '=', 'files.id'),
          ),
        ),
      )
      .limit(limit)
      .execute()
      .then((rows) => rows.map(toFileRow));
  }
}

const SEARCHED_COLUMNS = ['filename', 'slug', 'remark'] as const;

function searchFilter(search: string) {
  return matchesSearch(SEARCHED_COLUMNS, search);
}

/** A unique-constraint violation (SQLite or PostgreSQL): on files, always the slug. */
export { isUniqueViolation } from '@/shares/slugs';
