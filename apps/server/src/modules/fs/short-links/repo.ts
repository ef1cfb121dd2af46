import type { Insertable, Kysely, Selectable } from 'kysely';
import type { Database, ShortLinksTable } from '@/db/types';

export type ShortLinkRow = Selectable<ShortLinksTable>;

/** SQL of the short links (short_links, migration 017); one method per query. */
export class ShortLinksRepo {
  constructor(private readonly db: Kysely<Database>) {}

  /** Inserts a code; a code already taken fails on the primary key (the caller draws again). */
  async insert(row: Insertable<ShortLinksTable>): Promise<void> {
    await this.db.insertInto('short_links').values(row).execute();
  }

  /** Where a code leads and until when; undefined for a code never issued (or swept). */
  find(code: string): Promise<Pick<ShortLinkRow, 'target_url' | 'expires_at'> | undefined> {
    return this.db
      .selectFrom('short_links')
      .select(['target_url', 'expires_at'])
      .where('code', '=', code)
      .executeTakeFirst();
  }

  /** Deletes the links that expired before `nowIso`; answers how many. */
  async deleteExpired(nowIso: string): Promise<number> {
    const result = await this.db
      .deleteFrom('short_links')
      .where('expires_at', '<', nowIso)
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }
}
