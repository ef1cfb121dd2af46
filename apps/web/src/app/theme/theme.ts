import {
  createTheme,
  DEFAULT_THEME,
  type CSSVariablesResolver,
  type MantineColorsTuple,
} from '@mantine/core';
import { blend, parseHex, readableOn, toHex } from './contrast';

/**
 * The one place contrast is decided (issue 13: WCAG 2 AA in both themes). Mantine's
 * defaults draw several text colours below 4.5:1 — dimmed text (gray-6 on white, 3.3:1),
 * light-variant labels and the active nav link (blue-6 on its tint, 3.2:1), white on blue-6
 * (3.6:1), red-8 errors on the dark body. The theme keeps Mantine's palette and only moves
 * each text colour as far as needed on the surfaces it is drawn on.
 */

const WHITE = '#ffffff';
/** Light surfaces text sits on: the body, gray panels (gray-0/1), default hover. */
const LIGHT_SURFACES = [WHITE, DEFAULT_THEME.colors.gray[0], DEFAULT_THEME.colors.gray[1]];
/** Dark surfaces: the body (dark-7), cards and inputs (dark-6), hovered rows (dark-5). */
const DARK_SURFACES = [
  DEFAULT_THEME.colors.dark[7],
  DEFAULT_THEME.colors.dark[6],
  DEFAULT_THEME.colors.dark[5],
];

/** White on shade 8 reaches 4.5:1 for blue (4.9:1); shade 6 does not (3.6:1). */
const PRIMARY_SHADE = { light: 8, dark: 8 } as const;

/**
 * The tint a light variant paints: Mantine uses the filled shade at 10 % opacity in light
 * mode and shade (primary − 2) = 6 at 15 % in dark mode.
 */
function lightTint(shade: string, scheme: 'light' | 'dark'): string {
  return scheme === 'light'
    ? toHex(blend(parseHex(shade), 0.1, parseHex(WHITE)))
    : toHex(blend(parseHex(shade), 0.15, parseHex(DEFAULT_THEME.colors.dark[7])));
}

/** Text colours of one palette colour, for one scheme, readable where Mantine draws them. */
function readableVariables(
  name: string,
  shades: MantineColorsTuple,
  scheme: 'light' | 'dark',
): Record<string, string> {
  const surfaces = scheme === 'light' ? LIGHT_SURFACES : DARK_SURFACES;
  // The shades Mantine itself uses for these roles (get-css-color-variables).
  const textShade = scheme === 'light' ? shades[PRIMARY_SHADE.light] : shades[4];
  const lightColorShade = scheme === 'light' ? shades[PRIMARY_SHADE.light] : shades[3];
  const outlineShade = scheme === 'light' ? shades[PRIMARY_SHADE.light] : shades[4];
  const tint = lightTint(scheme === 'light' ? shades[PRIMARY_SHADE.light] : shades[6], scheme);
  return {
    [`--mantine-color-${name}-text`]: readableOn(textShade, surfaces),
    [`--mantine-color-${name}-light-color`]: readableOn(lightColorShade, [tint, ...surfaces]),
    [`--mantine-color-${name}-outline`]: readableOn(outlineShade, surfaces),
  };
}

function paletteVariables(scheme: 'light' | 'dark'): Record<string, string> {
  return Object.fromEntries(
    Object.entries(DEFAULT_THEME.colors).flatMap(([name, shades]) =>
      Object.entries(readableVariables(name, shades, scheme)),
    ),
  );
}

const gray = DEFAULT_THEME.colors.gray;
const dark = DEFAULT_THEME.colors.dark;
const red = DEFAULT_THEME.colors.red;

export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    ...paletteVariables('light'),
    '--mantine-color-dimmed': readableOn(gray[6], LIGHT_SURFACES),
    '--mantine-color-error': readableOn(red[6], LIGHT_SURFACES),
    '--mantine-color-anchor': readableOn(
      DEFAULT_THEME.colors.blue[PRIMARY_SHADE.light],
      LIGHT_SURFACES,
    ),
  },
  dark: {
    ...paletteVariables('dark'),
    '--mantine-color-dimmed': readableOn(dark[2], DARK_SURFACES),
    '--mantine-color-error': readableOn(red[6], DARK_SURFACES),
    '--mantine-color-anchor': readableOn(DEFAULT_THEME.colors.blue[4], DARK_SURFACES),
  },
});

export const theme = createTheme({
  primaryColor: 'blue',
  primaryShade: PRIMARY_SHADE,
  // Filled buttons and badges of light hues (yellow, lime, cyan) get dark text.
  autoContrast: true,
  defaultRadius: 'md',
  fontFamily:
    "-apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'PingFang SC', 'Hiragino Sans GB', 'Microsoft YaHei', 'WenQuanYi Micro Hei', sans-serif",
});
