import { unwrapAnswer } from '@/lib/api-client';
import { authStore } from '@/lib/auth/auth-store';
import { apiUrl } from '@/lib/backend';
import { auditSearchParams, type AuditFilters } from './get-audit';

/** The file name the server gave (Content-Disposition), else one of today's. */
function fileNameOf(disposition: string | null): string {
  const encoded = /filename\*=UTF-8''([^;]+)/i.exec(disposition ?? '')?.[1];
  if (encoded) {
    try {
      return decodeURIComponent(encoded);
    } catch {
      // A malformed name: fall through to the plain one.
    }
  }
  const plain = /filename="?([^";]+)"?/i.exec(disposition ?? '')?.[1];
  return plain ?? `pastebox-audit-${new Date().toISOString().slice(0, 10)}.csv`;
}

/**
 * GET /api/admin/audit/export with the page's filters. A plain link cannot carry the
 * Authorization header, so the CSV is fetched, then saved through a temporary object URL.
 */
export async function exportAuditCsv(filters: AuditFilters): Promise<void> {
  const headers: Record<string, string> = { accept: 'text/csv' };
  const authorization = authStore.authorization();
  if (authorization) {
    headers.authorization = authorization;
  }
  const query = auditSearchParams(filters).toString();
  const response = await fetch(apiUrl(`/admin/audit/export${query ? `?${query}` : ''}`), {
    headers,
  });
  if (!response.ok) {
    // The refusal reads as any other call's (and a dead session signs out as it would).
    const text = await response.text();
    const retryAfter = response.headers.get('retry-after');
    unwrapAnswer({ status: response.status, text, retryAfter }, authorization !== null);
    return;
  }
  const blob = await response.blob();
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileNameOf(response.headers.get('content-disposition'));
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // Some browsers start the download asynchronously: give them a moment before revoking.
  window.setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
