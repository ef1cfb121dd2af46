import type { DashboardStats } from '@pastebox/contract/schemas/dashboard';
import type { StorageConfigItem } from '@pastebox/contract/schemas/storage-config';
import { expect } from 'vitest';
import type { ApiClient } from '../support/api-client';
import type { TestServer } from '../support/test-server';

export const STATS = '/api/admin/dashboard/stats';
export const DAY = 24 * 60 * 60 * 1000;

/** GET the dashboard stats as `admin`; fails the test unless it answers 200. */
export async function readStats(admin: ApiClient): Promise<DashboardStats> {
  const res = await admin.get<DashboardStats>(STATS);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
}

/** Moves the server's clock to `iso` (it only advances, by a negative amount if need be). */
export function setClock(server: TestServer, iso: string): void {
  server.clock.advance(Date.parse(iso) - server.clock.now().getTime());
}

/** The storage configs list, as the storage-config page reads it. */
export async function listConfigs(admin: ApiClient): Promise<StorageConfigItem[]> {
  const res = await admin.get<StorageConfigItem[]>('/api/s3-configs');
  expect(res.status).toBe(200);
  return res.body.data;
}

/** The id of the default storage config. */
export async function defaultConfigId(admin: ApiClient): Promise<string> {
  const found = (await listConfigs(admin)).find((config) => config.is_default);
  if (!found) {
    throw new Error('no default storage config');
  }
  return found.id;
}

/**
 * A paste written straight into the table with the given created_at: the API stamps the
 * clock's now, and these tests need instants on a day's edges.
 */
export async function insertPasteAt(server: TestServer, slug: string, createdAt: string) {
  await server.deps.db
    .insertInto('pastes')
    .values({
      id: `id-${slug}`,
      slug,
      content: 'inserted',
      format: 'markdown',
      remark: null,
      password_hash: null,
      expires_at: null,
      max_views: 0,
      views: 0,
      created_by: 'system',
      created_at: createdAt,
      updated_at: createdAt,
    })
    .execute();
}
