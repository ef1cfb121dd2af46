import type { Kysely } from 'kysely';
import type { Database, SsoStatesTable } from '@/db/types';

/** SQL for sign-ins under way and the identities they link (migration 021). */
export class SsoRepo {
  constructor(private readonly db: Kysely<Database>) {}

  insertState(row: SsoStatesTable) {
    return this.db.insertInto('sso_states').values(row).execute();
  }

  findState(stateHash: string, nowIso: string) {
    return this.db
      .selectFrom('sso_states')
      .selectAll()
      .where('state_hash', '=', stateHash)
      .where('expires_at', '>', nowIso)
      .executeTakeFirst();
  }

  /** Uses a state up; true only for the one call that did (a replay finds it gone). */
  consumeState(stateHash: string) {
    return this.db
      .deleteFrom('sso_states')
      .where('state_hash', '=', stateHash)
      .executeTakeFirst()
      .then((result) => Number(result.numDeletedRows) === 1);
  }

  deleteExpiredStates(nowIso: string) {
    return this.db.deleteFrom('sso_states').where('expires_at', '<=', nowIso).execute();
  }

  findIdentity(issuer: string, subject: string) {
    return this.db
      .selectFrom('account_identities')
      .select('account_id')
      .where('issuer', '=', issuer)
      .where('subject', '=', subject)
      .executeTakeFirst();
  }

  /** Whether the account is already linked to someone at this issuer. */
  hasIdentityAt(accountId: string, issuer: string) {
    return this.db
      .selectFrom('account_identities')
      .select('subject')
      .where('account_id', '=', accountId)
      .where('issuer', '=', issuer)
      .executeTakeFirst()
      .then((row) => row !== undefined);
  }

  insertIdentity(row: Database['account_identities']) {
    return this.db.insertInto('account_identities').values(row).execute();
  }
}
