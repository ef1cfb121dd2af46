import type { AppDeps } from '@/context';
import type { Database } from '@/db/types';
import { AuditRepo, type AuditFilter } from './repo';

const COLUMNS = [
  'at',
  'actor_type',
  'actor_id',
  'actor_name',
  'ip',
  'user_agent',
  'action',
  'target',
  'outcome',
  'detail',
] as const;

const PAGE_ROWS = 500;

/**
 * One CSV field (RFC 4180): quoted when it holds a comma, quote or line break. A field that
 * a spreadsheet would read as a formula (= + - @ at the start) gets a leading quote mark,
 * so an entry an attacker shaped cannot run in the admin's spreadsheet.
 */
export function csvField(value: string | null): string {
  if (value === null) {
    return '';
  }
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

function csvLine(row: Database['audit_events']): string {
  return `${COLUMNS.map((column) => csvField(row[column])).join(',')}\r\n`;
}

/**
 * The audit log as CSV, oldest first, streamed a page at a time by (at, id): memory stays
 * flat however long the log, and rows written meanwhile never shift a page.
 */
export function auditCsvStream(deps: AppDeps, filter: AuditFilter): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  const repo = new AuditRepo(deps.db);
  let cursor: { at: string; id: string } | null = null;
  let started = false;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!started) {
        started = true;
        controller.enqueue(encoder.encode(`${COLUMNS.join(',')}\r\n`));
        return;
      }
      const rows = await repo.after(filter, cursor, PAGE_ROWS);
      if (rows.length === 0) {
        controller.close();
        return;
      }
      const last = rows[rows.length - 1] as Database['audit_events'];
      cursor = { at: last.at, id: last.id };
      controller.enqueue(encoder.encode(rows.map(csvLine).join('')));
    },
  });
}
