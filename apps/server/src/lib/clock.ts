/** Time behind a seam, so tests can move it without touching the system clock. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** A clock a test can set and advance. */
export class ManualClock implements Clock {
  private current: Date;
  constructor(start = new Date()) {
    this.current = new Date(start);
  }
  now(): Date {
    return new Date(this.current);
  }
  advance(ms: number): void {
    this.current = new Date(this.current.getTime() + ms);
  }
}

/** The last millisecond `isoNow` wrote out, and its string. */
let lastIso = { ms: Number.NaN, iso: '' };

/**
 * The clock's present moment as stored: UTC ISO 8601, which compares as a string. V8's
 * `toISOString` costs about 0.8 µs, and a busy server stamps the same millisecond many
 * times (each count of a view, each create), so the last millisecond's string is kept:
 * about 0.1 µs then (docs/performance.md, round 9).
 */
export function isoNow(clock: Clock): string {
  const now = clock.now();
  const ms = now.getTime();
  if (ms !== lastIso.ms) {
    lastIso = { ms, iso: now.toISOString() };
  }
  return lastIso.iso;
}

export function addMs(date: Date, ms: number): Date {
  return new Date(date.getTime() + ms);
}
