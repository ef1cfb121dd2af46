import { crc32, inflateRawSync } from 'node:zlib';

/** One entry of a ZIP archive: its name (UTF-8 when the archive says so) and its bytes. */
export interface ZipEntry {
  name: string;
  /** Whether general-purpose flag bit 11 (names in UTF-8) is set. */
  utf8: boolean;
  data: Buffer;
}

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;
const MAX32 = 0xffffffff;

/** The ZIP64 extra field (0x0001) of a central entry: the values its 32-bit fields stand for. */
function zip64Values(extra: Buffer): bigint[] {
  for (let at = 0; at + 4 <= extra.length;) {
    const id = extra.readUInt16LE(at);
    const size = extra.readUInt16LE(at + 2);
    if (id === 0x0001) {
      const values: bigint[] = [];
      for (let field = at + 4; field + 8 <= at + 4 + size; field += 8) {
        values.push(extra.readBigUInt64LE(field));
      }
      return values;
    }
    at += 4 + size;
  }
  return [];
}

/**
 * Reads a whole ZIP archive held in memory (a journey's small download) through its central
 * directory, checking each entry's CRC-32: a reader of our own, so the test does not take
 * the archive on the word of the code that wrote it. Stored and deflated entries; ZIP64
 * sizes and offsets in the extra field. Throws on anything malformed.
 */
export function readZip(archive: Buffer): ZipEntry[] {
  let end = -1;
  for (let at = archive.length - 22; at >= Math.max(0, archive.length - 22 - 65_535); at -= 1) {
    if (archive.readUInt32LE(at) === EOCD) {
      end = at;
      break;
    }
  }
  if (end < 0) {
    throw new Error('no end of central directory record');
  }
  const count = archive.readUInt16LE(end + 10);
  let at = archive.readUInt32LE(end + 16);
  if (at === MAX32) {
    // ZIP64: the locator just before the record points at the ZIP64 end record.
    const record = Number(archive.readBigUInt64LE(end - 20 + 8));
    at = Number(archive.readBigUInt64LE(record + 48));
  }
  const entries: ZipEntry[] = [];
  for (
    let index = 0;
    at + 4 <= archive.length && archive.readUInt32LE(at) === CENTRAL;
    index += 1
  ) {
    const flags = archive.readUInt16LE(at + 8);
    const method = archive.readUInt16LE(at + 10);
    const crc = archive.readUInt32LE(at + 16);
    let compressed = archive.readUInt32LE(at + 20);
    let size = archive.readUInt32LE(at + 24);
    const nameLength = archive.readUInt16LE(at + 28);
    const extraLength = archive.readUInt16LE(at + 30);
    const commentLength = archive.readUInt16LE(at + 32);
    let offset = archive.readUInt32LE(at + 42);
    const nameBytes = archive.subarray(at + 46, at + 46 + nameLength);
    const extra = archive.subarray(at + 46 + nameLength, at + 46 + nameLength + extraLength);
    const wide = zip64Values(extra);
    // The ZIP64 field holds, in this order, only the values whose 32-bit field is full.
    if (size === MAX32) {
      size = Number(wide.shift());
    }
    if (compressed === MAX32) {
      compressed = Number(wide.shift());
    }
    if (offset === MAX32) {
      offset = Number(wide.shift());
    }
    if (archive.readUInt32LE(offset) !== LOCAL) {
      throw new Error(`entry ${index}: no local header at ${offset}`);
    }
    const start =
      offset + 30 + archive.readUInt16LE(offset + 26) + archive.readUInt16LE(offset + 28);
    const raw = archive.subarray(start, start + compressed);
    const data = method === 0 ? Buffer.from(raw) : method === 8 ? inflateRawSync(raw) : null;
    if (!data) {
      throw new Error(`entry ${index}: compression method ${method} not supported`);
    }
    if (data.length !== size || crc32(data) !== crc) {
      throw new Error(`entry ${index}: size or CRC-32 does not match its bytes`);
    }
    const utf8 = (flags & 0x0800) !== 0;
    entries.push({ name: nameBytes.toString(utf8 ? 'utf8' : 'latin1'), utf8, data });
    at += 46 + nameLength + extraLength + commentLength;
  }
  // 0xffff: the count is in the ZIP64 end record; the directory itself was walked to its end.
  if (count !== 0xffff && entries.length !== count) {
    throw new Error(`the directory lists ${entries.length} entries, the end record ${count}`);
  }
  return entries;
}
