const DAY_MS = 24 * 60 * 60 * 1000;

/** The UTC calendar day of `date`, written YYYY-MM-DD (how created_at begins). */
export function utcDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** A window of whole UTC days, ending with the day of `now`. */
export interface DayWindow {
  /** The days, oldest first, today last. */
  days: string[];
  /** The first day's midnight, as an ISO instant: the inclusive lower bound of created_at. */
  from: string;
  /** The midnight after today: the exclusive upper bound. */
  to: string;
}

/**
 * The `count` UTC days up to and including today. UTC days all last 24 hours, so stepping
 * back from today's midnight is exact.
 */
export function lastDays(now: Date, count: number): DayWindow {
  const todayStart = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const firstStart = todayStart - (count - 1) * DAY_MS;
  const days = Array.from({ length: count }, (_, index) =>
    utcDay(new Date(firstStart + index * DAY_MS)),
  );
  return {
    days,
    from: new Date(firstStart).toISOString(),
    to: new Date(todayStart + DAY_MS).toISOString(),
  };
}
