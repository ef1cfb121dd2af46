import type { Kysely } from 'kysely';
import type { Database } from '@/db/types';

/** A share whose object still lies outside the share objects' folder. */
export interface UnplacedShare {
  id: string;
  s3_config_id: string;
  storage_path: string;
  status: string;
}

/** The queries of the share-object relocation (./relocation.ts), one a method. */
export class RelocationRepo {
  constructor(private readonly db: Kysely<Database>) {}

  /** Up to `limit` shares after `afterId` (by id) whose key is not below `prefix`. */
  listOutside(prefix: string, afterId: string, limit: number): Promise<UnplacedShare[]> {
    return this.db
      .selectFrom('files')
      .select(['id', 's3_config_id', 'storage_path', 'status'])
      .where('storage_path', 'not like', `${prefix}%`)
      .where('id', '>', afterId)
      .orderBy('id')
      .limit(limit)
      .execute();
  }

  /**
   * Points a share at its object's new key, if it still names the old one: true when this
   * call moved it (another instance, or a delete of the share, may have come first).
   */
  async moveKey(id: string, fromKey: string, toKey: string): Promise<boolean> {
    const result = await this.db
      .updateTable('files')
      .set({ storage_path: toKey })
      .where('id', '=', id)
      .where('storage_path', '=', fromKey)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /** The key a share names now; undefined once the share is gone. */
  async keyOf(id: string): Promise<string | undefined> {
    const row = await this.db
      .selectFrom('files')
      .select('storage_path')
      .where('id', '=', id)
      .executeTakeFirst();
    return row?.storage_path;
  }
}
