/**
 * The streamed ZIP writer (issue 33, DESIGN §13; docs/zip.md says why our own): stored
 * entries, data descriptors, CRC-32 computed while streaming, UTF-8 names, ZIP64 when an
 * entry or the archive passes 4 GiB / 65535 entries, one entry open at a time.
 */
export type { ZipEntries, ZipEntry, ZipEntryShape } from './types';
export { zipLength } from './length';
export { zipStream, ZipEntrySizeError } from './stream';
export { zipAnswer } from './answer';
