import type { AccountWithInvite, CreateAccountBody } from '@pastebox/contract/schemas/account';
import type { ApiClient } from '../support/api-client';
import { expect } from 'vitest';

let counter = 0;

/** A unique username per call, so tests never depend on each other's data. */
export function uniqueUsername(prefix = 'member'): string {
  counter += 1;
  return `${prefix}${counter}-${Math.random().toString(36).slice(2, 8)}`;
}

export interface TestMember {
  id: string;
  username: string;
  password: string;
  /** A client signed in as the member (Bearer session token). */
  client: ApiClient;
}

/** Creates a member through the admin's API and signs it in; fails the test otherwise. */
export async function createMember(
  admin: ApiClient,
  settings: Partial<CreateAccountBody> = {},
): Promise<TestMember> {
  const username = settings.username ?? uniqueUsername();
  const password = settings.password ?? `pw-${Math.random().toString(36).slice(2, 12)}`;
  const res = await admin.post<AccountWithInvite>('/api/admin/accounts', {
    text_permission: true,
    file_permission: true,
    mount_permission: true,
    ...settings,
    username,
    password,
  });
  if (res.status !== 201) {
    throw new Error(`creating a member failed: ${res.status} ${JSON.stringify(res.body)}`);
  }
  return {
    id: res.body.data.account.id,
    username,
    password,
    client: await signIn(admin, username, password),
  };
}

/** Signs an account in through the SPEC's login call; a client carrying its token. */
export async function signIn(
  any: ApiClient,
  username: string,
  password: string,
): Promise<ApiClient> {
  const login = await any
    .withAuth('')
    .post<{ token: string; role: string }>('/api/admin/login', { username, password });
  if (login.status !== 200) {
    throw new Error(`signing in failed: ${login.status} ${JSON.stringify(login.body)}`);
  }
  return any.withAuth(`Bearer ${login.body.data.token}`);
}

/**
 * Presigns uploads of `size` bytes one at a time until the quota refuses one (413); answers
 * how many it accepted. One by one there is no race: what is left fills exactly.
 */
export async function presignUntilRefused(
  client: ApiClient,
  configId: string,
  size: number,
): Promise<number> {
  for (let accepted = 0; accepted < 1000; accepted += 1) {
    const res = await client.post('/api/s3/presign', {
      s3_config_id: configId,
      filename: `fill-${accepted}.bin`,
      size,
    });
    if (res.status === 413) {
      return accepted;
    }
    expect(res.status).toBe(200);
  }
  throw new Error('the quota never refused');
}
