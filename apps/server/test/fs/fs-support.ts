import { Readable } from 'node:stream';
import type { FsListing } from '@pastebox/contract/schemas/fs';
import { expect } from 'vitest';
import type { ApiClient } from '../support/api-client';
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
