import type { ApiKeyItem, CreateApiKeyBody } from '@pastebox/contract/schemas/api-key';
import type { ApiClient } from '../support/api-client';

let counter = 0;

/** A unique key name per call, so tests never depend on each other's data. */
export function uniqueKeyName(prefix = 'key'): string {
  counter += 1;
  return `${prefix}-${counter}-${Math.random().toString(36).slice(2, 8)}`;
}

/** Creates an API key through the API as `admin`; fails the test when that does not work. */
export async function createKey(
  admin: ApiClient,
  overrides: Partial<CreateApiKeyBody> = {},
): Promise<ApiKeyItem> {
  const res = await admin.post<ApiKeyItem>('/api/admin/api-keys', {
    name: uniqueKeyName(),
    ...overrides,
  });
  if (res.status !== 201) {
    throw new Error(`creating an API key failed: ${res.status} ${JSON.stringify(res.body)}`);
  }
  return res.body.data;
}
