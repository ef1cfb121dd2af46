import type { Kysely } from 'kysely';
import type { Database } from '@/db/types';

/** The kinds of item an import brings in, as import_origins names them. */
export type ImportKind = 'storage-config' | 'file' | 'mount' | 'paste' | 'api-key';

/** SQL for import_origins (migration 030); one method per query. */
export class ImportOriginsRepo {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly source: string,
  ) {}

  /** source id → target id of every item of `kind` this source already brought in. */
  async targetsOf(kind: ImportKind): Promise<Map<string, string>> {
    const rows = await this.db
      .selectFrom('import_origins')
      .select(['source_id', 'target_id'])
      .where('source', '=', this.source)
      .where('kind', '=', kind)
      .execute();
    return new Map(rows.map((row) => [row.source_id, row.target_id]));
  }

  record(kind: ImportKind, sourceId: string, targetId: string, nowIso: string) {
    return this.db
      .insertInto('import_origins')
      .values({
        source: this.source,
        kind,
        source_id: sourceId,
        target_id: targetId,
        imported_at: nowIso,
      })
      .execute();
  }
}
