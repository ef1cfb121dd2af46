import { sealBytes } from '@pastebox/contract/e2e/blob';
import { encodeBase64Url, newFragmentKey } from '@pastebox/contract/e2e/keys';
import { getStorage } from '@/modules/storage-configs/service';
import { LocalDriver } from '@/storage/local';
import { SHARE_OBJECTS_FOLDER } from '@/storage/keys';
import type { MultipartSession, PartUrlResult } from '@pastebox/contract/schemas/upload';
import { expect } from 'vitest';
import type { ApiClient } from '../support/api-client';
import type { TestServer } from '../support/test-server';
import { postForm, putTo, tempFilesUnder, testBytes } from '../uploads/builders';

/** Real sealed blobs (docs/encryption.md) for the encrypted file tests, and what they left. */

export interface SealedFile {
  key: Uint8Array;
  plain: Buffer;
  /** The blob the browser would upload. */
  blob: Buffer;
  /** The name and type, sealed as the browser sends them in encrypted_meta. */
  meta: string;
}

/** A file of `size` pseudo-random bytes sealed with a fresh fragment key. */
export async function sealedFile(size: number, name = 'secret plans.pdf'): Promise<SealedFile> {
  const key = newFragmentKey();
  const plain = testBytes(size, size % 97);
  const blob = Buffer.from(await sealBytes(plain, key));
  const metaPlain = new TextEncoder().encode(JSON.stringify({ name, type: 'application/pdf' }));
  const meta = encodeBase64Url(await sealBytes(metaPlain, key));
  return { key, plain, blob, meta };
}

/**
 * POST /api/upload of `file` flagged encrypted into config `configId` (or `content` in its
 * place), asking for a type the server must not keep.
 */
export function postSealed(
  client: ApiClient,
  configId: string,
  file: SealedFile,
  fields: Record<string, string> = {},
  content?: Buffer,
) {
  return postForm(client, {
    content: content ?? file.blob,
    filename: 'encrypted.bin',
    type: 'image/png',
    fields: {
      s3_config_id: configId,
      encrypted: 'true',
      encrypted_meta: file.meta,
      mimetype: 'text/html',
      ...fields,
    },
  });
}

/** The bytes of a stored object, read straight from its storage. */
export async function storedBytes(server: TestServer, configId: string, key: string) {
  const { driver } = await getStorage(server.deps, configId);
  const object = await driver.get(key);
  const chunks: Buffer[] = [];
  for await (const chunk of object.body) {
    chunks.push(Buffer.from(chunk as Uint8Array));
  }
  return Buffer.concat(chunks);
}

/**
 * What the uploads into share folder `folder` left on the storage: its objects (and, on
 * local storage, every temp file of the config), for tests that expect nothing.
 */
export async function leftInFolder(server: TestServer, configId: string, folder: string) {
  const { driver } = await getStorage(server.deps, configId);
  const listed = await driver.list(`${SHARE_OBJECTS_FOLDER}/${folder}/`);
  return {
    objects: listed.objects.map((object) => object.key),
    temp: driver instanceof LocalDriver ? tempFilesUnder(driver.root) : 0,
  };
}

/** The files rows in share folder `/folder` (any status). */
export function rowsInFolder(server: TestServer, folder: string) {
  return server.deps.db.selectFrom('files').selectAll().where('path', '=', `/${folder}`).execute();
}

/** Some plaintext for `endlessForm`: one chunk, then silence. */
export const ENDLESS_PLAINTEXT = {
  name: 'plain.txt',
  type: 'text/plain',
  chunk: new TextEncoder().encode('plain words '.repeat(1000)),
  bytes: 1,
};

/** PUTs every part of `content` where the API says; answers the parts for complete. */
export async function sendAllParts(
  server: TestServer,
  client: ApiClient,
  session: MultipartSession,
  content: Buffer,
) {
  const urls = await client.post<PartUrlResult>('/api/upload/multipart/part-url', {
    file_id: session.file_id,
    upload_id: session.upload_id,
    part_numbers: Array.from({ length: session.part_count }, (_, index) => index + 1),
  });
  expect(urls.status, JSON.stringify(urls.body)).toBe(200);
  return Promise.all(
    urls.body.data.urls.map(async (signed) => {
      const start = (signed.part_number - 1) * session.part_size;
      const res = await putTo(server, signed, content.subarray(start, start + session.part_size));
      expect(res.status).toBe(200);
      const etag = (res.headers.get('etag') ?? '').replace(/"/g, '');
      return { partNumber: signed.part_number, etag };
    }),
  );
}
