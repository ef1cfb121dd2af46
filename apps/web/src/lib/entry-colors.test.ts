import { DEFAULT_THEME } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { blend, contrastRatio, parseHex, toHex } from '@/app/theme/contrast';
import { ENTRY_ICON_SHADES, entryIconColor, type IconShade } from './entry-colors';

/** WCAG 1.4.11: graphical objects needed to understand the content. */
const NON_TEXT_MINIMUM = 3;

const { colors } = DEFAULT_THEME;
const WHITE = '#ffffff';

/** `blue.8` → the palette's hex; a hex stays as it is. */
function hexOf(shade: IconShade): string {
  if (shade.startsWith('#')) {
    return shade;
  }
  const [name = '', index = ''] = shade.split('.');
  const hex = colors[name]?.[Number(index)];
  if (!hex) {
    throw new Error(`no palette shade ${shade}`);
  }
  return hex;
}

/**
 * Where the explorer draws its icons: the body, the grid's thumbnail frame (gray-0 /
 * dark-6), a hovered table row (gray-1 / dark-5) and a selected row or card (the primary
 * colour's light tint, as theme.ts derives it: blue-8 at 10 % / blue-6 at 15 %).
 */
const SURFACES = {
  light: {
    body: WHITE,
    thumbnail: colors.gray[0],
    hover: colors.gray[1],
    selected: toHex(blend(parseHex(colors.blue[8]), 0.1, parseHex(WHITE))),
  },
  dark: {
    body: colors.dark[7],
    thumbnail: colors.dark[6],
    hover: colors.dark[5],
    selected: toHex(blend(parseHex(colors.blue[6]), 0.15, parseHex(colors.dark[7]))),
  },
} as const;

describe('explorer icon colours', () => {
  for (const scheme of ['light', 'dark'] as const) {
    it(`reach 3:1 on every ${scheme} surface an icon is drawn on`, () => {
      const failing = Object.entries(ENTRY_ICON_SHADES).flatMap(([kind, shades]) =>
        Object.entries(SURFACES[scheme]).flatMap(([surface, background]) => {
          const ratio = contrastRatio(parseHex(hexOf(shades[scheme])), parseHex(background));
          return ratio < NON_TEXT_MINIMUM ? [`${kind} on ${surface}: ${ratio.toFixed(2)}`] : [];
        }),
      );
      expect(failing).toEqual([]);
    });
  }

  it('paints the shades checked above, per scheme, not the `filled` shade', () => {
    // The reported failure: gray-filled is gray-8 in both schemes (primaryShade 8), 1.3:1
    // on the dark body.
    expect(entryIconColor('file')).not.toContain('filled');
    expect(entryIconColor('folder')).toBe('light-dark(#c07000, var(--mantine-color-yellow-8))');
    expect(entryIconColor('text')).toBe(
      'light-dark(var(--mantine-color-gray-7), var(--mantine-color-gray-5))',
    );
  });
});
