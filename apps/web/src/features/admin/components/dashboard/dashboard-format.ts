/**
 * A `YYYY-MM-DD` activity day (a UTC calendar day, see the contract) as a short axis label in
 * the reader's language: "Nov 24" / "11月24日". Read and written in UTC, so the label never
 * shifts a day in a time zone west of Greenwich.
 */
export function formatActivityDay(day: string, language: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) {
    return day;
  }
  return new Intl.DateTimeFormat(language, {
    month: 'short',
    day: 'numeric',
    timeZone: 'UTC',
  }).format(date);
}

/** A count in the reader's language: 12345 → "12,345". */
export function formatCount(value: number, language: string): string {
  return new Intl.NumberFormat(language).format(value);
}

/**
 * A share of a capacity in percent, one decimal at most: 25 → "25", 0.0195 → "< 0.1" (a
 * small but non-zero use never reads as nothing).
 */
export function formatPercent(percent: number, language: string): string {
  const format = (value: number) =>
    new Intl.NumberFormat(language, { maximumFractionDigits: 1 }).format(value);
  return percent > 0 && percent < 0.1 ? `< ${format(0.1)}` : format(percent);
}
