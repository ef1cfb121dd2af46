import type { Kysely } from 'kysely';
import type { Database } from '@/db/types';

export type ApiKeyRow = Database['api_keys'];

/** SQL for API keys; one method per query. */
export class ApiKeysRepo {
  constructor(private readonly db: Kysely<Database>) {}

  list() {
    return this.db.selectFrom('api_keys').selectAll().orderBy('created_at', 'desc').execute();
  }

  findById(id: string) {
    return this.db.selectFrom('api_keys').selectAll().where('id', '=', id).executeTakeFirst();
  }

  findByHash(keyHash: string) {
    return this.db
      .selectFrom('api_keys')
      .selectAll()
      .where('key_hash', '=', keyHash)
      .executeTakeFirst();
  }

  /** The key with its owner's role, state and rights (issue 32), for resolving it. */
  findWithOwnerByHash(keyHash: string) {
    return this.db
      .selectFrom('api_keys')
      .leftJoin('accounts as owner', 'owner.id', 'api_keys.account_id')
      .selectAll('api_keys')
      .select([
        'owner.role as owner_role',
        'owner.disabled as owner_disabled',
        'owner.text_permission as owner_text',
        'owner.file_permission as owner_file',
        'owner.mount_permission as owner_mount',
        'owner.basic_path as owner_basic_path',
      ])
      .where('api_keys.key_hash', '=', keyHash)
      .executeTakeFirst();
  }

  /** Whether an account is a member (whose keys' shares are its own). */
  /** The account when it is a member (a member's deleted key leaves its shares to it). */
  memberOf(accountId: string) {
    return this.db
      .selectFrom('accounts')
      .select(['id', 'basic_path'])
      .where('id', '=', accountId)
      .where('role', '=', 'member')
      .executeTakeFirst();
  }

  /** An account's keys, newest first. */
  listOfAccount(accountId: string) {
    return this.db
      .selectFrom('api_keys')
      .selectAll()
      .where('account_id', '=', accountId)
      .orderBy('created_at', 'desc')
      .execute();
  }

  findByName(name: string) {
    return this.db.selectFrom('api_keys').selectAll().where('name', '=', name).executeTakeFirst();
  }

  insert(row: ApiKeyRow) {
    return this.db.insertInto('api_keys').values(row).execute();
  }

  update(
    id: string,
    changes: Partial<Omit<ApiKeyRow, 'id' | 'key_hash' | 'key_cipher' | 'created_at'>>,
  ) {
    return this.db.updateTable('api_keys').set(changes).where('id', '=', id).executeTakeFirst();
  }

  /** Deletes the key; answers its hash (so caches can forget it), or undefined if unknown. */
  delete(id: string) {
    return this.db
      .deleteFrom('api_keys')
      .where('id', '=', id)
      .returning('key_hash')
      .executeTakeFirst();
  }

  /** Id and name of the keys among `ids` that exist. */
  namesOf(ids: readonly string[]) {
    return this.db
      .selectFrom('api_keys')
      .select(['id', 'name'])
      .where('id', 'in', [...ids])
      .execute();
  }

  /** Ids of the keys whose expiry has passed. */
  async expiredIds(nowIso: string): Promise<string[]> {
    const rows = await this.db
      .selectFrom('api_keys')
      .select('id')
      .where('expires_at', 'is not', null)
      .where('expires_at', '<=', nowIso)
      .execute();
    return rows.map((row) => row.id);
  }

  /** Writes last_used only when the stored value is older than `staleBefore` (DESIGN §5). */
  touchLastUsed(id: string, nowIso: string, staleBefore: string) {
    return this.db
      .updateTable('api_keys')
      .set({ last_used: nowIso })
      .where('id', '=', id)
      .where((eb) => eb.or([eb('last_used', 'is', null), eb('last_used', '<', staleBefore)]))
      .execute();
  }
}
