import type { Insertable, Kysely, Selectable } from 'kysely';
import type {
  Database,
  RequestReservationsTable,
  RequestTokensTable,
  RequestUploadsTable,
} from '@/db/types';

export type RequestUploadRow = Selectable<RequestUploadsTable>;
export type RequestTokenRow = Selectable<RequestTokensTable>;
export type ReservationRow = Selectable<RequestReservationsTable>;

/** SQL for what strangers send: their tokens, reservations in flight and uploads received. */
export class RequestUploadsRepo {
  constructor(private readonly db: Kysely<Database>) {}

  insertToken(row: Insertable<RequestTokensTable>) {
    return this.db.insertInto('request_tokens').values(row).execute();
  }

  findToken(tokenHash: string, nowIso: string) {
    return this.db
      .selectFrom('request_tokens')
      .selectAll()
      .where('token_hash', '=', tokenHash)
      .where('expires_at', '>', nowIso)
      .executeTakeFirst();
  }

  deleteExpiredTokens(nowIso: string) {
    return this.db.deleteFrom('request_tokens').where('expires_at', '<=', nowIso).execute();
  }

  insertReservation(row: Insertable<RequestReservationsTable>) {
    return this.db.insertInto('request_reservations').values(row).execute();
  }

  /** Ties a reservation to the pending file share of its multipart session. */
  attachReservation(id: string, fileId: string) {
    return this.db
      .updateTable('request_reservations')
      .set({ file_id: fileId })
      .where('id', '=', id)
      .execute();
  }

  findReservationOfFile(requestId: string, fileId: string) {
    return this.db
      .selectFrom('request_reservations')
      .selectAll()
      .where('request_id', '=', requestId)
      .where('file_id', '=', fileId)
      .executeTakeFirst();
  }

  /** Ends a reservation; 1 only for the call that ended it, so it is released once. */
  async deleteReservation(id: string): Promise<number> {
    const result = await this.db
      .deleteFrom('request_reservations')
      .where('id', '=', id)
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  listStaleReservations(nowIso: string, limit: number) {
    return this.db
      .selectFrom('request_reservations')
      .selectAll()
      .where('expires_at', '<=', nowIso)
      .limit(limit)
      .execute();
  }

  insertUpload(row: Insertable<RequestUploadsTable>) {
    return this.db.insertInto('request_uploads').values(row).execute();
  }

  findUpload(requestId: string, id: string) {
    return this.db
      .selectFrom('request_uploads')
      .selectAll()
      .where('request_id', '=', requestId)
      .where('id', '=', id)
      .executeTakeFirst();
  }

  listUploads(requestId: string, limit: number, offset: number) {
    return this.db
      .selectFrom('request_uploads')
      .selectAll()
      .where('request_id', '=', requestId)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .offset(offset)
      .execute();
  }

  async countUploads(requestId: string): Promise<number> {
    const row = await this.db
      .selectFrom('request_uploads')
      .select((eb) => eb.fn.countAll<string | number>().as('n'))
      .where('request_id', '=', requestId)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** Records the file share made of a mount arrival; 0 when another call recorded one first. */
  async recordSharedFile(id: string, fileId: string): Promise<number> {
    const result = await this.db
      .updateTable('request_uploads')
      .set({ file_id: fileId })
      .where('id', '=', id)
      .where('file_id', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows);
  }

  deleteUpload(id: string) {
    return this.db.deleteFrom('request_uploads').where('id', '=', id).execute();
  }
}
