import type { DavHandler } from '../context';
import { DavHttpError } from '../errors';
import { locksCovering, removeLock } from './store';

/**
 * UNLOCK (RFC 4918 §9.11): the Lock-Token header names a lock that covers the request URI
 * (its root or a member of a depth-infinity lock). Whoever took the lock releases it, and the
 * admin releases any (a key's lock must never lock the admin out).
 */
export const unlockHandler: DavHandler = async (ctx) => {
  const header = ctx.request.headers.get('lock-token')?.trim() ?? '';
  const match = /^<([^>]+)>$/.exec(header);
  if (!match?.[1]) {
    throw new DavHttpError(400, undefined, [], 'UNLOCK needs a Lock-Token header');
  }
  const token = match[1];
  const lock = (await locksCovering(ctx.deps, ctx.path)).find((row) => row.token === token);
  if (!lock) {
    throw new DavHttpError(409, 'lock-token-matches-request-uri');
  }
  if (lock.principal !== ctx.principalId && ctx.caller.kind !== 'admin') {
    throw new DavHttpError(403);
  }
  await removeLock(ctx.deps, token);
  return new Response(null, { status: 204 });
};
