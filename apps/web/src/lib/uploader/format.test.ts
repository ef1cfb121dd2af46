import { describe, expect, it } from 'vitest';
import { formatBytes, formatDuration, formatSpeed, sizeUnitLabel } from './format';

describe('formatBytes', () => {
  it('uses binary units, labelled as such, with at most two decimals', () => {
    expect(formatBytes(0)).toBe('0 B');
    expect(formatBytes(1023)).toBe('1023 B');
    expect(formatBytes(1536)).toBe('1.5 KiB');
    expect(formatBytes(5 * 1024 * 1024)).toBe('5 MiB');
    expect(formatBytes(2.345 * 1024 ** 3)).toBe('2.35 GiB');
    expect(formatBytes(3 * 1024 ** 4)).toBe('3 TiB');
  });

  it('writes a 5000 MiB setting as the GiB it is, and labels setting units alike', () => {
    expect(formatBytes(5000 * 1024 ** 2)).toBe('4.88 GiB');
    expect(formatBytes(100 * 1024 ** 2)).toBe('100 MiB');
    expect(sizeUnitLabel('MB')).toBe('MiB');
    expect(sizeUnitLabel('KB')).toBe('KiB');
  });

  it('shows a dash for nonsense', () => {
    expect(formatBytes(-1)).toBe('—');
    expect(formatBytes(Number.NaN)).toBe('—');
  });
});

describe('formatSpeed', () => {
  it('is bytes per second', () => {
    expect(formatSpeed(2.5 * 1024 * 1024)).toBe('2.5 MiB/s');
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
