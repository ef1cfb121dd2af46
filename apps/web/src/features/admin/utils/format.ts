/** The app's one date formatter (lib/date-time.ts), where the admin screens have long found it. */
export { formatDate, formatDateTime } from '@/lib/date-time';

/** Shows a long secret as its first and last characters around a row of dots. */
export function maskSecret(secret: string): string {
  if (secret.length <= 8) {
    return '•'.repeat(Math.max(secret.length, 6));
  }
  return `${secret.slice(0, 4)}${'•'.repeat(6)}${secret.slice(-4)}`;
}

/** `created_by` is the admin's id or 'apikey:{id}' (SPEC §3); this returns the key id. */
export function creatorKeyId(createdBy: string): string | null {
  return createdBy.startsWith('apikey:') ? createdBy.slice('apikey:'.length) : null;
}
