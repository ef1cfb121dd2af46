import type { Insertable, Kysely, Selectable } from 'kysely';
import type { Database } from '@/db/types';

export type AccountRow = Selectable<Database['accounts']>;

/** SQL for accounts as sign-in reads and changes them; one method per query. */
export class AuthRepo {
  constructor(private readonly db: Kysely<Database>) {}

  countAdmins() {
    return this.db
      .selectFrom('accounts')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('role', '=', 'admin')
      .executeTakeFirstOrThrow()
      .then((row) => Number(row.n));
  }

  findAccountByUsername(username: string) {
    return this.db
      .selectFrom('accounts')
      .selectAll()
      .where('username', '=', username)
      .executeTakeFirst();
  }

  findAccountById(id: string) {
    return this.db.selectFrom('accounts').selectAll().where('id', '=', id).executeTakeFirst();
  }

  insertAccount(row: Insertable<Database['accounts']>) {
    return this.db.insertInto('accounts').values(row).execute();
  }

  updateAccount(
    id: string,
    changes: Partial<Pick<AccountRow, 'username' | 'password_hash' | 'updated_at'>>,
  ) {
    return this.db.updateTable('accounts').set(changes).where('id', '=', id).execute();
  }

  /** Every session of an account, in the transaction that changes its credentials. */
  deleteSessionsOfAccount(accountId: string) {
    return this.db.deleteFrom('sessions').where('account_id', '=', accountId).execute();
  }
}
