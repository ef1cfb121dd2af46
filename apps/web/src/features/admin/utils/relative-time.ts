interface Unit {
  unit: Intl.RelativeTimeFormatUnit;
  seconds: number;
}

/** Largest first: the first that fits says "in 23 hours" rather than "in 1,380 minutes". */
const UNITS: Unit[] = [
  { unit: 'day', seconds: 86_400 },
  { unit: 'hour', seconds: 3_600 },
  { unit: 'minute', seconds: 60 },
  { unit: 'second', seconds: 1 },
];

/**
 * The largest unit the span reaches once rounded to the unit below it, so 59 min 59 s is
 * "1 hour", not "60 minutes".
 */
function unitFor(seconds: number): Unit {
  const span = Math.abs(seconds);
  for (const [index, candidate] of UNITS.entries()) {
    const below = UNITS[index + 1]?.seconds ?? 1;
    if (Math.round(span / below) * below >= candidate.seconds) {
      return candidate;
    }
  }
  return { unit: 'second', seconds: 1 };
}

/**
 * An instant relative to `now` in the reader's language: "in 5 minutes" / "5分钟后",
 * "2 hours ago" / "2小时前", rounded to a whole number of the largest unit that fits.
 * Always numeric: "tomorrow" would be wrong for a lock that ends in 25 hours tonight.
 * An unreadable date is returned as it came.
 */
export function formatRelativeTime(iso: string, now: number, language: string): string {
  const at = new Date(iso).getTime();
  if (Number.isNaN(at)) {
    return iso;
  }
  const seconds = (at - now) / 1000;
  const { unit, seconds: size } = unitFor(seconds);
  const format = new Intl.RelativeTimeFormat(language, { numeric: 'always' });
  return format.format(Math.round(seconds / size), unit);
}
