import { sql, type Kysely } from 'kysely';
import type { Database } from '@/db/types';

/**
 * The database's side of the metrics (issue 36): a few aggregates, read at scrape time
 * straight from the tables, as the dashboard reads its totals. Counts come back as strings
 * from PostgreSQL and numbers from SQLite: the service reads each with Number().
 */

type Count = number | string;
type Sum = number | string | null;

/** SQL for the metrics; one method per query. */
export class MetricsRepo {
  constructor(private readonly db: Kysely<Database>) {}

  /** Every kind of share counted in one statement, a subquery each. */
  shareCounts() {
    return this.db
      .selectNoFrom((eb) => [
        eb.selectFrom('pastes').select(eb.fn.countAll<Count>().as('n')).as('paste'),
        eb.selectFrom('files').select(eb.fn.countAll<Count>().as('n')).as('file'),
        eb.selectFrom('bundles').select(eb.fn.countAll<Count>().as('n')).as('bundle'),
        eb.selectFrom('file_requests').select(eb.fn.countAll<Count>().as('n')).as('request'),
      ])
      .executeTakeFirstOrThrow();
  }

  /** Visits whose links still serve (DESIGN §5): not yet past their sliding expiry. */
  openVisits(now: string) {
    return this.db
      .selectFrom('share_visits')
      .select((eb) => eb.fn.countAll<Count>().as('n'))
      .where('expires_at', '>', now)
      .executeTakeFirstOrThrow();
  }

  /** Tasks counted by status. */
  tasksByStatus() {
    return this.db
      .selectFrom('tasks')
      .select(['status', (eb) => eb.fn.countAll<Count>().as('n')])
      .groupBy('status')
      .execute();
  }

  /** Every storage config with its capacity ledger (used, reserved) and its quota. */
  storageUse() {
    return this.db
      .selectFrom('storage_configs')
      .leftJoin('storage_usage as ledger', 'ledger.config_id', 'storage_configs.id')
      .select([
        'storage_configs.id',
        'storage_configs.name',
        'storage_configs.provider_type',
        'storage_configs.total_storage_bytes',
        sql<Sum>`${sql.ref('ledger.used_bytes')}`.as('used_bytes'),
        sql<Sum>`${sql.ref('ledger.reserved_bytes')}`.as('reserved_bytes'),
      ])
      .orderBy('storage_configs.id')
      .execute();
  }
}
