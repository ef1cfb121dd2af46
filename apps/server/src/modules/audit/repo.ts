import type { Kysely, SelectQueryBuilder } from 'kysely';
import type { Database } from '@/db/types';

/** What the audit page filters by; times are ISO instants, `from` inclusive, `to` exclusive. */
export interface AuditFilter {
  actor?: string | undefined;
  action?: string | undefined;
  outcome?: 'success' | 'failure' | undefined;
  from?: string | undefined;
  to?: string | undefined;
}

type AuditQuery<O> = SelectQueryBuilder<Database, 'audit_events', O>;

/** SQL for the audit log: reads with filters, the sweep by age. Writes live in lib/audit. */
export class AuditRepo {
  constructor(private readonly db: Kysely<Database>) {}

  private filtered<O>(query: AuditQuery<O>, filter: AuditFilter): AuditQuery<O> {
    let q = query;
    if (filter.actor) {
      const actor = filter.actor;
      q = q.where((eb) =>
        eb.or([
          eb('actor_id', '=', actor),
          eb('actor_id', '=', `apikey:${actor}`),
          eb('actor_name', '=', actor),
        ]),
      );
    }
    if (filter.action) {
      // "auth." means every auth action: a prefix, matched with a range so the index serves it.
      q = filter.action.endsWith('.')
        ? q.where('action', '>=', filter.action).where('action', '<', `${filter.action}~`)
        : q.where('action', '=', filter.action);
    }
    if (filter.outcome) {
      q = q.where('outcome', '=', filter.outcome);
    }
    if (filter.from) {
      q = q.where('at', '>=', filter.from);
    }
    if (filter.to) {
      q = q.where('at', '<', filter.to);
    }
    return q;
  }

  /** A page, newest first. */
  list(filter: AuditFilter, limit: number, offset: number) {
    return this.filtered(this.db.selectFrom('audit_events').selectAll(), filter)
      .orderBy('at', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .offset(offset)
      .execute();
  }

  count(filter: AuditFilter) {
    return this.filtered(
      this.db.selectFrom('audit_events').select((eb) => eb.fn.countAll<number | string>().as('n')),
      filter,
    )
      .executeTakeFirstOrThrow()
      .then((row) => Number(row.n));
  }

  /** The next rows after (at, id), oldest first: the CSV export walks the log with this. */
  after(filter: AuditFilter, cursor: { at: string; id: string } | null, limit: number) {
    let query = this.filtered(this.db.selectFrom('audit_events').selectAll(), filter);
    if (cursor) {
      query = query.where((eb) =>
        eb.or([
          eb('at', '>', cursor.at),
          eb.and([eb('at', '=', cursor.at), eb('id', '>', cursor.id)]),
        ]),
      );
    }
    return query.orderBy('at', 'asc').orderBy('id', 'asc').limit(limit).execute();
  }

  deleteOlderThan(beforeIso: string) {
    return this.db
      .deleteFrom('audit_events')
      .where('at', '<', beforeIso)
      .executeTakeFirst()
      .then((result) => Number(result.numDeletedRows));
  }
}
