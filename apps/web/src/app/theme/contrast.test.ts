import { DEFAULT_THEME } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { AA_TEXT, contrastRatio, parseHex, readableOn } from './contrast';
import { cssVariablesResolver } from './theme';

const ratio = (a: string, b: string) => contrastRatio(parseHex(a), parseHex(b));

describe('contrast arithmetic', () => {
  it('matches WCAG reference values', () => {
    expect(ratio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(ratio('#ffffff', '#ffffff')).toBeCloseTo(1, 5);
    // Mantine's default dimmed text on white: the failure issue 13 reports.
    expect(ratio(DEFAULT_THEME.colors.gray[6], '#ffffff')).toBeCloseTo(3.32, 2);
  });

  it('keeps a colour that already passes and darkens or lightens one that does not', () => {
    expect(readableOn('#000000', ['#ffffff'])).toBe('#000000');
    const onWhite = readableOn(DEFAULT_THEME.colors.yellow[6], ['#ffffff']);
    expect(ratio(onWhite, '#ffffff')).toBeGreaterThanOrEqual(AA_TEXT);
    const onDark = readableOn(DEFAULT_THEME.colors.dark[2], [DEFAULT_THEME.colors.dark[7]]);
    expect(ratio(onDark, DEFAULT_THEME.colors.dark[7])).toBeGreaterThanOrEqual(AA_TEXT);
  });
});

describe('theme text colours', () => {
  const resolved = cssVariablesResolver(DEFAULT_THEME);
  const schemes = [
    { name: 'light', vars: resolved.light, body: '#ffffff' },
    { name: 'dark', vars: resolved.dark, body: DEFAULT_THEME.colors.dark[7] },
  ] as const;

  for (const scheme of schemes) {
    it(`reach AA on the ${scheme.name} body for every palette colour, dimmed, error and links`, () => {
      const textVariables = Object.entries(scheme.vars).filter(([name]) =>
        /-(text|light-color|outline)$|^--mantine-color-(dimmed|error|anchor)$/.test(name),
      );
      expect(textVariables.length).toBeGreaterThan(40);
      const failing = textVariables.filter(([, value]) => ratio(value, scheme.body) < AA_TEXT);
      expect(failing).toEqual([]);
    });
  }
});
