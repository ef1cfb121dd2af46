// An RGBA image as an indexed-colour PNG (alpha in tRNS): a flat icon with one gradient
// needs few colours, and takes a fraction of the bytes of a truecolour PNG.
// The app icons are downloaded on a first visit (Chromium fetches them to check that the
// app is installable), so they count in the first page's weight (DESIGN §9).
import { crc32, deflateSync } from 'node:zlib';

/**
 * Colours kept: the icons' vertical gradient changes by one step per ~10 px at 512 px, so
 * 64 shades show no banding, and the file is a third smaller than with 256.
 */
const MAX_COLOURS = 64;

/**
 * Median cut over the distinct colours, each weighted by its pixel count: splits the box
 * with the widest channel range at its weighted median until there are `max` boxes; each
 * box's weighted mean is a palette entry.
 * @param {Map<number, number>} counts RGBA packed in a uint32 → pixels
 * @returns {number[][]} palette entries [r, g, b, a]
 */
function medianCut(counts, max) {
  const colours = [...counts].map(([rgba, count]) => ({ c: unpack(rgba), count }));
  const boxes = [colours];
  while (boxes.length < max) {
    let widest = -1;
    let channel = 0;
    let range = 0;
    boxes.forEach((box, index) => {
      if (box.length < 2) {
        return;
      }
      for (let ch = 0; ch < 4; ch += 1) {
        const values = box.map(({ c }) => c[ch]);
        const spread = Math.max(...values) - Math.min(...values);
        if (spread > range) {
          [widest, channel, range] = [index, ch, spread];
        }
      }
    });
    if (widest < 0) {
      break;
    }
    const box = boxes[widest].sort((a, b) => a.c[channel] - b.c[channel]);
    const half = box.reduce((sum, { count }) => sum + count, 0) / 2;
    let seen = 0;
    let cut = 1;
    for (; cut < box.length - 1 && seen + box[cut - 1].count < half; cut += 1) {
      seen += box[cut - 1].count;
    }
    boxes.splice(widest, 1, box.slice(0, cut), box.slice(cut));
  }
  return boxes.map((box) => {
    const total = box.reduce((sum, { count }) => sum + count, 0);
    return [0, 1, 2, 3].map((ch) =>
      Math.round(box.reduce((sum, { c, count }) => sum + c[ch] * count, 0) / total),
    );
  });
}

function unpack(rgba) {
  return [(rgba >>> 24) & 255, (rgba >>> 16) & 255, (rgba >>> 8) & 255, rgba & 255];
}

function nearest(palette, colour) {
  let best = 0;
  let bestDistance = Infinity;
  palette.forEach((entry, index) => {
    const distance = entry.reduce((sum, value, ch) => sum + (value - colour[ch]) ** 2, 0);
    if (distance < bestDistance) {
      [best, bestDistance] = [index, distance];
    }
  });
  return best;
}

function chunk(type, data) {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'ascii');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

/**
 * @param {Uint8Array | number[]} rgba width × height × 4 bytes, not premultiplied
 * @returns {Buffer} the PNG file
 */
export function encodePalettePng(rgba, width, height) {
  const counts = new Map();
  for (let i = 0; i < rgba.length; i += 4) {
    const packed = ((rgba[i] << 24) | (rgba[i + 1] << 16) | (rgba[i + 2] << 8) | rgba[i + 3]) >>> 0;
    counts.set(packed, (counts.get(packed) ?? 0) + 1);
  }
  const palette =
    counts.size <= MAX_COLOURS ? [...counts.keys()].map(unpack) : medianCut(counts, MAX_COLOURS);
  const indexOf = new Map(
    [...counts.keys()].map((packed) => [packed, nearest(palette, unpack(packed))]),
  );
  // Each row: filter type 0, then one palette index per pixel.
  const rows = Buffer.alloc(height * (width + 1));
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const i = (y * width + x) * 4;
      const packed =
        ((rgba[i] << 24) | (rgba[i + 1] << 16) | (rgba[i + 2] << 8) | rgba[i + 3]) >>> 0;
      rows[y * (width + 1) + 1 + x] = indexOf.get(packed);
    }
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 3, 0, 0, 0], 8); // 8-bit indices, colour type 3 (palette), no interlace
  const alphas = palette.map(([, , , a]) => a);
  const lastTranslucent = alphas.findLastIndex((a) => a < 255);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('PLTE', Buffer.from(palette.flatMap(([r, g, b]) => [r, g, b]))),
    ...(lastTranslucent >= 0
      ? [chunk('tRNS', Buffer.from(alphas.slice(0, lastTranslucent + 1)))]
      : []),
    chunk('IDAT', deflateSync(rows, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
