import { describe, expect, it } from 'vitest';
import { isoNow, ManualClock } from '@/lib/clock';

describe('isoNow', () => {
  it('is the clock time as toISOString writes it, at every step', () => {
    const clock = new ManualClock(new Date('2026-11-26T18:00:00.000Z'));
    const steps = [0, 0, 1, 999, 0, 60_000, -5, 0];
    for (const step of steps) {
      clock.advance(step);
      expect(isoNow(clock)).toBe(clock.now().toISOString());
    }
  });

  it('follows the clock that asks, not the last one answered', () => {
    // The kept string belongs to a millisecond, not to a clock: two clocks apart never
    // share it, and one that goes back in time gets its own moment again.
    const early = new ManualClock(new Date('2020-01-01T00:00:00.000Z'));
    const late = new ManualClock(new Date('2030-06-15T12:34:56.789Z'));
    expect(isoNow(early)).toBe('2020-01-01T00:00:00.000Z');
    expect(isoNow(late)).toBe('2030-06-15T12:34:56.789Z');
    expect(isoNow(early)).toBe('2020-01-01T00:00:00.000Z');
  });

  it('refuses an invalid time as toISOString does', () => {
    const broken = { now: () => new Date(Number.NaN) };
    expect(() => isoNow(broken)).toThrow(RangeError);
  });
});
