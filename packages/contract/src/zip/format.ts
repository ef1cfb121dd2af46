/**
 * The records of a ZIP archive (PKWARE APPNOTE 6.3.10) as Pastebox's writers lay them out:
 * the server's (apps/server/src/lib/zip) and the service worker's for an end-to-end
 * encrypted bundle (apps/web/src/sw). Pure: bytes, DataView and TextEncoder only. Every
 * length here depends on an entry's name, size and offset only, so zipLength can add the
 * archive up before a byte is read. Layout of one file entry:
 *
 *   local header (+ extended timestamp, + ZIP64 sizes when the file is 4 GiB or more)
 *   stored bytes
 *   data descriptor (CRC-32 and sizes, known only once the bytes went by; 8-byte sizes
 *   when the local header carried ZIP64)
 *
 * A folder entry (name ending in '/') has no bytes and no descriptor.
 */

/** A 32-bit field holding this value says "look in the ZIP64 extra field". */
export const MAX_32 = 0xffffffff;
/** A 16-bit entry count holding this value says "look in the ZIP64 end record". */
export const MAX_16 = 0xffff;

const LOCAL_HEADER = 30;
const CENTRAL_HEADER = 46;
const END_RECORD = 22;
const ZIP64_END_RECORD = 56;
const ZIP64_END_LOCATOR = 20;
/** Extended timestamp (0x5455): header 4, flags 1, mtime 4, in both local and central. */
const TIMESTAMP_EXTRA = 9;
/** ZIP64 extra in a local header: header 4, uncompressed 8, compressed 8. */
const LOCAL_ZIP64_EXTRA = 20;
const DESCRIPTOR = 16;
const ZIP64_DESCRIPTOR = 24;

/** General purpose flags: bit 3 (sizes and CRC follow the data), bit 11 (UTF-8 names). */
const FLAG_DESCRIPTOR = 0x0008;
const FLAG_UTF8 = 0x0800;
/** Made by Unix (3), spec 4.5, so the Unix modes in the external attributes are honoured. */
const MADE_BY = (3 << 8) | 45;
const NEEDS_DEFAULT = 20;
const NEEDS_ZIP64 = 45;
const FILE_ATTRIBUTES = (0o100644 << 16) >>> 0;
/** Unix folder mode, plus the MS-DOS directory bit for Windows' own extractor. */
const FOLDER_ATTRIBUTES = ((0o40755 << 16) | 0x10) >>> 0;

export function isFolderName(name: string): boolean {
  return name.endsWith('/');
}

/** Whether a file's sizes need 64 bits (the 32-bit field's all-ones value is the marker). */
export function needsZip64Size(size: number): boolean {
  return size >= MAX_32;
}

/** Bytes of an entry's local part: header, data and descriptor. */
export function localPartLength(nameLength: number, size: number, folder: boolean): number {
  if (folder) {
    return LOCAL_HEADER + nameLength + TIMESTAMP_EXTRA;
  }
  const zip64 = needsZip64Size(size);
  return (
    LOCAL_HEADER +
    nameLength +
    TIMESTAMP_EXTRA +
    (zip64 ? LOCAL_ZIP64_EXTRA : 0) +
    size +
    (zip64 ? ZIP64_DESCRIPTOR : DESCRIPTOR)
  );
}

/** How many 8-byte values an entry's central ZIP64 extra holds (sizes, offset). */
function centralZip64Fields(size: number, offset: number): number {
  return (needsZip64Size(size) ? 2 : 0) + (offset >= MAX_32 ? 1 : 0);
}

export function centralHeaderLength(nameLength: number, size: number, offset: number): number {
  const fields = centralZip64Fields(size, offset);
  return CENTRAL_HEADER + nameLength + TIMESTAMP_EXTRA + (fields > 0 ? 4 + 8 * fields : 0);
}

export function needsZip64End(count: number, centralOffset: number, centralSize: number): boolean {
  return count >= MAX_16 || centralOffset >= MAX_32 || centralSize >= MAX_32;
}

