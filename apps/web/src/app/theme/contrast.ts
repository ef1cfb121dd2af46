/**
 * WCAG 2 contrast arithmetic for the theme (issue 13): the theme derives its text colours
 * from Mantine's palette and nudges each one just far enough to reach AA on the surface it
 * is drawn on, so no screen has to fix contrast on its own.
 */

export interface Rgb {
  r: number;
  g: number;
  b: number;
}

/** WCAG AA for body text. */
export const AA_TEXT = 4.5;

/** `#rgb` or `#rrggbb` to channels 0–255. */
export function parseHex(hex: string): Rgb {
  const digits = hex.replace('#', '');
  const full =
    digits.length === 3
      ? digits
          .split('')
          .map((d) => d + d)
          .join('')
      : digits;
  if (!/^[0-9a-f]{6}$/i.test(full)) {
    throw new Error(`not a hex colour: ${hex}`);
  }
  return {
    r: parseInt(full.slice(0, 2), 16),
    g: parseInt(full.slice(2, 4), 16),
    b: parseInt(full.slice(4, 6), 16),
  };
}

export function toHex({ r, g, b }: Rgb): string {
  const channel = (v: number) =>
    Math.round(Math.min(255, Math.max(0, v)))
      .toString(16)
      .padStart(2, '0');
  return `#${channel(r)}${channel(g)}${channel(b)}`;
}

/** `top` drawn with `opacity` over an opaque `bottom`. */
export function blend(top: Rgb, opacity: number, bottom: Rgb): Rgb {
  const mix = (a: number, b: number) => a * opacity + b * (1 - opacity);
  return { r: mix(top.r, bottom.r), g: mix(top.g, bottom.g), b: mix(top.b, bottom.b) };
}

function relativeLuminance({ r, g, b }: Rgb): number {
  const linear = (v: number) => {
    const c = v / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
}

export function contrastRatio(a: Rgb, b: Rgb): number {
  const [light, dark] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x) as [
    number,
    number,
  ];
  return (light + 0.05) / (dark + 0.05);
}

/**
 * `color` moved towards black (on light surfaces) or white (on dark ones) in small steps
 * until every surface in `backgrounds` gives it at least `minimum` contrast. A colour that
 * already passes is returned unchanged, so the palette keeps its hues wherever it can.
 */
export function readableOn(color: string, backgrounds: string[], minimum = AA_TEXT): string {
  const surfaces = backgrounds.map(parseHex);
  const darkSurface = surfaces.every((s) => relativeLuminance(s) < 0.18);
  const target: Rgb = darkSurface ? { r: 255, g: 255, b: 255 } : { r: 0, g: 0, b: 0 };
  const start = parseHex(color);
  for (let step = 0; step <= 20; step += 1) {
    // Judged as it will be painted: rounded to whole channels.
    const candidate = toHex(blend(target, step / 20, start));
    if (surfaces.every((s) => contrastRatio(parseHex(candidate), s) >= minimum)) {
      return candidate;
    }
  }
  return toHex(target);
}
