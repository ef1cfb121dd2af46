import { describe, expect, it } from 'vitest';
import { partBytes, planParts } from './part-plan';

const MIB = 1024 * 1024;

describe('planParts', () => {
  it('cuts 5 MiB parts numbered from 1, the last one smaller', () => {
    const parts = planParts(12 * MIB, 5 * MIB);
    expect(parts).toEqual([
      { partNumber: 1, start: 0, end: 5 * MIB },
      { partNumber: 2, start: 5 * MIB, end: 10 * MIB },
      { partNumber: 3, start: 10 * MIB, end: 12 * MIB },
    ]);
    expect(parts.map(partBytes).reduce((a, b) => a + b)).toBe(12 * MIB);
  });

  it('makes exactly one part for a file of one part size', () => {
    expect(planParts(5 * MIB, 5 * MIB)).toEqual([{ partNumber: 1, start: 0, end: 5 * MIB }]);
  });

  it('has no parts for an empty file', () => {
    expect(planParts(0, 5 * MIB)).toEqual([]);
  });

  it('refuses a part size that is not a positive integer', () => {
    expect(() => planParts(10, 0)).toThrow(RangeError);
    expect(() => planParts(10, 1.5)).toThrow(RangeError);
  });
});
