/**
 * Secondary text that still meets WCAG AA (4.5:1) in both schemes: Mantine's "dimmed"
 * (gray-6 on white, about 3.3:1) does not, and sizes, dates and hints are real content.
 */
export const MUTED_TEXT = 'light-dark(var(--mantine-color-gray-7), var(--mantine-color-dark-1))';

/** Links on the page's background, AA in both schemes (the default blue-6 is 3.6:1). */
export const LINK_TEXT = 'light-dark(var(--mantine-color-blue-8), var(--mantine-color-blue-4))';

/** The kinds of entry the explorer tells apart by icon (EntryIcon). */
export type EntryIconKind =
  'mount' | 'folder' | 'image' | 'video' | 'audio' | 'pdf' | 'markdown' | 'code' | 'text' | 'file';

/** A palette shade (`blue.8`) or, where no shade of the hue is dark enough, a hex colour. */
export type IconShade = `${string}.${number}` | `#${string}`;

/**
 * Each icon's colour per scheme. An icon is what tells a folder from a file, so it needs
 * 3:1 against every surface it is drawn on (WCAG 1.4.11): white, gray-0/1 and the selected
 * rows' blue tint in light; dark-7/6/5 and the tint in dark (colors.test.ts checks them
 * all). Mantine's `filled` shade is shade 8 in both schemes, about 1:1 for gray on the dark
 * body; the dark scheme therefore uses lighter shades. No yellow shade reaches 3:1 on white:
 * folders take yellow-8 darkened a fifth towards black.
 */
export const ENTRY_ICON_SHADES: Record<EntryIconKind, { light: IconShade; dark: IconShade }> = {
  mount: { light: 'blue.8', dark: 'blue.4' },
  folder: { light: '#c07000', dark: 'yellow.8' },
  image: { light: 'teal.8', dark: 'teal.6' },
  video: { light: 'grape.7', dark: 'grape.4' },
  audio: { light: 'pink.7', dark: 'pink.4' },
  pdf: { light: 'red.8', dark: 'red.5' },
  markdown: { light: 'indigo.7', dark: 'indigo.4' },
  code: { light: 'cyan.8', dark: 'cyan.6' },
  text: { light: 'gray.7', dark: 'gray.5' },
  file: { light: 'gray.7', dark: 'gray.5' },
};

function shadeVariable(shade: IconShade): string {
  return shade.startsWith('#') ? shade : `var(--mantine-color-${shade.replace('.', '-')})`;
}

/** The CSS colour of an entry icon, following the colour scheme. */
export function entryIconColor(kind: EntryIconKind): string {
  const { light, dark } = ENTRY_ICON_SHADES[kind];
  return `light-dark(${shadeVariable(light)}, ${shadeVariable(dark)})`;
}
