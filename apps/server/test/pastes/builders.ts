import { randomBytes, randomUUID } from 'node:crypto';
import type { PasteDetail, PasteView } from '@pastebox/contract/schemas/paste';
import { expect } from 'vitest';
import { sha256Hex } from '@/lib/crypto';
import type { ApiClient } from '../support/api-client';
import type { TestServer } from '../support/test-server';

export interface TestKey {
  id: string;
  key: string;
  /** The created_by value of the key's shares. */
  creator: string;
  client: ApiClient;
}

export interface KeyOptions {
  text?: boolean;
  file?: boolean;
  /** ISO instant; null (default) = never expires. */
  expiresAt?: string | null;
}

/**
 * An API key inserted straight into api_keys (hashed plus encrypted, as the api-keys module
 * stores them), so these tests do not depend on the key-management endpoints.
 */
export async function createApiKey(server: TestServer, options: KeyOptions = {}): Promise<TestKey> {
  const id = randomUUID();
  const key = `test_${randomBytes(12).toString('hex')}`;
  await server.deps.db
    .insertInto('api_keys')
    .values({
      id,
      name: `key-${id.slice(0, 8)}`,
      key_hash: sha256Hex(key),
      key_cipher: server.deps.secrets.encrypt(key),
      text_permission: options.text === false ? 0 : 1,
      file_permission: options.file ? 1 : 0,
      mount_permission: 0,
      basic_path: '/',
      expires_at: options.expiresAt ?? null,
      created_at: server.clock.now().toISOString(),
      last_used: null,
    })
    .execute();
  return { id, key, creator: `apikey:${id}`, client: server.anon.withApiKey(key) };
}

/** Creates a share through POST /api/paste and insists that it worked. */
export async function createPaste(
  client: ApiClient,
  body: Record<string, unknown> = {},
): Promise<PasteDetail> {
  const res = await client.post<PasteDetail>('/api/paste', { content: 'hello world', ...body });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data;
}

/** A unique, valid custom slug. */
export function uniqueSlug(prefix = 's'): string {
  return `${prefix}-${randomBytes(5).toString('hex')}`;
}

/** An ISO instant `ms` after the server's (manual) clock. */
export function fromNow(server: TestServer, ms: number): string {
  return new Date(server.clock.now().getTime() + ms).toISOString();
}

/** GET /api/paste/{slug} without credentials. */
export function openPaste(server: TestServer, slug: string) {
  return server.anon.get<PasteView>(`/api/paste/${slug}`);
}

/** The views counted so far, read from the database (no view spent reading it). */
export async function viewsOf(server: TestServer, slug: string): Promise<number> {
  const row = await server.deps.db
    .selectFrom('pastes')
    .select('views')
    .where('slug', '=', slug)
    .executeTakeFirstOrThrow();
  return Number(row.views);
}

export const HOUR = 60 * 60 * 1000;
