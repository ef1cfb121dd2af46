import type { Insertable, Kysely, Selectable } from 'kysely';
import { atOrBelow } from '@/db/path-filters';
import type { Database, DavLocksTable } from '@/db/types';

export type DavLockRow = Selectable<DavLocksTable>;
export type NewDavLock = Insertable<DavLocksTable>;

/** SQL for WebDAV locks. A lock whose expires_at is not after `nowIso` is gone. */
export class DavLocksRepo {
  constructor(private readonly db: Kysely<Database>) {}

  /** Every active lock, oldest first (the admin's view). */
  listActive(nowIso: string) {
    return this.db
      .selectFrom('dav_locks')
      .selectAll()
      .where('expires_at', '>', nowIso)
      .orderBy('created_at')
      .orderBy('token')
      .execute();
  }

  /** Active locks rooted at one of `roots`. */
  rootedAt(roots: readonly string[], nowIso: string) {
    return this.db
      .selectFrom('dav_locks')
      .selectAll()
      .where('root', 'in', [...roots])
      .where('expires_at', '>', nowIso)
      .orderBy('created_at')
      .execute();
  }

  /** Active locks rooted at `path` or below it. */
  rootedBelow(path: string, nowIso: string) {
    return this.db
      .selectFrom('dav_locks')
      .selectAll()
      .where(atOrBelow('root', path))
      .where('expires_at', '>', nowIso)
      .execute();
  }

  /** Active locks rooted at one of `roots` or at `path` or below it, oldest first. */
  rootedAtOrBelow(roots: readonly string[], path: string, nowIso: string) {
    return (
      this.db
        .selectFrom('dav_locks')
        .selectAll()
        // An empty IN list (no ancestors: the root) is a syntax error in PostgreSQL.
        .where((eb) =>
          roots.length === 0
            ? atOrBelow('root', path)
            : eb.or([eb('root', 'in', [...roots]), atOrBelow('root', path)]),
        )
        .where('expires_at', '>', nowIso)
        .orderBy('created_at')
        .execute()
    );
  }

  findActive(token: string, nowIso: string) {
    return this.db
      .selectFrom('dav_locks')
      .selectAll()
      .where('token', '=', token)
      .where('expires_at', '>', nowIso)
      .executeTakeFirst();
  }

  async insert(row: NewDavLock): Promise<void> {
    await this.db.insertInto('dav_locks').values(row).execute();
  }

  async refresh(token: string, timeoutSeconds: number, expiresAt: string): Promise<void> {
    await this.db
      .updateTable('dav_locks')
      .set({ timeout_seconds: timeoutSeconds, expires_at: expiresAt })
      .where('token', '=', token)
      .execute();
  }

  /** Deletes one lock; answers whether it existed. */
  async remove(token: string): Promise<boolean> {
    const result = await this.db
      .deleteFrom('dav_locks')
      .where('token', '=', token)
      .executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  /** Deletes the locks rooted at `path` or below it; answers how many. */
  async removeBelow(path: string): Promise<number> {
    const result = await this.db
      .deleteFrom('dav_locks')
      .where(atOrBelow('root', path))
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  /** Deletes every lock of one principal (a key deleted, expired or without mount permission). */
  async removeOfPrincipals(principals: readonly string[]): Promise<number> {
    if (principals.length === 0) {
      return 0;
    }
    const result = await this.db
      .deleteFrom('dav_locks')
      .where('principal', 'in', [...principals])
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  /** Deletes a principal's locks rooted anywhere but at or below `path` (its new basic_path). */
  async removeOfPrincipalOutside(principal: string, path: string): Promise<number> {
    const result = await this.db
      .deleteFrom('dav_locks')
      .where('principal', '=', principal)
      .where((eb) => eb.not(atOrBelow('root', path)))
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  async removeExpired(nowIso: string): Promise<number> {
    const result = await this.db
      .deleteFrom('dav_locks')
      .where('expires_at', '<=', nowIso)
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }
}
