import { describe, expect, it } from 'vitest';
import { formatBytes, formatDuration, formatSpeed } from './format';

describe('formatBytes', () => {
  it('uses binary units with at most two decimals', () => {
    expect(formatBytes(0)).toBe('0 B');
    expect(formatBytes(1023)).toBe('1023 B');
    expect(formatBytes(1536)).toBe('1.5 KB');
    expect(formatBytes(5 * 1024 * 1024)).toBe('5 MB');
    expect(formatBytes(2.345 * 1024 ** 3)).toBe('2.35 GB');
    expect(formatBytes(3 * 1024 ** 4)).toBe('3 TB');
  });

  it('shows a dash for nonsense', () => {
    expect(formatBytes(-1)).toBe('—');
    expect(formatBytes(Number.NaN)).toBe('—');
  });
});

describe('formatSpeed', () => {
  it('is bytes per second', () => {
    expect(formatSpeed(2.5 * 1024 * 1024)).toBe('2.5 MB/s');
  });
});

describe('formatDuration', () => {
  it('reads like a media player clock', () => {
    expect(formatDuration(0)).toBe('0:00');
    expect(formatDuration(41.2)).toBe('0:42');
    expect(formatDuration(725)).toBe('12:05');
    expect(formatDuration(3723)).toBe('1:02:03');
  });

  it('shows a dash when unknown', () => {
    expect(formatDuration(Number.POSITIVE_INFINITY)).toBe('—');
  });
});
