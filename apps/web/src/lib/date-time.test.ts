import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime } from './date-time';

const INSTANT = '2026-11-27T09:05:00.000Z';

describe('formatDateTime', () => {
  it('writes one medium date and short time in each language, never "11/27/26"', () => {
    const en = formatDateTime(INSTANT, 'en-US');
    expect(en).toMatch(/^Nov 27, 2026, \d{1,2}:\d{2}\s?[AP]M$/);
    expect(formatDateTime(INSTANT, 'zh-CN')).toMatch(/^2026年11月27日 \d{2}:\d{2}$/);
    expect(en).not.toContain('/');
  });

  it('takes ISO text, epoch milliseconds and a Date alike', () => {
    const expected = formatDateTime(INSTANT, 'en-US');
    expect(formatDateTime(Date.parse(INSTANT), 'en-US')).toBe(expected);
    expect(formatDateTime(new Date(INSTANT), 'en-US')).toBe(expected);
  });

  it('answers nothing for no date or a broken one, so callers show their own dash', () => {
    expect(formatDateTime(null, 'en-US')).toBe('');
    expect(formatDateTime(undefined, 'en-US')).toBe('');
    expect(formatDateTime('not a date', 'en-US')).toBe('');
  });
});

describe('formatDate', () => {
  it('is the same date without the time', () => {
    expect(formatDate(INSTANT, 'en-US')).toBe('Nov 27, 2026');
    expect(formatDate(INSTANT, 'zh-CN')).toBe('2026年11月27日');
    expect(formatDate('', 'en-US')).toBe('');
  });
});
