import type { AuditList } from '@pastebox/contract/schemas/audit';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** The audit page's filters as the admin set them ('' = not narrowed). */
export interface AuditFilters {
  actor: string;
  /** An exact action, or a group: a prefix ending in "." (auth.). */
  action: string;
  outcome: '' | 'success' | 'failure';
  /** datetime-local values (the reader's own clock), sent as ISO instants. */
  from: string;
  to: string;
}

export const NO_AUDIT_FILTERS: AuditFilters = {
  actor: '',
  action: '',
  outcome: '',
  from: '',
  to: '',
};

/** Entries a page: enough to scan, few enough for a phone. */
export const AUDIT_PAGE_SIZE = 50;

/** A datetime-local value as an ISO instant; '' when it is not a time. */
function instantOf(local: string): string {
  const time = local ? new Date(local).getTime() : Number.NaN;
  return Number.isNaN(time) ? '' : new Date(time).toISOString();
}

/** The filters as GET /api/admin/audit(/export) reads them; unset ones are left out. */
export function auditSearchParams(filters: AuditFilters, page?: number): URLSearchParams {
  const query = new URLSearchParams();
  const actor = filters.actor.trim();
  if (actor) {
    query.set('actor', actor);
  }
  if (filters.action) {
    query.set('action', filters.action);
  }
  if (filters.outcome) {
    query.set('outcome', filters.outcome);
  }
  for (const bound of ['from', 'to'] as const) {
    const instant = instantOf(filters[bound]);
    if (instant) {
      query.set(bound, instant);
    }
  }
  if (page !== undefined) {
    query.set('page', String(page));
    query.set('limit', String(AUDIT_PAGE_SIZE));
  }
  return query;
}

/** GET /api/admin/audit: one page, newest first (admin only). */
export function getAuditLog(filters: AuditFilters, page: number): Promise<AuditList> {
  return apiRequest<AuditList>(`/admin/audit?${auditSearchParams(filters, page).toString()}`);
}

export function useAuditLog(filters: AuditFilters, page: number) {
  return useQuery({
    queryKey: queryKeys.audit.list({ ...filters, page }),
    queryFn: () => getAuditLog(filters, page),
    placeholderData: keepPreviousData,
  });
}
