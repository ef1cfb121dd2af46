/**
 * The streamed ZIP writer (issue 33, DESIGN §13; docs/zip.md says why our own): stored
 * entries, data descriptors, CRC-32 computed while streaming, UTF-8 names, ZIP64 when an
 * entry or the archive passes 4 GiB / 65535 entries, one entry open at a time. The records'
 * layout and the length are shared with the browser's writer (packages/contract/src/zip);
 * this side streams Node readables and sums with node:zlib's crc32.
 */
export type { ZipEntries, ZipEntry, ZipEntryShape } from './types';
export { zipLength } from '@pastebox/contract/zip/length';
export { zipStream, ZipEntrySizeError } from './stream';
export { zipAnswer } from './answer';
