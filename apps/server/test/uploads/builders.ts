import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { FileShare, PublicFile } from '@pastebox/contract/schemas/file';
import { expect } from 'vitest';
import { sha256Hex } from '@/lib/crypto';
import { putSetting } from '@/modules/system/settings';
import { getStorage } from '@/modules/storage-configs/service';
import type { ApiClient, ApiResponse } from '../support/api-client';
import type { TestServer } from '../support/test-server';

export const HOUR = 60 * 60 * 1000;

/** A unique, valid custom slug. */
export function uniqueSlug(prefix = 'f'): string {
  return `${prefix}-${randomBytes(5).toString('hex')}`;
}

/** An absolute URL for a relative one the API answered (local signed URLs, visit links). */
export function absolute(server: TestServer, url: string): string {
  return url.startsWith('/') ? `${server.baseUrl}${url}` : url;
}

export interface FormUpload {
  content?: string | Buffer;
  filename?: string;
  type?: string;
  /** Text fields, sent before the file part. */
  fields?: Record<string, string | number>;
}

/** POST /api/upload with a real multipart form; answers the parsed envelope. */
export async function postForm(client: ApiClient, upload: FormUpload = {}) {
  const form = new FormData();
  for (const [name, value] of Object.entries(upload.fields ?? {})) {
    form.set(name, String(value));
  }
  const content = upload.content ?? 'hello file';
  const blob = new Blob([content], upload.type ? { type: upload.type } : {});
  form.set('file', blob, upload.filename ?? 'hello.txt');
  const res = await client.raw('/api/upload', { method: 'POST', body: form });
  return {
    status: res.status,
    body: (await res.json()) as ApiResponse<FileShare>['body'],
  };
}

/** Uploads through the form and insists that it worked. */
export async function uploadShare(client: ApiClient, upload: FormUpload = {}): Promise<FileShare> {
  const res = await postForm(client, upload);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data;
}

/** GET /api/public/files/{slug} without credentials. */
export function openShare(server: TestServer, slug: string) {
  return server.anon.get<PublicFile>(`/api/public/files/${slug}`);
}

/** A file share's view count as stored, read straight from the database. */
export async function storedViews(server: TestServer, fileId: string): Promise<number> {
  const row = await server.deps.db
    .selectFrom('files')
    .select('views')
    .where('id', '=', fileId)
    .executeTakeFirstOrThrow();
  return Number(row.views);
}

/** Whether the object of a share exists in its storage. */
export async function objectExists(server: TestServer, configId: string, key: string) {
  const { driver } = await getStorage(server.deps, configId);
  return (await driver.stat(key)) !== null;
}

/** The files rows of one storage config (pending ones included). */
export function filesOn(server: TestServer, configId: string) {
  return server.deps.db
    .selectFrom('files')
    .selectAll()
    .where('s3_config_id', '=', configId)
    .execute();
}

/** Sets the max upload size (SPEC §3 system setting), in MB. */
export function setMaxUploadMb(server: TestServer, mb: number) {
  return putSetting(server.deps.db, 'max_upload_size_mb', String(mb), new Date().toISOString());
}

export interface FileKey {
  id: string;
  creator: string;
  client: ApiClient;
}

/** An API key inserted straight into api_keys with the given permissions and basic_path. */
export async function insertApiKey(
  server: TestServer,
  options: { basicPath?: string; file?: boolean; mount?: boolean } = {},
): Promise<FileKey> {
  const id = randomUUID();
  const key = `test_${randomBytes(12).toString('hex')}`;
  await server.deps.db
    .insertInto('api_keys')
    .values({
      id,
      name: `key-${id.slice(0, 8)}`,
      key_hash: sha256Hex(key),
      key_cipher: server.deps.secrets.encrypt(key),
      text_permission: 0,
      file_permission: options.file ? 1 : 0,
      mount_permission: options.mount ? 1 : 0,
      basic_path: options.basicPath ?? '/',
      expires_at: null,
      created_at: server.clock.now().toISOString(),
      last_used: null,
    })
    .execute();
  return { id, creator: `apikey:${id}`, client: server.anon.withApiKey(key) };
}

/** An API key with file permission (unless `file: false`) and a basic_path. */
export function createFileKey(
  server: TestServer,
  options: { basicPath?: string; file?: boolean } = {},
): Promise<FileKey> {
  return insertApiKey(server, { basicPath: options.basicPath, file: options.file !== false });
}

/** Deterministic pseudo-random bytes, so a downloaded body can be compared byte for byte. */
export function testBytes(size: number, seed = 1): Buffer {
  const bytes = Buffer.alloc(size);
  let state = seed;
  for (let i = 0; i < size; i += 1) {
    state = (state * 1103515245 + 12345) & 0x7fffffff;
    bytes[i] = state >>> 16;
  }
  return bytes;
}

/** PUTs a body to a URL the API handed out, with the headers it asked for. */
export function putTo(
  server: TestServer,
  signed: { url: string; headers?: Record<string, string> },
  body: Buffer | string,
) {
  return fetch(absolute(server, signed.url), {
    method: 'PUT',
    headers: signed.headers ?? {},
    body,
  });
}

/** Temp files the local driver left below its root (there must be none after a failure). */
export function tempFilesUnder(root: string): number {
  if (!fs.existsSync(root)) {
    return 0;
  }
  return fs
    .readdirSync(root, { recursive: true, encoding: 'utf8' })
    .filter((name) => path.basename(name).startsWith('.pastebox-tmp-')).length;
}

/** The file part of `endlessForm`: its name and type, a chunk, and how much to send. */
export interface EndlessFile {
  name: string;
  type: string;
  chunk: Uint8Array<ArrayBuffer>;
  /** Bytes of the file sent (in whole chunks) before the body falls silent. */
  bytes: number;
}

/**
 * A multipart body written by hand: the fields, then the file part's chunks up to
 * `file.bytes`, then never an end. Only a server that judges a form as it streams (a size
 * limit, an encrypted file's header) can answer it.
 */
export function endlessForm(boundary: string, fields: Record<string, string>, file: EndlessFile) {
  const head = Object.entries(fields)
    .map(([n, v]) => `--${boundary}\r\nContent-Disposition: form-data; name="${n}"\r\n\r\n${v}\r\n`)
    .join('');
  const fileHead = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`;
  let sent = 0;
  let started = false;
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      if (!started) {
        started = true;
        controller.enqueue(new TextEncoder().encode(head + fileHead));
        return undefined;
      }
      if (sent >= file.bytes) {
        return new Promise(() => undefined); // stays open
      }
      sent += file.chunk.length;
      controller.enqueue(file.chunk);
      return undefined;
    },
  });
}
