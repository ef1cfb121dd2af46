import { describe, expect, it } from 'vitest';
import { formatRelativeTime } from './relative-time';

const NOW = Date.parse('2026-11-24T12:00:00.000Z');
const at = (offsetSeconds: number) => new Date(NOW + offsetSeconds * 1000).toISOString();

describe('formatRelativeTime', () => {
  it('says the largest unit that fits, ahead and behind', () => {
    expect(formatRelativeTime(at(42), NOW, 'en-US')).toBe('in 42 seconds');
    expect(formatRelativeTime(at(5 * 60 + 10), NOW, 'en-US')).toBe('in 5 minutes');
    expect(formatRelativeTime(at(23 * 3600), NOW, 'en-US')).toBe('in 23 hours');
    expect(formatRelativeTime(at(3 * 86_400), NOW, 'en-US')).toBe('in 3 days');
    expect(formatRelativeTime(at(-2 * 3600), NOW, 'en-US')).toBe('2 hours ago');
  });

  it('moves up a unit when rounding reaches it', () => {
    expect(formatRelativeTime(at(3599.4), NOW, 'en-US')).toBe('in 1 hour');
    expect(formatRelativeTime(at(59.6), NOW, 'en-US')).toBe('in 1 minute');
    expect(formatRelativeTime(at(30 * 60), NOW, 'en-US')).toBe('in 30 minutes');
  });

  it('stays numeric where "tomorrow" would mislead', () => {
    expect(formatRelativeTime(at(86_400 + 3600), NOW, 'en-US')).toBe('in 1 day');
  });

  it('speaks Chinese', () => {
    expect(formatRelativeTime(at(10 * 60), NOW, 'zh-CN')).toBe('10分钟后');
    expect(formatRelativeTime(at(-3 * 3600), NOW, 'zh-CN')).toBe('3小时前');
  });

  it('returns an unreadable date as it came', () => {
    expect(formatRelativeTime('soon', NOW, 'en-US')).toBe('soon');
  });
});
