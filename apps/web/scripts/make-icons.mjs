// Renders the app icons in public/icons/ (web app manifest, apple-touch-icon) from the
// brand: Tabler's clipboard-text icon, as in the header, white on the primary blue.
// Run once after a brand change: `node apps/web/scripts/make-icons.mjs` (needs Chromium).
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { encodePalettePng } from './png-palette.mjs';

/* global Image, document -- used inside page.evaluate, which runs in Chromium */

const OUT_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../public/icons');
/** Mantine's blue filled (the app's primary color) and its darker shade 9. */
const PRIMARY = '#228be6';
const PRIMARY_DARK = '#1864ab';
/** Tabler icons-react v3 `clipboard-text`, on its 24-unit grid. */
const CLIPBOARD_TEXT = [
  'M9 5h-2a2 2 0 0 0 -2 2v12a2 2 0 0 0 2 2h10a2 2 0 0 0 2 -2v-12a2 2 0 0 0 -2 -2h-2',
  'M9 5a2 2 0 0 1 2 -2h2a2 2 0 0 1 2 2a2 2 0 0 1 -2 2h-2a2 2 0 0 1 -2 -2',
  'M9 12h6',
  'M9 16h6',
];

/**
 * One icon as SVG. `maskable` fills the whole square (the platform cuts its own shape) and
 * keeps the glyph inside the central 60 %, well within the 80 % safe zone; the plain icon
 * is a rounded square with a little margin, as launchers show "any" icons unmasked.
 */
function iconSvg({ maskable, opaque }) {
  const glyphScale = maskable ? 0.6 : 0.66;
  const offset = (24 * (1 - glyphScale)) / 2;
  const background =
    maskable || opaque
      ? `<rect width="24" height="24" fill="url(#g)"/>`
      : `<rect x="1" y="1" width="22" height="22" rx="5" fill="url(#g)"/>`;
  const paths = CLIPBOARD_TEXT.map((d) => `<path d="${d}"/>`).join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24">
  <defs><linearGradient id="g" x1="0" y1="0" x2="0" y2="1">
    <stop offset="0" stop-color="${PRIMARY}"/><stop offset="1" stop-color="${PRIMARY_DARK}"/>
  </linearGradient></defs>
  ${background}
  <g transform="translate(${offset} ${offset}) scale(${glyphScale})" fill="none" stroke="#fff"
     stroke-width="1.7" stroke-linecap="round" stroke-linejoin="round">${paths}</g>
</svg>`;
}

const ICONS = [
  { file: 'icon-192.png', size: 192, maskable: false, opaque: false },
  { file: 'icon-512.png', size: 512, maskable: false, opaque: false },
  { file: 'icon-maskable-512.png', size: 512, maskable: true, opaque: true },
  // iOS ignores transparency and rounds the corners itself.
  { file: 'apple-touch-icon-180.png', size: 180, maskable: false, opaque: true },
];

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu'],
});
try {
  await fs.mkdir(OUT_DIR, { recursive: true });
  for (const icon of ICONS) {
    const page = await browser.newPage();
    const svg = iconSvg(icon).replace('<svg ', `<svg width="${icon.size}" height="${icon.size}" `);
    // Chromium rasterises the SVG; its pixels become an indexed-colour PNG (png-palette.mjs).
    const rgba = await page.evaluate(
      async ({ markup, size }) => {
        const image = new Image();
        image.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(markup)}`;
        await image.decode();
        const canvas = document.createElement('canvas');
        canvas.width = size;
        canvas.height = size;
        const context = canvas.getContext('2d');
        context.drawImage(image, 0, 0, size, size);
        return Array.from(context.getImageData(0, 0, size, size).data);
      },
      { markup: svg, size: icon.size },
    );
    await page.close();
    const png = encodePalettePng(rgba, icon.size, icon.size);
    await fs.writeFile(path.join(OUT_DIR, icon.file), png);
    console.log(`wrote ${icon.file} (${icon.size}px, ${png.length} bytes)`);
  }
} finally {
  await browser.close();
}
