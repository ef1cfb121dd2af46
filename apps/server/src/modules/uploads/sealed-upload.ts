import type { PassThrough, Readable } from 'node:stream';
import { HEADER_BYTES } from '@pastebox/contract/e2e/format';
import { AppError } from '@/lib/errors';
import { ENCRYPTED_FILE_TYPE } from '@/modules/files/service';
import {
  assertSealedBlob,
  notSealedBlob,
  SEALED_BLOB_MIN_BYTES,
  startsWithBlobHeader,
} from '@/shares/sealed-blob';
import type { StorageDriver } from '@/storage/driver';

/**
 * End-to-end encrypted uploads (issue 35, docs/encryption.md). The browser seals the file
 * and its name; the server checks only that what it stores under the flag begins with a
 * blob's header — as the bytes pass for a form, from the stored object for a presigned or
 * multipart upload — so a client that forgot to encrypt cannot store plaintext as
 * encrypted. The flag is given where the upload's record is created, and never changes.
 */

/** An upload's encryption as its files row holds it (migration 029). */
export interface FileEncryption {
  encrypted: number;
  encrypted_meta: string | null;
}

export const NOT_ENCRYPTED: FileEncryption = { encrypted: 0, encrypted_meta: null };

/** The flag and the sealed name and type, as a JSON body or the form's fields give them. */
export interface EncryptionRequest {
  encrypted?: boolean | null;
  encrypted_meta?: string | null;
}

/**
 * The columns for what the client asked: with the flag, the sealed metadata is required
 * and must be a blob; without it, metadata is refused, so it never comes unflagged.
 */
export function fileEncryptionOf(request: EncryptionRequest): FileEncryption {
  const meta = request.encrypted_meta ?? null;
  if (!request.encrypted) {
    if (meta !== null) {
      throw new AppError('VALIDATION_FAILED', 'encrypted_meta comes only with encrypted: true', [
        { path: 'encrypted_meta', message: 'is accepted only with encrypted: true' },
      ]);
    }
    return NOT_ENCRYPTED;
  }
  if (meta === null) {
    throw new AppError('VALIDATION_FAILED', 'An encrypted file needs its sealed name and type', [
      { path: 'encrypted_meta', message: 'is required with encrypted: true' },
    ]);
  }
  return { encrypted: 1, encrypted_meta: assertSealedBlob(meta, 'encrypted_meta') };
}

/** The type an upload is stored as: opaque bytes when encrypted, whatever was asked. */
export function storedType<T extends string | null | undefined>(
  encryption: FileEncryption,
  asked: T,
): T | typeof ENCRYPTED_FILE_TYPE {
  return encryption.encrypted === 1 ? ENCRYPTED_FILE_TYPE : asked;
}

/** The refusal of a file sent as encrypted that is no sealed blob. */
export function notSealedFile(): AppError {
  return notSealedBlob('file');
}

/**
 * Watches the first bytes of a form's file part as they pass, keeping only the chunks
 * that carry the header: when they are no blob's header, `body` (what the storage write reads) fails
 * with 400, so the write stops and is undone like any refusal mid-stream. A part shorter
 * than a header is never judged here: the caller refuses its size after the write.
 */
export function refuseUnsealedStream(file: Readable, body: PassThrough): void {
  const head: Buffer[] = [];
  let seen = 0;
  const inspect = (chunk: Buffer) => {
    head.push(chunk);
    seen += chunk.length;
    if (seen < HEADER_BYTES) {
      return;
    }
    file.off('data', inspect);
    if (!startsWithBlobHeader(Buffer.concat(head))) {
      body.destroy(notSealedFile());
    }
  };
  // Ahead of the pipe's own listener: the chunk that shows plaintext is never handed on.
  file.prependListener('data', inspect);
}

/** Whether a stored object of `size` bytes is long enough and begins with a blob's header. */
export async function holdsSealedBlob(
  driver: StorageDriver,
  key: string,
  size: number,
): Promise<boolean> {
  if (size < SEALED_BLOB_MIN_BYTES) {
    return false;
  }
  const object = await driver.get(key, { start: 0, end: HEADER_BYTES - 1 });
  const chunks: Buffer[] = [];
  for await (const chunk of object.body) {
    chunks.push(Buffer.from(chunk as Uint8Array));
  }
  return startsWithBlobHeader(Buffer.concat(chunks));
}
