import type { Kysely } from 'kysely';
import type { Database } from '@/db/types';

/** SQL for admins and their sessions; one method per query. */
export class AuthRepo {
  constructor(private readonly db: Kysely<Database>) {}

  countAdmins() {
    return this.db
      .selectFrom('admins')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .executeTakeFirstOrThrow()
      .then((row) => Number(row.n));
  }

  findAdminByUsername(username: string) {
    return this.db
      .selectFrom('admins')
      .selectAll()
      .where('username', '=', username)
      .executeTakeFirst();
  }

  findAdminById(id: string) {
    return this.db.selectFrom('admins').selectAll().where('id', '=', id).executeTakeFirst();
  }

  insertAdmin(row: Database['admins']) {
    return this.db.insertInto('admins').values(row).execute();
  }

  updateAdmin(
    id: string,
    changes: Partial<Pick<Database['admins'], 'username' | 'password_hash' | 'updated_at'>>,
  ) {
    return this.db.updateTable('admins').set(changes).where('id', '=', id).execute();
  }

  insertSession(row: Database['admin_sessions']) {
    return this.db.insertInto('admin_sessions').values(row).execute();
  }

  /** The session with its admin, if the token is known and not expired. */
  findLiveSession(tokenHash: string, nowIso: string) {
    return this.db
      .selectFrom('admin_sessions')
      .innerJoin('admins', 'admins.id', 'admin_sessions.admin_id')
      .select([
        'admin_sessions.token_hash',
        'admin_sessions.expires_at',
        'admins.id as admin_id',
        'admins.username',
      ])
      .where('admin_sessions.token_hash', '=', tokenHash)
      .where('admin_sessions.expires_at', '>', nowIso)
      .executeTakeFirst();
  }

  deleteSession(tokenHash: string) {
    return this.db.deleteFrom('admin_sessions').where('token_hash', '=', tokenHash).execute();
  }

  deleteSessionsOfAdmin(adminId: string) {
    return this.db.deleteFrom('admin_sessions').where('admin_id', '=', adminId).execute();
  }

  deleteExpiredSessions(nowIso: string) {
    return this.db.deleteFrom('admin_sessions').where('expires_at', '<=', nowIso).execute();
  }
}
