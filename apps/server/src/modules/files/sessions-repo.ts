import type { Insertable, Kysely, Selectable } from 'kysely';
import type { Database, UploadSessionsTable } from '@/db/types';

/** A multipart session with its bigint columns read as numbers. */
export type UploadSessionRow = Omit<Selectable<UploadSessionsTable>, 'part_size' | 'total_size'> & {
  part_size: number;
  total_size: number;
};

export type NewUploadSession = Insertable<UploadSessionsTable>;

function toSessionRow(row: Selectable<UploadSessionsTable>): UploadSessionRow {
  return { ...row, part_size: Number(row.part_size), total_size: Number(row.total_size) };
}

/** SQL for multipart upload sessions (DESIGN §6: kept in the database, so uploads resume). */
export class UploadSessionsRepo {
  constructor(private readonly db: Kysely<Database>) {}

  insert(row: NewUploadSession) {
    return this.db.insertInto('upload_sessions').values(row).execute();
  }

  findByFileId(fileId: string) {
    return this.db
      .selectFrom('upload_sessions')
      .selectAll()
      .where('file_id', '=', fileId)
      .executeTakeFirst()
      .then((row) => row && toSessionRow(row));
  }

  /** Keeps an active session alive: the sweeper aborts only idle ones. */
  touch(id: string, nowIso: string, expiresAt: string) {
    return this.db
      .updateTable('upload_sessions')
      .set({ updated_at: nowIso, expires_at: expiresAt })
      .where('id', '=', id)
      .execute();
  }

  delete(id: string) {
    return this.db.deleteFrom('upload_sessions').where('id', '=', id).execute();
  }

  /** Sessions idle past their expiry, for the sweeper. */
  listExpired(nowIso: string, limit: number) {
    return this.db
      .selectFrom('upload_sessions')
      .selectAll()
      .where('expires_at', '<=', nowIso)
      .limit(limit)
      .execute()
      .then((rows) => rows.map(toSessionRow));
  }
}
