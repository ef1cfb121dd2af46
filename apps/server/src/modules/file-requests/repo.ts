import { sql, type Insertable, type Kysely, type Updateable } from 'kysely';
import type { Database, FileRequestsTable } from '@/db/types';
import { matchesSearch, withinOwnerScope, type OwnerScope } from '@/db/filters';
import type { ListRequest } from '@/lib/pagination';
import type { RequestOwner } from './rules';

export type NewFileRequestRow = Insertable<FileRequestsTable>;
export type FileRequestChanges = Omit<
  Updateable<FileRequestsTable>,
  'id' | 'created_by' | 'created_at' | 'owner_kind' | 'owner_id' | 'kind'
>;

/** The request is still taking uploads: not closed, not expired (the view limit is /open's). */
function stillOpen(nowIso: string) {
  return sql<boolean>`closed_at is null and (expires_at is null or expires_at > ${nowIso})`;
}

/** SQL for file requests and their allowance; one method per query. */
export class FileRequestsRepo {
  constructor(private readonly db: Kysely<Database>) {}

  insert(row: NewFileRequestRow) {
    return this.db.insertInto('file_requests').values(row).execute();
  }

  findById(id: string, scope: OwnerScope) {
    return this.db
      .selectFrom('file_requests')
      .selectAll()
      .where('id', '=', id)
      .$call((qb) => withinOwnerScope(qb, scope))
      .executeTakeFirst();
  }

  findBySlug(slug: string) {
    return this.db
      .selectFrom('file_requests')
      .selectAll()
      .where('slug', '=', slug)
      .executeTakeFirst();
  }

  list(scope: OwnerScope, request: ListRequest) {
    const { search } = request;
    return this.db
      .selectFrom('file_requests')
      .selectAll()
      .$call((qb) => withinOwnerScope(qb, scope))
      .$if(search !== undefined, (qb) => qb.where(matchesSearch(['title', 'slug'], search ?? '')))
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(request.limit)
      .offset(request.offset)
      .execute();
  }

  async count(scope: OwnerScope, search: string | undefined): Promise<number> {
    const row = await this.db
      .selectFrom('file_requests')
      .select((eb) => eb.fn.countAll<string | number>().as('n'))
      .$call((qb) => withinOwnerScope(qb, scope))
      .$if(search !== undefined, (qb) => qb.where(matchesSearch(['title', 'slug'], search ?? '')))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  async update(id: string, scope: OwnerScope, changes: FileRequestChanges): Promise<number> {
    const result = await this.db
      .updateTable('file_requests')
      .set(changes)
      .where('id', '=', id)
      .$call((qb) => withinOwnerScope(qb, scope))
      .executeTakeFirst();
    return Number(result.numUpdatedRows);
  }

  async delete(id: string, scope: OwnerScope): Promise<number> {
    const result = await this.db
      .deleteFrom('file_requests')
      .where('id', '=', id)
      .$call((qb) => withinOwnerScope(qb, scope))
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  /** Sets the owner of every request in scope (an account's deletion, a key's); answers how many. */
  async setOwnerIn(
    scope: OwnerScope,
    owner: RequestOwner & { created_by: string; updated_at: string },
  ): Promise<number> {
    const result = await this.db
      .updateTable('file_requests')
      .set(owner)
      .$call((qb) => withinOwnerScope(qb, scope))
      .executeTakeFirst();
    return Number(result.numUpdatedRows);
  }

  /** Deletes every request in scope (their tokens, reservations and records cascade). */
  async deleteIn(scope: OwnerScope): Promise<number> {
    const result = await this.db
      .deleteFrom('file_requests')
      .$call((qb) => withinOwnerScope(qb, scope))
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  /**
   * Whether the owner can still act: an enabled account, or a key that exists, has not
   * expired and whose account (if any) is enabled. One read of the accounts and keys tables,
   * as the principal resolution would read them for the owner's own request.
   */
  async ownerIsLive(owner: RequestOwner, nowIso: string): Promise<boolean> {
    if (owner.owner_kind === 'admin' || owner.owner_kind === 'member') {
      const account = await this.db
        .selectFrom('accounts')
        .select('disabled')
        .where('id', '=', owner.owner_id)
        .executeTakeFirst();
      return account !== undefined && Number(account.disabled) === 0;
    }
    const key = await this.db
      .selectFrom('api_keys')
      .leftJoin('accounts', 'accounts.id', 'api_keys.account_id')
      .select(['api_keys.expires_at', 'api_keys.account_id', 'accounts.disabled'])
      .where('api_keys.id', '=', owner.owner_id)
      .executeTakeFirst();
    if (!key || (key.expires_at !== null && key.expires_at <= nowIso)) {
      return false;
    }
    return key.account_id === null || (key.disabled !== null && Number(key.disabled) === 0);
  }

  /** Counts one page opening if the request is open and has views left; false otherwise. */
  async countView(id: string, nowIso: string): Promise<boolean> {
    const result = await this.db
      .updateTable('file_requests')
      .set((eb) => ({ views: eb('views', '+', 1) }))
      .where('id', '=', id)
      .where(stillOpen(nowIso))
      .where((eb) => eb.or([eb('max_views', '=', 0), eb('views', '<', eb.ref('max_views'))]))
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /**
   * Reserves one file of `bytes` in ONE conditional UPDATE: the row's lock lines parallel
   * uploaders up, and each sees the others' reservations, so together they never pass the
   * limits. False when the request is closed, expired or would overflow.
   */
  async reserve(id: string, bytes: number, nowIso: string): Promise<boolean> {
    const result = await this.db
      .updateTable('file_requests')
      .set((eb) => ({
        files_reserved: eb('files_reserved', '+', 1),
        bytes_reserved: eb('bytes_reserved', '+', bytes),
      }))
      .where('id', '=', id)
      .where(stillOpen(nowIso))
      .where(sql<boolean>`(max_files = 0 or files_received + files_reserved + 1 <= max_files)`)
      .where(
        sql<boolean>`(max_total_bytes = 0 or bytes_received + bytes_reserved + ${bytes} <= max_total_bytes)`,
      )
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /** Gives a reservation back (failure, abort, sweep). */
  async release(id: string, bytes: number): Promise<void> {
    await this.db
      .updateTable('file_requests')
      .set((eb) => ({
        files_reserved: eb('files_reserved', '-', 1),
        bytes_reserved: eb('bytes_reserved', '-', bytes),
      }))
      .where('id', '=', id)
      .where('files_reserved', '>', 0)
      .execute();
  }

  /**
   * Turns a reservation into received: the upload's record is in. `reservedBytes` null: the
   * reservation was given back already (swept), so only the received side moves.
   */
  async commit(id: string, reservedBytes: number | null, receivedBytes: number): Promise<void> {
    await this.db
      .updateTable('file_requests')
      .set((eb) => ({
        ...(reservedBytes === null
          ? {}
          : {
              files_reserved: eb('files_reserved', '-', 1),
              bytes_reserved: eb('bytes_reserved', '-', reservedBytes),
            }),
        files_received: eb('files_received', '+', 1),
        bytes_received: eb('bytes_received', '+', receivedBytes),
      }))
      .where('id', '=', id)
      .execute();
  }
}
