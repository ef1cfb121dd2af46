import { normaliseBasicPath } from '@pastebox/contract/rules/api-key';
import type { UpdateAccountBody } from '@pastebox/contract/schemas/account';
import { AppError } from '@/lib/errors';
import type { AccountChanges, AccountRow } from './repo';

/** The account columns an admin's settings body sets (issue 32). */
export function settingsChanges(
  body: Omit<UpdateAccountBody, 'username' | 'disabled'>,
): AccountChanges {
  const changes: AccountChanges = {};
  if (body.display_name !== undefined) {
    changes.display_name = body.display_name.trim() || null;
  }
  if (body.email !== undefined) {
    changes.email = body.email.trim() || null;
  }
  if (body.role !== undefined) {
    changes.role = body.role;
  }
  for (const permission of ['text_permission', 'file_permission', 'mount_permission'] as const) {
    const value = body[permission];
    if (value !== undefined) {
      changes[permission] = value ? 1 : 0;
    }
  }
  if (body.basic_path !== undefined) {
    changes.basic_path = canonicalBasicPath(body.basic_path);
  }
  if (body.quota_bytes !== undefined) {
    changes.quota_bytes = body.quota_bytes;
  }
  return changes;
}

/**
 * An admin holds every right at '/' and no quota, whatever was stored for it as a member:
 * the rights and quota columns only bind members (DESIGN §12).
 */
export function withRoleRules(changes: AccountChanges, current?: AccountRow): AccountChanges {
  const role = changes.role ?? current?.role ?? 'member';
  if (role !== 'admin') {
    return changes;
  }
  return {
    ...changes,
    text_permission: 1,
    file_permission: 1,
    mount_permission: 1,
    basic_path: '/',
    quota_bytes: 0,
  };
}

function canonicalBasicPath(input: string): string {
  const path = normaliseBasicPath(input);
  if (path === null) {
    throw new AppError(
      'BASIC_PATH_INVALID',
      'The base path must start with / and may not contain "..", a backslash or NUL',
    );
  }
  return path;
}
