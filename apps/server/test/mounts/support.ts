import type { CreateMountBody, MountItem } from '@pastebox/contract/schemas/mount';
import { expect } from 'vitest';
import { createKey } from '../api-keys/builders';
import type { ApiClient, ApiResponse } from '../support/api-client';

/**
 * Builders for the tests of the mounts API (test/mounts): mounts made and read through
 * real HTTP, and API keys with or without mount permission.
 */

let counter = 0;

/** A fresh, valid mount path for one test, so tests never collide. */
export function freshPath(prefix = 'm'): string {
  counter += 1;
  return `/${prefix}${counter}${Math.random().toString(36).slice(2, 8)}`;
}

/** POST /api/admin/mounts with a valid body, `overrides` on top (the answer as it is). */
export function postMount(
  admin: ApiClient,
  configId: string,
  overrides: Partial<Record<keyof CreateMountBody, unknown>> = {},
): Promise<ApiResponse<MountItem>> {
  return admin.post<MountItem>('/api/admin/mounts', {
    name: 'Mount',
    mount_path: freshPath(),
    storage_config_id: configId,
    ...overrides,
  });
}

/** Creates a mount through the API; fails the test when that does not work. */
export async function createMount(
  admin: ApiClient,
  configId: string,
  overrides: Partial<Record<keyof CreateMountBody, unknown>> = {},
): Promise<MountItem> {
  const res = await postMount(admin, configId, overrides);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data;
}

/** Every mount path the admin sees, in the list's order. */
export async function mountPaths(admin: ApiClient): Promise<string[]> {
  const res = await admin.get<MountItem[]>('/api/admin/mounts');
  expect(res.status).toBe(200);
  return res.body.data.map((mount) => mount.mount_path);
}

/** A client holding a new API key with mount permission (unless `mount: false`). */
export async function mountKeyClient(
  admin: ApiClient,
  options: { basicPath?: string; mount?: boolean } = {},
): Promise<{ client: ApiClient; id: string }> {
  const key = await createKey(admin, {
    text_permission: true,
    file_permission: true,
    mount_permission: options.mount !== false,
    basic_path: options.basicPath ?? '/',
  });
  return { client: admin.withApiKey(key.key), id: key.id };
}

/** The answer's error key and the fields its details name. */
export function refusal(res: ApiResponse<unknown>): {
  status: number;
  error?: string;
  fields: string[];
} {
  return {
    status: res.status,
    ...(res.body.error !== undefined ? { error: res.body.error } : {}),
    fields: (res.body.details ?? []).map((detail) => detail.path.split('.')[0] ?? ''),
  };
}
