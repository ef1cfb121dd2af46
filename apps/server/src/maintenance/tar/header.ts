/**
 * The 512-byte ustar header (POSIX.1-1988), the part of tar a backup needs: regular files
 * with short ASCII names. Sizes past ustar's 8 GiB limit use the base-256 form GNU tar and
 * bsdtar read. Every byte of a header is under its checksum, so a flipped one is noticed.
 */
export const BLOCK = 512;

const NAME_LENGTH = 100;
const SIZE_OFFSET = 124;
const SIZE_LENGTH = 12;
const CHECKSUM_OFFSET = 148;
const LARGEST_OCTAL_SIZE = 8 ** 11 - 1;

export interface TarEntryHeader {
  name: string;
  size: number;
}

export class TarFormatError extends Error {}

/** The padding after `size` bytes of content, up to the next block. */
export function paddingAfter(size: number): number {
  return (BLOCK - (size % BLOCK)) % BLOCK;
}

function writeOctal(block: Buffer, offset: number, length: number, value: number): void {
  block.write(value.toString(8).padStart(length - 1, '0') + '\0', offset, length, 'ascii');
}

function writeSize(block: Buffer, size: number): void {
  if (size <= LARGEST_OCTAL_SIZE) {
    writeOctal(block, SIZE_OFFSET, SIZE_LENGTH, size);
    return;
  }
  let rest = BigInt(size);
  for (let i = SIZE_OFFSET + SIZE_LENGTH - 1; i > SIZE_OFFSET; i -= 1) {
    block[i] = Number(rest & 0xffn);
    rest >>= 8n;
  }
  block[SIZE_OFFSET] = 0x80;
}

function checksumOf(block: Buffer): number {
  let sum = 0;
  for (let i = 0; i < BLOCK; i += 1) {
    const inField = i >= CHECKSUM_OFFSET && i < CHECKSUM_OFFSET + 8;
    sum += inField ? 0x20 : (block[i] ?? 0);
  }
  return sum;
}

/** A regular file's header, mode 0600, modified at `mtimeSeconds`. */
export function encodeHeader(entry: TarEntryHeader, mtimeSeconds: number): Buffer {
  if (!/^[\x21-\x7e]+$/.test(entry.name) || entry.name.length >= NAME_LENGTH) {
    throw new TarFormatError(`tar entry name not short printable ASCII: ${entry.name}`);
  }
  const block = Buffer.alloc(BLOCK);
  block.write(entry.name, 0, NAME_LENGTH, 'ascii');
  writeOctal(block, 100, 8, 0o600);
  writeOctal(block, 108, 8, 0);
  writeOctal(block, 116, 8, 0);
  writeSize(block, entry.size);
  writeOctal(block, 136, 12, mtimeSeconds);
  block.write('0', 156, 1, 'ascii');
  block.write('ustar\0' + '00', 257, 8, 'ascii');
  block.write(checksumOf(block).toString(8).padStart(6, '0') + '\0 ', CHECKSUM_OFFSET, 8, 'ascii');
  return block;
}

function readSize(block: Buffer): number {
  const field = block.subarray(SIZE_OFFSET, SIZE_OFFSET + SIZE_LENGTH);
  if ((field[0] ?? 0) & 0x80) {
    let size = 0n;
    for (let i = 1; i < SIZE_LENGTH; i += 1) {
      size = (size << 8n) | BigInt(field[i] ?? 0);
    }
    return Number(size);
  }
  return parseOctal(field, 'size');
}

function parseOctal(field: Buffer, what: string): number {
  const text = field.toString('ascii').replace(/[\0 ]+$/, '');
  if (!/^[0-7]+$/.test(text)) {
    throw new TarFormatError(`tar header ${what} is not a number`);
  }
  return parseInt(text, 8);
}

/** The entry a header block describes; throws TarFormatError on any damage. */
export function decodeHeader(block: Buffer): TarEntryHeader {
  const stored = parseOctal(block.subarray(CHECKSUM_OFFSET, CHECKSUM_OFFSET + 8), 'checksum');
  if (stored !== checksumOf(block)) {
    throw new TarFormatError('tar header checksum mismatch');
  }
  if (
    block.toString('ascii', 257, 263) !== 'ustar\0' ||
    block.toString('ascii', 156, 157) !== '0'
  ) {
    throw new TarFormatError('not a ustar regular-file entry');
  }
  const nameEnd = block.indexOf(0, 0);
  const name = block.toString(
    'ascii',
    0,
    nameEnd === -1 || nameEnd > NAME_LENGTH ? NAME_LENGTH : nameEnd,
  );
  return { name, size: readSize(block) };
}