export function endLength(count: number, centralOffset: number, centralSize: number): number {
  return (
    END_RECORD +
    (needsZip64End(count, centralOffset, centralSize) ? ZIP64_END_RECORD + ZIP64_END_LOCATOR : 0)
  );
}

/** MS-DOS date and time (local time, 2-second steps), clamped to what the format holds. */
function dosDateTime(date: Date): { time: number; date: number } {
  const valid = Number.isNaN(date.getTime()) ? new Date(0) : date;
  const year = valid.getFullYear();
  if (year < 1980) {
    return { time: 0, date: (1 << 5) | 1 };
  }
  if (year > 2107) {
    return { time: (23 << 11) | (59 << 5) | 29, date: (127 << 9) | (12 << 5) | 31 };
  }
  return {
    time: (valid.getHours() << 11) | (valid.getMinutes() << 5) | (valid.getSeconds() >> 1),
    date: ((year - 1980) << 9) | ((valid.getMonth() + 1) << 5) | valid.getDate(),
  };
}

/** Unix seconds for the extended timestamp: a signed 32-bit field, so clamped to 1970..2038. */
function unixSeconds(date: Date): number {
  const seconds = Math.floor(date.getTime() / 1000);
  return Number.isNaN(seconds) ? 0 : Math.min(Math.max(seconds, 0), 0x7fffffff);
}

/** A zeroed record of `length` bytes and a little-endian view on it (ZIP is little-endian). */
function record(length: number): { bytes: Uint8Array; view: DataView } {
  const bytes = new Uint8Array(length);
  return { bytes, view: new DataView(bytes.buffer) };
}

function writeTimestampExtra(view: DataView, at: number, modifiedAt: Date): number {
  view.setUint16(at, 0x5455, true);
  view.setUint16(at + 2, 5, true);
  view.setUint8(at + 4, 1); // mtime present
  view.setUint32(at + 5, unixSeconds(modifiedAt), true);
  return at + TIMESTAMP_EXTRA;
}

function setUint64(view: DataView, at: number, value: number): void {
  view.setBigUint64(at, BigInt(value), true);
}

/** What the central directory must remember of an entry once its bytes went by. */
export interface WrittenEntry {
  /** The name's UTF-8 bytes. */
  name: Uint8Array;
  size: number;
  crc: number;
  offset: number;
  modifiedAt: Date;
  folder: boolean;
}

export function localHeader(
  name: Uint8Array,
  size: number,
  modifiedAt: Date,
  folder: boolean,
): Uint8Array {
  const zip64 = !folder && needsZip64Size(size);
  const extraLength = TIMESTAMP_EXTRA + (zip64 ? LOCAL_ZIP64_EXTRA : 0);
  const { bytes, view } = record(LOCAL_HEADER + name.length + extraLength);
  const { time, date } = dosDateTime(modifiedAt);
  view.setUint32(0, 0x04034b50, true);
  view.setUint16(4, zip64 ? NEEDS_ZIP64 : NEEDS_DEFAULT, true);
  view.setUint16(6, FLAG_UTF8 | (folder ? 0 : FLAG_DESCRIPTOR), true);
  view.setUint16(8, 0, true); // stored
  view.setUint16(10, time, true);
  view.setUint16(12, date, true);
  // CRC and sizes (14..25) stay zero: they follow in the data descriptor.
  if (zip64) {
    view.setUint32(18, MAX_32, true);
    view.setUint32(22, MAX_32, true);
  }
  view.setUint16(26, name.length, true);
  view.setUint16(28, extraLength, true);
  bytes.set(name, LOCAL_HEADER);
  const at = writeTimestampExtra(view, LOCAL_HEADER + name.length, modifiedAt);
  if (zip64) {
    // Both sizes stay zero here, as the CRC: the descriptor carries them.
    view.setUint16(at, 0x0001, true);
    view.setUint16(at + 2, 16, true);
  }
  return bytes;
}

