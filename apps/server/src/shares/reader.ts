import type { Context } from 'hono';
import type { AppEnv, KeyPermissions, Principal } from '@/context';
import { clientIpOf } from '@/lib/principal';

/** Who is reading a share: the resolved principal, and the client address for rate limits. */
export interface Reader {
  principal: Principal;
  clientIp: string;
}

/**
 * A reader whose address is worked out by a getter on the class's prototype. Not an object
 * literal with a getter: Node 20's V8 then kept every request that had built one alive
 * through young collections, so raw reads spent about 40 % of their CPU copying and promoting
 * requests (docs/performance.md, round 8; the lint forbids such literals on the server).
 */
class RequestReader implements Reader {
  constructor(
    readonly principal: Principal,
    private readonly c: Context<AppEnv>,
  ) {}

  get clientIp(): string {
    return clientIpOf(this.c);
  }
}

/**
 * The reader of this request (principal resolved by the auth middleware, address by
 * TRUST_PROXY, worked out only if a password check asks for it).
 */
export function readerOf(c: Context<AppEnv>): Reader {
  return new RequestReader(c.get('principal'), c);
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
    case 'member':
      return principal.permissions[permission] && row.created_by === principal.accountId;
    case 'none':
      return false;
  }
}
