import { sql, type Kysely } from 'kysely';
import type { Database } from '@/db/types';

/**
 * The dashboard's aggregates, read straight from the tables (a COUNT or SUM per question)
 * rather than through the other modules' services, which answer rows, not sums. Counts
 * and sums come back as strings from PostgreSQL (bigint, numeric) and as numbers from
 * SQLite: every one is read with Number().
 */

type Count = number | string;
type Sum = number | string | null;
type ShareTable = 'pastes' | 'files';

/** How the removal tally (migration 016) names each share table's kind. */
const KIND_OF = { pastes: 'paste', files: 'file' } as const;

/** The UTC day (YYYY-MM-DD) an ISO 8601 instant falls on. */
const utcDayOf = (iso: string): string => iso.slice(0, 10);

/** The calendar day (YYYY-MM-DD) of an ISO 8601 UTC time, the same text in both dialects. */
const createdDay = sql<string>`substr(${sql.ref('created_at')}, 1, 10)`;

/** SQL for the admin dashboard; one method per query. */
export class DashboardRepo {
  constructor(private readonly db: Kysely<Database>) {}

  /** Every count of the totals in one statement, a subquery each. */
  totals() {
    return this.db
      .selectNoFrom((eb) => [
        eb.selectFrom('pastes').select(eb.fn.countAll<Count>().as('n')).as('pastes'),
        eb.selectFrom('files').select(eb.fn.countAll<Count>().as('n')).as('files'),
        eb.selectFrom('api_keys').select(eb.fn.countAll<Count>().as('n')).as('api_keys'),
        eb.selectFrom('mounts').select(eb.fn.countAll<Count>().as('n')).as('mounts'),
        eb
          .selectFrom('storage_configs')
          .select(eb.fn.countAll<Count>().as('n'))
          .as('storage_configs'),
        eb
          .selectFrom('pastes')
          .select((sub) => sub.fn.sum<Sum>('views').as('v'))
          .as('paste_views'),
        eb
          .selectFrom('files')
          .select((sub) => sub.fn.sum<Sum>('views').as('v'))
          .as('file_views'),
      ])
      .executeTakeFirstOrThrow();
  }

  /**
   * Shares of `table` created in [from, to), counted per UTC day; days without any absent.
   * Creation is history (issue 30): a day counts its shares still stored and those removed
   * since (the tally of migration 016), in one statement, so a share being swept is seen
   * once, as a row or in the tally, whichever side of the delete the statement reads.
   */
  countsPerDay(table: ShareTable, from: string, to: string) {
    const stored = this.db
      .selectFrom(table)
      .select([createdDay.as('day'), (eb) => eb.fn.countAll<Count>().as('n')])
      .where('created_at', '>=', from)
      .where('created_at', '<', to)
      .groupBy(createdDay);
    const removed = this.db
      .selectFrom('share_removals')
      .select(['created_day as day', sql<Count>`${sql.ref('removed')}`.as('n')])
      .where('kind', '=', KIND_OF[table])
      .where('created_day', '>=', utcDayOf(from))
      .where('created_day', '<', utcDayOf(to));
    return this.db
      .selectFrom(stored.unionAll(removed).as('created'))
      .select(['created.day', (eb) => eb.fn.sum<Sum>('created.n').as('n')])
      .groupBy('created.day')
      .execute();
  }

  /**
   * Every storage config with its used bytes from the capacity ledger (used + reserved:
   * the figure every write is held to, DESIGN §5, as the storage-configs list shows it)
   * and the number of the file shares stored with it.
   * Default first, then by name regardless of case (SQLite's and PostgreSQL's collations
   * differ; lower() makes both put 'alpha' before 'Mike').
   */
  storageUsage() {
    const usage = this.db
      .selectFrom('files')
      .select(['s3_config_id', (eb) => eb.fn.countAll<Count>().as('file_count')])
      .groupBy('s3_config_id')
      .as('usage');
    return this.db
      .selectFrom('storage_configs')
      .leftJoin(usage, 'usage.s3_config_id', 'storage_configs.id')
      .leftJoin('storage_usage as ledger', 'ledger.config_id', 'storage_configs.id')
      .select([
        'storage_configs.id',
        'storage_configs.name',
        'storage_configs.provider_type',
        'storage_configs.bucket_name',
        'storage_configs.is_default',
        'storage_configs.total_storage_bytes',
        sql<Sum>`${sql.ref('ledger.used_bytes')} + ${sql.ref('ledger.reserved_bytes')}`.as(
          'used_bytes',
        ),
        'usage.file_count',
      ])
      .orderBy('storage_configs.is_default', 'desc')
      .orderBy(sql`lower(${sql.ref('storage_configs.name')})`, 'asc')
      .orderBy('storage_configs.name', 'asc')
      .orderBy('storage_configs.id', 'asc')
      .execute();
  }

  /** The `limit` newest pastes, newest first, with the remark that labels them. */
  newestPastes(limit: number) {
    return this.db
      .selectFrom('pastes')
      .select(['slug', 'remark as label', 'created_at'])
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .execute();
  }

  /** The `limit` newest file shares, newest first, with their file names. */
  newestFiles(limit: number) {
    return this.db
      .selectFrom('files')
      .select(['slug', 'filename as label', 'created_at'])
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .execute();
  }
}
