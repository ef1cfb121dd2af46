/**
 * The records of a ZIP archive (PKWARE APPNOTE 6.3.10) as this writer lays them out. Every
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

function writeTimestampExtra(buffer: Buffer, at: number, modifiedAt: Date): number {
  buffer.writeUInt16LE(0x5455, at);
  buffer.writeUInt16LE(5, at + 2);
  buffer.writeUInt8(1, at + 4); // mtime present
  buffer.writeUInt32LE(unixSeconds(modifiedAt), at + 5);
  return at + TIMESTAMP_EXTRA;
}

/** What the central directory must remember of an entry once its bytes went by. */
export interface WrittenEntry {
  name: Buffer;
  size: number;
  crc: number;
  offset: number;
  modifiedAt: Date;
  folder: boolean;
}

export function localHeader(name: Buffer, size: number, modifiedAt: Date, folder: boolean): Buffer {
  const zip64 = !folder && needsZip64Size(size);
  const extraLength = TIMESTAMP_EXTRA + (zip64 ? LOCAL_ZIP64_EXTRA : 0);
  const buffer = Buffer.alloc(LOCAL_HEADER + name.length + extraLength);
  const { time, date } = dosDateTime(modifiedAt);
  buffer.writeUInt32LE(0x04034b50, 0);
  buffer.writeUInt16LE(zip64 ? NEEDS_ZIP64 : NEEDS_DEFAULT, 4);
  buffer.writeUInt16LE(FLAG_UTF8 | (folder ? 0 : FLAG_DESCRIPTOR), 6);
  buffer.writeUInt16LE(0, 8); // stored
  buffer.writeUInt16LE(time, 10);
  buffer.writeUInt16LE(date, 12);
  // CRC and sizes (14..25) stay zero: they follow in the data descriptor.
  if (zip64) {
    buffer.writeUInt32LE(MAX_32, 18);
    buffer.writeUInt32LE(MAX_32, 22);
  }
  buffer.writeUInt16LE(name.length, 26);
  buffer.writeUInt16LE(extraLength, 28);
  name.copy(buffer, LOCAL_HEADER);
  const at = writeTimestampExtra(buffer, LOCAL_HEADER + name.length, modifiedAt);
  if (zip64) {
    // Both sizes stay zero here, as the CRC: the descriptor carries them.
    buffer.writeUInt16LE(0x0001, at);
    buffer.writeUInt16LE(16, at + 2);
  }
  return buffer;
}

export function dataDescriptor(crc: number, size: number): Buffer {
  const zip64 = needsZip64Size(size);
  const buffer = Buffer.alloc(zip64 ? ZIP64_DESCRIPTOR : DESCRIPTOR);
  buffer.writeUInt32LE(0x08074b50, 0);
  buffer.writeUInt32LE(crc, 4);
  if (zip64) {
    buffer.writeBigUInt64LE(BigInt(size), 8);
    buffer.writeBigUInt64LE(BigInt(size), 16);
  } else {
    buffer.writeUInt32LE(size, 8);
    buffer.writeUInt32LE(size, 12);
  }
  return buffer;
}

export function centralHeader(entry: WrittenEntry): Buffer {
  const { name, size, offset, folder } = entry;
  const zip64Size = needsZip64Size(size);
  const zip64Offset = offset >= MAX_32;
  const fields = centralZip64Fields(size, offset);
  const extraLength = TIMESTAMP_EXTRA + (fields > 0 ? 4 + 8 * fields : 0);
  const buffer = Buffer.alloc(CENTRAL_HEADER + name.length + extraLength);
  const { time, date } = dosDateTime(entry.modifiedAt);
  buffer.writeUInt32LE(0x02014b50, 0);
  buffer.writeUInt16LE(MADE_BY, 4);
  buffer.writeUInt16LE(fields > 0 ? NEEDS_ZIP64 : NEEDS_DEFAULT, 6);
  buffer.writeUInt16LE(FLAG_UTF8 | (folder ? 0 : FLAG_DESCRIPTOR), 8);
  buffer.writeUInt16LE(0, 10);
  buffer.writeUInt16LE(time, 12);
  buffer.writeUInt16LE(date, 14);
  buffer.writeUInt32LE(entry.crc, 16);
  buffer.writeUInt32LE(zip64Size ? MAX_32 : size, 20);
  buffer.writeUInt32LE(zip64Size ? MAX_32 : size, 24);
  buffer.writeUInt16LE(name.length, 28);
  buffer.writeUInt16LE(extraLength, 30);
  // comment length, disk number, internal attributes (32..37) stay zero.
  buffer.writeUInt32LE(folder ? FOLDER_ATTRIBUTES : FILE_ATTRIBUTES, 38);
  buffer.writeUInt32LE(zip64Offset ? MAX_32 : offset, 42);
  name.copy(buffer, CENTRAL_HEADER);
  let at = writeTimestampExtra(buffer, CENTRAL_HEADER + name.length, entry.modifiedAt);
  if (fields > 0) {
    buffer.writeUInt16LE(0x0001, at);
    buffer.writeUInt16LE(8 * fields, at + 2);
    at += 4;
    // The order is fixed by the format: uncompressed, compressed, then the offset.
    if (zip64Size) {
      buffer.writeBigUInt64LE(BigInt(size), at);
      buffer.writeBigUInt64LE(BigInt(size), at + 8);
      at += 16;
    }
    if (zip64Offset) {
      buffer.writeBigUInt64LE(BigInt(offset), at);
    }
  }
  return buffer;
}

/** The end of the archive: ZIP64 end record and locator when needed, then the classic end. */
export function endOfArchive(count: number, centralOffset: number, centralSize: number): Buffer {
  const zip64 = needsZip64End(count, centralOffset, centralSize);
  const buffer = Buffer.alloc(endLength(count, centralOffset, centralSize));
  let at = 0;
  if (zip64) {
    buffer.writeUInt32LE(0x06064b50, 0);
    buffer.writeBigUInt64LE(BigInt(ZIP64_END_RECORD - 12), 4);
    buffer.writeUInt16LE(MADE_BY, 12);
    buffer.writeUInt16LE(NEEDS_ZIP64, 14);
    // disk numbers (16..23) stay zero.
    buffer.writeBigUInt64LE(BigInt(count), 24);
    buffer.writeBigUInt64LE(BigInt(count), 32);
    buffer.writeBigUInt64LE(BigInt(centralSize), 40);
    buffer.writeBigUInt64LE(BigInt(centralOffset), 48);
    buffer.writeUInt32LE(0x07064b50, 56);
    buffer.writeUInt32LE(0, 60);
    buffer.writeBigUInt64LE(BigInt(centralOffset + centralSize), 64);
    buffer.writeUInt32LE(1, 72);
    at = ZIP64_END_RECORD + ZIP64_END_LOCATOR;
  }
  const shortCount = Math.min(count, MAX_16);
  buffer.writeUInt32LE(0x06054b50, at);
  buffer.writeUInt16LE(shortCount, at + 8);
  buffer.writeUInt16LE(shortCount, at + 10);
  buffer.writeUInt32LE(Math.min(centralSize, MAX_32), at + 12);
  buffer.writeUInt32LE(Math.min(centralOffset, MAX_32), at + 16);
  return buffer;
}
