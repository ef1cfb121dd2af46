import type { Insertable, Kysely, Selectable, Updateable } from 'kysely';
import { matchesSearch } from '@/db/filters';
import type { AccountRole, Database } from '@/db/types';
import type { ListRequest } from '@/lib/pagination';

export type AccountRow = Selectable<Database['accounts']>;
export type AccountChanges = Omit<Updateable<Database['accounts']>, 'id' | 'created_at'>;

/** What the admin's list filters by. */
export interface AccountFilter extends ListRequest {
  role?: AccountRole | undefined;
}

/** SQL for the admin's management of accounts and their invitations; one method per query. */
export class AccountsRepo {
  constructor(private readonly db: Kysely<Database>) {}

  private filtered(filter: AccountFilter) {
    let query = this.db.selectFrom('accounts');
    const search = filter.search?.trim();
    if (search) {
      query = query.where(matchesSearch(['username', 'display_name', 'email'], search));
    }
    if (filter.role) {
      query = query.where('role', '=', filter.role);
    }
    return query;
  }

  list(filter: AccountFilter) {
    return this.filtered(filter)
      .selectAll()
      .orderBy('role', 'asc')
      .orderBy('username', 'asc')
      .limit(filter.limit)
      .offset(filter.offset)
      .execute();
  }

  count(filter: AccountFilter) {
    return this.filtered(filter)
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .executeTakeFirstOrThrow()
      .then((row) => Number(row.n));
  }

  findById(id: string) {
    return this.db.selectFrom('accounts').selectAll().where('id', '=', id).executeTakeFirst();
  }

  findByUsername(username: string) {
    return this.db
      .selectFrom('accounts')
      .selectAll()
      .where('username', '=', username)
      .executeTakeFirst();
  }

  insert(row: Insertable<Database['accounts']>) {
    return this.db.insertInto('accounts').values(row).execute();
  }

  update(id: string, changes: AccountChanges) {
    return this.db.updateTable('accounts').set(changes).where('id', '=', id).execute();
  }

  delete(id: string) {
    return this.db
      .deleteFrom('accounts')
      .where('id', '=', id)
      .executeTakeFirst()
      .then((result) => Number(result.numDeletedRows));
  }

  /** Enabled admins other than `exceptId`: the last one may not go (LAST_ADMIN). */
  countOtherEnabledAdmins(exceptId: string) {
    return this.db
      .selectFrom('accounts')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('role', '=', 'admin')
      .where('disabled', '=', 0)
      .where('id', '<>', exceptId)
      .executeTakeFirstOrThrow()
      .then((row) => Number(row.n));
  }

  /** The open invitations of these accounts, by account. */
  invitesOf(accountIds: readonly string[]) {
    return this.db
      .selectFrom('account_invites')
      .select(['account_id', 'expires_at'])
      .where('account_id', 'in', [...accountIds])
      .execute();
  }

  /** One invitation per account: a new one replaces the old. */
  async replaceInvite(row: Database['account_invites']) {
    await this.db.deleteFrom('account_invites').where('account_id', '=', row.account_id).execute();
    await this.db.insertInto('account_invites').values(row).execute();
  }

  findInvite(tokenHash: string, nowIso: string) {
    return this.db
      .selectFrom('account_invites')
      .innerJoin('accounts', 'accounts.id', 'account_invites.account_id')
      .select([
        'account_invites.account_id',
        'account_invites.expires_at',
        'accounts.username',
        'accounts.display_name',
        'accounts.disabled',
      ])
      .where('account_invites.token_hash', '=', tokenHash)
      .where('account_invites.expires_at', '>', nowIso)
      .executeTakeFirst();
  }

  /** Uses an invitation up; answers whether this call was the one that did (once only). */
  consumeInvite(tokenHash: string, nowIso: string) {
    return this.db
      .deleteFrom('account_invites')
      .where('token_hash', '=', tokenHash)
      .where('expires_at', '>', nowIso)
      .executeTakeFirst()
      .then((result) => Number(result.numDeletedRows) === 1);
  }

  deleteExpiredInvites(nowIso: string) {
    return this.db.deleteFrom('account_invites').where('expires_at', '<=', nowIso).execute();
  }
}
