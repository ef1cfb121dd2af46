/**
 * The one way the web app writes a date (issue 30: the task manager wrote "11/27/26" where
 * every other screen wrote "Nov 27, 2026"): the reader's language, medium date, short
 * time. "Nov 27, 2026, 5:33 PM" in English, "2026年11月27日 17:33" in Chinese.
 */

/** An ISO 8601 text, epoch milliseconds or a Date; nothing is no date. */
type Instant = string | number | Date | null | undefined;

const formats = new Map<string, Intl.DateTimeFormat>();

/** Intl formats are costly to build and a list writes hundreds of dates: one per kind and language. */
function formatOf(language: string, withTime: boolean): Intl.DateTimeFormat {
  const key = `${language}|${withTime}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(
      language,
      withTime ? { dateStyle: 'medium', timeStyle: 'short' } : { dateStyle: 'medium' },
    );
    formats.set(key, format);
  }
  return format;
}

function dateOf(value: Instant): Date | null {
  if (value === null || value === undefined || value === '') {
    return null;
  }
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** A date and time in the reader's language; '' for none (callers show their own "—"). */
export function formatDateTime(value: Instant, language: string): string {
  const date = dateOf(value);
  return date ? formatOf(language, true).format(date) : '';
}

/** Just the date, for narrow columns; pair it with formatDateTime in a title. */
export function formatDate(value: Instant, language: string): string {
  const date = dateOf(value);
  return date ? formatOf(language, false).format(date) : '';
}
