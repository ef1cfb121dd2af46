import type { Insertable, Kysely, Selectable, Transaction } from 'kysely';
import { withinOwnerScope, type OwnerScope } from '@/db/filters';
import type { Database, FsUploadSessionsTable } from '@/db/types';

/** A multipart session into a mount, its bigint columns read as numbers. */
export type FsUploadSessionRow = Omit<
  Selectable<FsUploadSessionsTable>,
  'file_size' | 'part_size' | 'reserved_bytes'
> & {
  file_size: number;
  part_size: number;
  reserved_bytes: number;
};

export type NewFsUploadSession = Insertable<FsUploadSessionsTable>;

function toSessionRow(row: Selectable<FsUploadSessionsTable>): FsUploadSessionRow {
  return {
    ...row,
    file_size: Number(row.file_size),
    part_size: Number(row.part_size),
    reserved_bytes: Number(row.reserved_bytes),
  };
}

/**
 * SQL for multipart uploads into a mount (DESIGN §6, §7): kept in the database so an upload
 * resumes on any instance; one method per query, the owner in the WHERE. A row holds its
 * reservation on the capacity ledger (migration 014): the deletes answer whether they
 * removed it, so only the caller that did moves the ledger (multipart-reservation.ts).
 */
export class FsUploadSessionsRepo {
  constructor(private readonly db: Kysely<Database> | Transaction<Database>) {}

  insert(row: NewFsUploadSession) {
    return this.db.insertInto('fs_upload_sessions').values(row).execute();
  }

  /** The caller's live session for this file and size: what a repeated init resumes. */
  findResumable(match: {
    mountId: string;
    path: string;
    fileSize: number;
    createdBy: string;
    nowIso: string;
  }) {
    return this.db
      .selectFrom('fs_upload_sessions')
      .selectAll()
      .where('mount_id', '=', match.mountId)
      .where('path', '=', match.path)
      .where('file_size', '=', match.fileSize)
      .where('created_by', '=', match.createdBy)
      .where('expires_at', '>', match.nowIso)
      .orderBy('created_at', 'desc')
      .executeTakeFirst()
      .then((row) => row && toSessionRow(row));
  }

  /** A session by its storage upload id, if it lies within the caller's scope. */
  findByUploadId(uploadId: string, scope: OwnerScope) {
    return withinOwnerScope(
      this.db.selectFrom('fs_upload_sessions').selectAll().where('upload_id', '=', uploadId),
      scope,
    )
      .executeTakeFirst()
      .then((row) => row && toSessionRow(row));
  }

  /** A session by its own id, if it lies within the caller's scope. */
  findById(id: string, scope: OwnerScope) {
    return withinOwnerScope(
      this.db.selectFrom('fs_upload_sessions').selectAll().where('id', '=', id),
      scope,
    )
      .executeTakeFirst()
      .then((row) => row && toSessionRow(row));
  }

  /** Whether a live session of anyone writes to this path (a name in use, not yet a file). */
  async isWriting(mountId: string, path: string, nowIso: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('fs_upload_sessions')
      .select('id')
      .where('mount_id', '=', mountId)
      .where('path', '=', path)
      .where('expires_at', '>', nowIso)
      .executeTakeFirst();
    return row !== undefined;
  }

  /** Keeps an active session alive: the sweeper aborts only idle ones. */
  touch(id: string, expiresAt: string) {
    return this.db
      .updateTable('fs_upload_sessions')
      .set({ expires_at: expiresAt })
      .where('id', '=', id)
      .execute();
  }

  /** Deletes a session; false when another caller deleted it first. */
  async delete(id: string): Promise<boolean> {
    const result = await this.db
      .deleteFrom('fs_upload_sessions')
      .where('id', '=', id)
      .executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  /**
   * Deletes a session only while it is still idle past `nowIso`: one a part call or a
   * resume kept alive since the sweeper listed it stays. False when nothing was deleted.
   */
  async deleteExpired(id: string, nowIso: string): Promise<boolean> {
    const result = await this.db
      .deleteFrom('fs_upload_sessions')
      .where('id', '=', id)
      .where('expires_at', '<=', nowIso)
      .executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  /** Sessions idle past their expiry, for the sweeper. */
  listExpired(nowIso: string, limit: number) {
    return this.db
      .selectFrom('fs_upload_sessions')
      .selectAll()
      .where('expires_at', '<=', nowIso)
      .orderBy('expires_at', 'asc')
      .limit(limit)
      .execute()
      .then((rows) => rows.map(toSessionRow));
  }
}
