import type { AuditEvent, AuditList, AuditQuery } from '@pastebox/contract/schemas/audit';
import type { AppDeps } from '@/context';
import type { Database } from '@/db/types';
import { auditRecorderOf } from '@/lib/audit/recorder';
import { AppError } from '@/lib/errors';
import { listRequestOf, paginationOf } from '@/lib/pagination';
import { readSecuritySettings } from '@/modules/system-settings/service';
import { AuditRepo, type AuditFilter } from './repo';

export { auditCsvStream } from './csv';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The filter of a query, its times checked and made canonical ISO instants. */
export function auditFilterOf(query: Omit<AuditQuery, 'page' | 'limit'>): AuditFilter {
  return {
    actor: query.actor?.trim() || undefined,
    action: query.action?.trim() || undefined,
    outcome: query.outcome,
    from: instant(query.from, 'from'),
    to: instant(query.to, 'to'),
  };
}

function instant(value: string | undefined, field: string): string | undefined {
  if (!value) {
    return undefined;
  }
  const time = Date.parse(value);
  if (!Number.isFinite(time)) {
    throw new AppError('VALIDATION_FAILED', `${field} is not a date`, [
      { path: field, message: 'an ISO 8601 date or instant' },
    ]);
  }
  return new Date(time).toISOString();
}

function present(row: Database['audit_events']): AuditEvent {
  let detail: Record<string, unknown> | null = null;
  if (row.detail) {
    try {
      detail = JSON.parse(row.detail) as Record<string, unknown>;
    } catch {
      detail = { raw: row.detail };
    }
  }
  return { ...row, detail };
}

/**
 * GET /api/admin/audit: a page of the log, newest first. What this process still holds in
 * its queue is written first, so an admin sees what just happened.
 */
export async function listAuditEvents(deps: AppDeps, query: AuditQuery): Promise<AuditList> {
  await flushAudit(deps);
  const filter = auditFilterOf(query);
  const request = listRequestOf({ page: query.page, limit: query.limit });
  const repo = new AuditRepo(deps.db);
  const [rows, total] = await Promise.all([
    repo.list(filter, request.limit, request.offset),
    repo.count(filter),
  ]);
  return {
    items: rows.map(present),
    pagination: paginationOf(total, request),
    lost_entries: auditRecorderOf(deps).failed,
  };
}

/** Writes what this process queued (tests, the list, a shutdown). */
export function flushAudit(deps: AppDeps): Promise<void> {
  return auditRecorderOf(deps).flush();
}

/** Sweeper: entries older than the retention setting go. Answers how many. */
export async function sweepAuditEvents(deps: AppDeps): Promise<number> {
  const { audit_retention_days: days } = await readSecuritySettings(deps);
  const before = new Date(deps.clock.now().getTime() - days * DAY_MS).toISOString();
  return new AuditRepo(deps.db).deleteOlderThan(before);
}
