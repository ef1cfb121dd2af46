/** A date and time in the reader's language, e.g. "Nov 21, 2026, 5:33 AM" / "2026年11月21日 05:33". */
export function formatDateTime(iso: string | null | undefined, language: string): string {
  if (!iso) {
    return '';
  }
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) {
    return iso;
  }
  return new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }).format(
    date,
  );
}

/** Just the date, for narrow table columns; pair it with formatDateTime in a title. */
export function formatDate(iso: string | null | undefined, language: string): string {
  if (!iso) {
    return '';
  }
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) {
    return iso;
  }
  return new Intl.DateTimeFormat(language, { dateStyle: 'medium' }).format(date);
}

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
