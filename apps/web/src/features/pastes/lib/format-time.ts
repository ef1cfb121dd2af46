/** A date and time in the reader's language, e.g. "Mar 5, 2025, 14:30" / "2025年3月5日 14:30". */
export function formatDateTime(iso: string, language: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) {
    return iso;
  }
  return date.toLocaleString(language, { dateStyle: 'medium', timeStyle: 'short' });
}