export function dataDescriptor(crc: number, size: number): Uint8Array {
  const zip64 = needsZip64Size(size);
  const { bytes, view } = record(zip64 ? ZIP64_DESCRIPTOR : DESCRIPTOR);
  view.setUint32(0, 0x08074b50, true);
  view.setUint32(4, crc, true);
  if (zip64) {
    setUint64(view, 8, size);
    setUint64(view, 16, size);
  } else {
    view.setUint32(8, size, true);
    view.setUint32(12, size, true);
  }
  return bytes;
}

export function centralHeader(entry: WrittenEntry): Uint8Array {
  const { name, size, offset, folder } = entry;
  const zip64Size = needsZip64Size(size);
  const zip64Offset = offset >= MAX_32;
  const fields = centralZip64Fields(size, offset);
  const extraLength = TIMESTAMP_EXTRA + (fields > 0 ? 4 + 8 * fields : 0);
  const { bytes, view } = record(CENTRAL_HEADER + name.length + extraLength);
  const { time, date } = dosDateTime(entry.modifiedAt);
  view.setUint32(0, 0x02014b50, true);
  view.setUint16(4, MADE_BY, true);
  view.setUint16(6, fields > 0 ? NEEDS_ZIP64 : NEEDS_DEFAULT, true);
  view.setUint16(8, FLAG_UTF8 | (folder ? 0 : FLAG_DESCRIPTOR), true);
  view.setUint16(10, 0, true);
  view.setUint16(12, time, true);
  view.setUint16(14, date, true);
  view.setUint32(16, entry.crc, true);
  view.setUint32(20, zip64Size ? MAX_32 : size, true);
  view.setUint32(24, zip64Size ? MAX_32 : size, true);
  view.setUint16(28, name.length, true);
  view.setUint16(30, extraLength, true);
  // comment length, disk number, internal attributes (32..37) stay zero.
  view.setUint32(38, folder ? FOLDER_ATTRIBUTES : FILE_ATTRIBUTES, true);
  view.setUint32(42, zip64Offset ? MAX_32 : offset, true);
  bytes.set(name, CENTRAL_HEADER);
  let at = writeTimestampExtra(view, CENTRAL_HEADER + name.length, entry.modifiedAt);
  if (fields > 0) {
    view.setUint16(at, 0x0001, true);
    view.setUint16(at + 2, 8 * fields, true);
    at += 4;
    // The order is fixed by the format: uncompressed, compressed, then the offset.
    if (zip64Size) {
      setUint64(view, at, size);
      setUint64(view, at + 8, size);
      at += 16;
    }
    if (zip64Offset) {
      setUint64(view, at, offset);
    }
  }
  return bytes;
}

/** The end of the archive: ZIP64 end record and locator when needed, then the classic end. */
export function endOfArchive(
  count: number,
  centralOffset: number,
  centralSize: number,
): Uint8Array {
  const zip64 = needsZip64End(count, centralOffset, centralSize);
  const { bytes, view } = record(endLength(count, centralOffset, centralSize));
  let at = 0;
  if (zip64) {
    view.setUint32(0, 0x06064b50, true);
    setUint64(view, 4, ZIP64_END_RECORD - 12);
    view.setUint16(12, MADE_BY, true);
    view.setUint16(14, NEEDS_ZIP64, true);
    // disk numbers (16..23) stay zero.
    setUint64(view, 24, count);
    setUint64(view, 32, count);
    setUint64(view, 40, centralSize);
    setUint64(view, 48, centralOffset);
    view.setUint32(56, 0x07064b50, true);
    view.setUint32(60, 0, true);
    setUint64(view, 64, centralOffset + centralSize);
    view.setUint32(72, 1, true);
    at = ZIP64_END_RECORD + ZIP64_END_LOCATOR;
  }
  const shortCount = Math.min(count, MAX_16);
  view.setUint32(at, 0x06054b50, true);
  view.setUint16(at + 8, shortCount, true);
  view.setUint16(at + 10, shortCount, true);
  view.setUint32(at + 12, Math.min(centralSize, MAX_32), true);
  view.setUint32(at + 16, Math.min(centralOffset, MAX_32), true);
  return bytes;
}
