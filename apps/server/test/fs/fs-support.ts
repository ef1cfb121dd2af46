import { Readable } from 'node:stream';
import type {
  BatchResult,
  FileLinkResult,
  FsEntry,
  FsListing,
  FsStat,
  FsWriteResult,
} from '@pastebox/contract/schemas/fs';
import { expect } from 'vitest';
import type { ApiClient, ApiResponse } from '../support/api-client';
import { fsBase } from './uploads-support';

/**
 * Calls of the fs API for the tests named by call (list, get, download, mkdir, remove,
 * rename, update, file-link): real HTTP, in the family the client belongs to.
 */

/** `/api/{admin|user}/fs/{call}?…`, the query encoded. */
export function fsUrl(client: ApiClient, call: string, query: Record<string, string> = {}): string {
  const search = new URLSearchParams(query).toString();
  return `${fsBase(client)}/${call}${search ? `?${search}` : ''}`;
}

/** The names a folder's listing shows, in order (asserting a 200). */
export async function listedNames(client: ApiClient, path: string): Promise<string[]> {
  const res = await client.get<FsListing>(fsUrl(client, 'list', { path }));
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data.items.map((item) => item.name);
}

/** A body for a driver put. */
export function bytes(content: string | Buffer): Readable {
  return Readable.from([typeof content === 'string' ? Buffer.from(content) : content]);
}

/** The error an answer carries, as `[status, key]`, for one-line assertions. */
export function errorOf(res: ApiResponse<unknown>): [number, string | undefined] {
  return [res.status, res.body.error];
}

/** The change and link calls of the fs API, in the family `client` belongs to. */
export const fsCall = {
  mkdir: (client: ApiClient, path: string) =>
    client.post<FsEntry>(fsUrl(client, 'mkdir'), { path }),
  remove: (client: ApiClient, path: string) =>
    client.delete<{ path: string }>(fsUrl(client, 'remove', { path })),
  batchRemove: (client: ApiClient, paths: string[]) =>
    client.post<BatchResult>(fsUrl(client, 'batch-remove'), { paths }),
  rename: (client: ApiClient, oldPath: string, newPath: string) =>
    client.post<{ oldPath: string; newPath: string }>(fsUrl(client, 'rename'), {
      oldPath,
      newPath,
    }),
  update: (client: ApiClient, path: string, content: string) =>
    client.post<FsWriteResult>(fsUrl(client, 'update'), { path, content }),
  fileLink: (client: ApiClient, path: string, query: Record<string, string> = {}) =>
    client.get<FileLinkResult>(fsUrl(client, 'file-link', { path, ...query })),
  get: (client: ApiClient, path: string) => client.get<FsStat>(fsUrl(client, 'get', { path })),
  list: (client: ApiClient, path: string) => client.get<FsListing>(fsUrl(client, 'list', { path })),
};

/** A folder's entries by name → size (asserting a 200): what the explorer shows. */
export async function listedSizes(
  client: ApiClient,
  path: string,
): Promise<Record<string, number>> {
  const res = await fsCall.list(client, path);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return Object.fromEntries(res.body.data.items.map((item) => [item.name, item.size]));
}

/** A file's bytes through GET download (asserting a 200). */
export async function downloaded(client: ApiClient, path: string): Promise<Buffer> {
  const res = await client.raw(fsUrl(client, 'download', { path }));
  expect(res.status, path).toBe(200);
  return Buffer.from(await res.arrayBuffer());
}

/** One expected answer per path: `[path, status, error key]`. */
export type PathCases = [path: string, status: number, error: string][];

/** Asserts what `call` answers for each path of `cases`, naming the path that differs. */
export async function expectEachPath(
  cases: PathCases,
  call: (path: string) => Promise<ApiResponse<unknown>>,
): Promise<void> {
  for (const [path, status, error] of cases) {
    expect(errorOf(await call(path)), path).toEqual([status, error]);
  }
}
