import { downloadBlob } from '@/lib/download-blob';
import { EXPORT_CSS } from './export-styles';

export type ExportKind = 'markdown' | 'text' | 'html' | 'png' | 'pdf';

/** Width of the page image exports are drawn at, in CSS pixels. */
const SNAPSHOT_WIDTH_PX = 820;
/** A transparent pixel stands in for images the browser may not read (cross-origin). */
const IMAGE_PLACEHOLDER =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/** The raw source as .md (or .txt in plain-text mode). */
export function exportSource(content: string, kind: 'markdown' | 'text', baseName: string): void {
  const type = kind === 'markdown' ? 'text/markdown' : 'text/plain';
  const extension = kind === 'markdown' ? 'md' : 'txt';
  downloadBlob(new Blob([content], { type: `${type};charset=utf-8` }), `${baseName}.${extension}`);
}

/**
 * A standalone .html of the rendered preview. The preview's HTML is the renderer's
 * sanitized output (plus mermaid's strict-mode SVG), so it is embedded as is.
 */
export function exportHtml(preview: HTMLElement, title: string, lang: string, baseName: string) {
  const page = `<!doctype html>
<html lang="${escapeHtml(lang)}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>${EXPORT_CSS}</style>
</head>
<body>
<article class="pb-markdown">
${preview.innerHTML}
</article>
</body>
</html>
`;
  downloadBlob(new Blob([page], { type: 'text/html;charset=utf-8' }), `${baseName}.html`);
}

/**
 * Elements of the rendered Markdown that scroll (wide tables, code blocks, display math) or
 * clip (the preview itself). A picture cannot scroll: in the copy they draw everything.
 */
const CLIPPING = '.pb-markdown, .pb-markdown table, .pb-markdown pre, .pb-markdown .katex-display';

/**
 * Draws a copy of the preview off screen at a fixed page width, so the picture does not
 * depend on the window size or on the preview tab being visible (phones).
 */
async function snapshotCanvas(preview: HTMLElement): Promise<HTMLCanvasElement> {
  const { toCanvas } = await import('html-to-image');
  const background = pageBackground();
  // The parking spot is off screen; the page itself must not be offset, or html-to-image
  // copies the offset into the picture and draws an empty canvas.
  const parking = document.createElement('div');
  parking.style.cssText = 'position:fixed;left:-100000px;top:0;';
  const sheet = document.createElement('div');
  sheet.style.cssText = `width:${SNAPSHOT_WIDTH_PX}px;padding:32px;box-sizing:border-box;`;
  sheet.style.background = background;
  sheet.append(preview.cloneNode(true));
  for (const element of sheet.querySelectorAll<HTMLElement>(CLIPPING)) {
    element.style.overflow = 'visible';
  }
  parking.append(sheet);
  document.body.append(parking);
  try {
    // The whole bounding box, rounded up: html-to-image measures clientWidth/Height, whole
    // pixels rounded either way, which can leave a table's bottom border outside the picture
    // (issue 30). Whatever still reaches past the page width widens the picture.
    const box = sheet.getBoundingClientRect();
    return await toCanvas(sheet, {
      pixelRatio: 2,
      width: Math.ceil(Math.max(box.width, sheet.scrollWidth)),
      height: Math.ceil(Math.max(box.height, sheet.scrollHeight)),
      backgroundColor: background,
      imagePlaceholder: IMAGE_PLACEHOLDER,
      cacheBust: false,
    });
  } finally {
    parking.remove();
  }
}

/** The page colour of the current theme, so a snapshot looks like the preview. */
function pageBackground(): string {
  return getComputedStyle(document.body).backgroundColor || '#ffffff';
}

function rgbOf(color: string): [number, number, number] {
  const [r = 255, g = 255, b = 255] = (color.match(/\d+/g) ?? []).map(Number);
  return [r, g, b];
}

function canvasToBlob(canvas: HTMLCanvasElement): Promise<Blob> {
  return new Promise((resolve, reject) => {
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('empty image'))), 'image/png');
  });
}

/** The rendered preview as one PNG. */
export async function exportPng(preview: HTMLElement, baseName: string): Promise<void> {
  const canvas = await snapshotCanvas(preview);
  downloadBlob(await canvasToBlob(canvas), `${baseName}.png`);
}

/** The rendered preview as an A4 PDF: the page image cut into page-high slices. */
export async function exportPdf(preview: HTMLElement, baseName: string): Promise<void> {
  const [canvas, { jsPDF }] = await Promise.all([snapshotCanvas(preview), import('jspdf')]);
  const pdf = new jsPDF({ orientation: 'portrait', unit: 'pt', format: 'a4' });
  const background = rgbOf(pageBackground());
  const pageWidth = pdf.internal.pageSize.getWidth();
  const pageHeight = pdf.internal.pageSize.getHeight();
  const sliceHeightPx = Math.floor((canvas.width * pageHeight) / pageWidth);
  const slice = document.createElement('canvas');
  slice.width = canvas.width;
  const context = slice.getContext('2d');
  if (!context) {
    throw new Error('canvas unavailable');
  }
  for (let top = 0, page = 0; top < canvas.height; top += sliceHeightPx, page += 1) {
    const height = Math.min(sliceHeightPx, canvas.height - top);
    slice.height = height;
    context.drawImage(canvas, 0, top, canvas.width, height, 0, 0, canvas.width, height);
    if (page > 0) {
      pdf.addPage();
    }
    // Dark theme: the rest of the last page keeps the snapshot's background.
    pdf.setFillColor(...background);
    pdf.rect(0, 0, pageWidth, pageHeight, 'F');
    const imageHeight = (height * pageWidth) / canvas.width;
    pdf.addImage(
      slice.toDataURL('image/png'),
      'PNG',
      0,
      0,
      pageWidth,
      imageHeight,
      undefined,
      'FAST',
    );
  }
  pdf.save(`${baseName}.pdf`);
}
