import type { Context } from 'hono';
import type { AppEnv, KeyPermissions, Principal } from '@/context';
import { clientIpOf } from '@/lib/principal';

/** Who is reading a share: the resolved principal, and the client address for rate limits. */
export interface Reader {
  principal: Principal;
  clientIp: string;
}

/**
 * The reader of this request (principal resolved by the auth middleware, address by
 * TRUST_PROXY, worked out only if a password check asks for it).
 */
export function readerOf(c: Context<AppEnv>): Reader {
  return {
    principal: c.get('principal'),
    get clientIp() {
      return clientIpOf(c);
    },
  };
}

/**
 * The admin, or the key that created the share while it still holds `permission` (text
 * for pastes, file for files; SPEC §6): they read their own shares without a password or
 * a counted view. A key that lost the permission reads like anyone else.
 */
export function isShareOwner(
  row: { created_by: string },
  principal: Principal,
  permission: keyof KeyPermissions,
): boolean {
  switch (principal.type) {
    case 'admin':
      return true;
    case 'apikey':
      return principal.permissions[permission] && row.created_by === `apikey:${principal.keyId}`;
    case 'none':
      return false;
  }
}
