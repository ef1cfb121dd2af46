import type {
  CreateFileRequestBody,
  FileRequest,
  RequestReceipt,
  RequestUploadToken,
} from '@pastebox/contract/schemas/file-request';
import { expect } from 'vitest';
import type { Envelope } from '@pastebox/contract/errors';
import type { ApiClient } from '../support/api-client';
import type { TestServer } from '../support/test-server';

/** Builders for the file-request tests: the owner's create, the stranger's open and sends. */

let counter = 0;

/** A slug no other test of the run uses. */
export function requestSlug(): string {
  counter += 1;
  return `rq-${Date.now().toString(36)}-${counter}`;
}

/** Creates a request as `owner`; expects 201. */
export async function createRequest(
  owner: ApiClient,
  body: Partial<CreateFileRequestBody> & Pick<CreateFileRequestBody, 'title'>,
  family = 'admin',
): Promise<FileRequest> {
  const res = await owner.post<FileRequest>(`/api/${family}/requests`, {
    slug: requestSlug(),
    ...body,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data;
}

/** Opens the request page as a stranger; answers the token (expects 200). */
export async function openAsStranger(
  server: TestServer,
  slug: string,
  body: Record<string, unknown> = {},
): Promise<string> {
  const res = await server.anon.post<RequestUploadToken>(`/api/public/requests/${slug}/open`, body);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data.token;
}

export interface SentFile {
  name?: string;
  type?: string;
  content?: string | Buffer;
  /** The declared size; the content's length by default. */
  size?: number | null;
}

/** Sends one file through the public form upload; answers status and envelope. */
export async function sendFile(
  server: TestServer,
  slug: string,
  token: string,
  file: SentFile = {},
): Promise<{ status: number; body: Envelope<RequestReceipt> }> {
  const content = file.content ?? 'hello request';
  const bytes = typeof content === 'string' ? Buffer.from(content) : content;
  const form = new FormData();
  const size = file.size === undefined ? bytes.length : file.size;
  if (size !== null) {
    form.set('size', String(size));
  }
  if (file.type) {
    form.set('mimetype', file.type);
  }
  form.set(
    'file',
    new Blob([new Uint8Array(bytes)], file.type ? { type: file.type } : {}),
    file.name ?? 'hello.txt',
  );
  const res = await fetch(`${server.baseUrl}/api/public/requests/${slug}/upload`, {
    method: 'POST',
    headers: { 'x-request-token': token },
    body: form,
  });
  return { status: res.status, body: (await res.json()) as Envelope<RequestReceipt> };
}

/** The request's counters as stored. */
export async function storedCounts(server: TestServer, id: string) {
  const row = await server.deps.db
    .selectFrom('file_requests')
    .select(['files_received', 'bytes_received', 'files_reserved', 'bytes_reserved'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  return {
    files_received: Number(row.files_received),
    bytes_received: Number(row.bytes_received),
    files_reserved: Number(row.files_reserved),
    bytes_reserved: Number(row.bytes_reserved),
  };
}
