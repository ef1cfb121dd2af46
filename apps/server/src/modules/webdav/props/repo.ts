import type { Kysely, Selectable } from 'kysely';
import { atOrBelow } from '@/db/path-filters';
import type { Database, DavPropertiesTable } from '@/db/types';

export type DavPropertyRow = Selectable<DavPropertiesTable>;

/** A chunk of paths per IN list, well below both databases' bound-parameter limits. */
const IN_CHUNK = 500;

/** SQL for dead properties; the caller runs the writes of one request in a transaction. */
export class DavPropsRepo {
  constructor(private readonly db: Kysely<Database>) {}

  async ofPaths(paths: readonly string[]): Promise<DavPropertyRow[]> {
    const rows: DavPropertyRow[] = [];
    for (let i = 0; i < paths.length; i += IN_CHUNK) {
      const chunk = paths.slice(i, i + IN_CHUNK);
      rows.push(
        ...(await this.db
          .selectFrom('dav_properties')
          .selectAll()
          .where('path', 'in', chunk)
          .orderBy('namespace')
          .orderBy('name')
          .execute()),
      );
    }
    return rows;
  }

  /** The rows at `path` and below it. */
  subtree(path: string) {
    return this.db
      .selectFrom('dav_properties')
      .selectAll()
      .where(atOrBelow('path', path))
      .execute();
  }

  deleteSubtree(path: string) {
    return this.db.deleteFrom('dav_properties').where(atOrBelow('path', path)).execute();
  }

  async upsert(row: DavPropertyRow): Promise<void> {
    await this.remove(row.path, row.namespace, row.name);
    await this.db.insertInto('dav_properties').values(row).execute();
  }

  async insertMany(rows: readonly DavPropertyRow[]): Promise<void> {
    for (let i = 0; i < rows.length; i += IN_CHUNK / 4) {
      await this.db
        .insertInto('dav_properties')
        .values(rows.slice(i, i + IN_CHUNK / 4))
        .execute();
    }
  }

  async remove(path: string, namespace: string, name: string): Promise<void> {
    await this.db
      .deleteFrom('dav_properties')
      .where('path', '=', path)
      .where('namespace', '=', namespace)
      .where('name', '=', name)
      .execute();
  }
}
