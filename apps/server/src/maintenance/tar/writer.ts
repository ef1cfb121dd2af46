import type { FileHandle } from 'node:fs/promises';
import { BLOCK, encodeHeader, paddingAfter, TarFormatError } from './header';

/**
 * Writes a tar archive, one entry after the other, to an open file: the header is written
 * with the size first, so an entry's size must be known before its bytes are streamed.
 */
export class TarWriter {
  #position = 0;
  readonly #mtime = Math.floor(Date.now() / 1000);

  constructor(private readonly out: FileHandle) {}

  /** Bytes written so far. */
  get size(): number {
    return this.#position;
  }

  async #write(bytes: Uint8Array): Promise<void> {
    await this.out.write(bytes, 0, bytes.length, this.#position);
    this.#position += bytes.length;
  }

  async addBuffer(name: string, data: Uint8Array): Promise<void> {
    await this.#write(encodeHeader({ name, size: data.length }, this.#mtime));
    await this.#write(data);
    await this.#write(Buffer.alloc(paddingAfter(data.length)));
  }

  /**
   * An entry of exactly `size` bytes read from `chunks`; fewer or more bytes throw, as the
   * header already promised the size (a file that changed while it was read).
   */
  async addStream(
    name: string,
    size: number,
    chunks: AsyncIterable<Uint8Array> | Iterable<Uint8Array>,
  ): Promise<void> {
    await this.#write(encodeHeader({ name, size }, this.#mtime));
    let written = 0;
    for await (const chunk of chunks) {
      written += chunk.length;
      if (written > size) {
        throw new TarFormatError(`${name} grew while it was read`);
      }
      await this.#write(chunk);
    }
    if (written !== size) {
      throw new TarFormatError(`${name} shrank while it was read`);
    }
    await this.#write(Buffer.alloc(paddingAfter(size)));
  }

  /** The two zero blocks that end an archive. */
  async finish(): Promise<void> {
    await this.#write(Buffer.alloc(2 * BLOCK));
  }
}
