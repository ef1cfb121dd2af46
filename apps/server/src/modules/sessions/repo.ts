import type { Kysely } from 'kysely';
import type { Database } from '@/db/types';

export type SessionRow = Database['sessions'];

/** What a live session resolves to: the session and the account's rights. */
const LIVE_SESSION_COLUMNS = [
  'sessions.token_hash',
  'sessions.id as session_id',
  'sessions.expires_at',
  'sessions.last_used_at',
  'accounts.id as account_id',
  'accounts.username',
  'accounts.role',
  'accounts.disabled',
  'accounts.text_permission',
  'accounts.file_permission',
  'accounts.mount_permission',
  'accounts.basic_path',
] as const;

/** SQL for sessions; one method per query. */
export class SessionsRepo {
  constructor(private readonly db: Kysely<Database>) {}

  insertSession(row: SessionRow) {
    return this.db.insertInto('sessions').values(row).execute();
  }

  /** The session with its account, if the token is known and not expired. */
  findLiveSession(tokenHash: string, nowIso: string) {
    return this.db
      .selectFrom('sessions')
      .innerJoin('accounts', 'accounts.id', 'sessions.account_id')
      .select(LIVE_SESSION_COLUMNS)
      .where('sessions.token_hash', '=', tokenHash)
      .where('sessions.expires_at', '>', nowIso)
      .executeTakeFirst();
  }

  /** An account's live sessions, the newest first. */
  listSessions(accountId: string, nowIso: string) {
    return this.db
      .selectFrom('sessions')
      .select(['id', 'token_hash', 'created_at', 'last_used_at', 'expires_at', 'ip', 'user_agent'])
      .select('method')
      .where('account_id', '=', accountId)
      .where('expires_at', '>', nowIso)
      .orderBy('created_at', 'desc')
      .execute();
  }

  /**
   * Writes last_used_at unless it was written after `cutoffIso`: the condition holds the
   * writes of every process to one a minute per session. The column is not watched by the
   * revocation triggers (migration 018), so this write empties no cache.
   */
  touchSession(tokenHash: string, nowIso: string, cutoffIso: string) {
    return this.db
      .updateTable('sessions')
      .set({ last_used_at: nowIso })
      .where('token_hash', '=', tokenHash)
      .where((eb) => eb.or([eb('last_used_at', 'is', null), eb('last_used_at', '<', cutoffIso)]))
      .execute();
  }

  deleteSession(tokenHash: string) {
    return this.db.deleteFrom('sessions').where('token_hash', '=', tokenHash).execute();
  }

  /** One of an account's sessions by its id; answers how many went (0 or 1). */
  async deleteSessionById(accountId: string, id: string): Promise<number> {
    const result = await this.db
      .deleteFrom('sessions')
      .where('account_id', '=', accountId)
      .where('id', '=', id)
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  /** Every session of an account, or every one but `keepTokenHash`. */
  async deleteSessionsOfAccount(accountId: string, keepTokenHash?: string): Promise<number> {
    let query = this.db.deleteFrom('sessions').where('account_id', '=', accountId);
    if (keepTokenHash !== undefined) {
      query = query.where('token_hash', '<>', keepTokenHash);
    }
    const result = await query.executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  deleteExpiredSessions(nowIso: string) {
    return this.db.deleteFrom('sessions').where('expires_at', '<=', nowIso).execute();
  }
}
