import type { Context } from 'hono';
import type { AppDeps, AppEnv, KeyPermissions, Principal } from '../context';
import { requirePermission } from './guards';
import { linkBaseOf } from './link-base';

/** A service call that acts for a caller on a JSON body and answers with links. */
export type BodyService<B, T> = (
  deps: AppDeps,
  principal: Principal,
  body: B,
  linkBase: string,
) => Promise<T>;

/** The context of a route whose validated JSON body is a `B`. */
type JsonBodyContext<B> = Context<AppEnv, string, { out: { json: B } }>;

/**
 * What a route computes when it only hands its caller (an admin or a key with
 * `permission`, else 401/403), its JSON body and its link base to one service call — the
 * shape of every share upload step. Use with `answering` (lib/declare-route.ts).
 */
export function jsonBodyCall<B, T>(permission: keyof KeyPermissions, serve: BodyService<B, T>) {
  return (c: JsonBodyContext<B>) => {
    // In the order the handlers it replaces took them: who asks, then the links, then the body.
    const principal = requirePermission(c, permission);
    const linkBase = linkBaseOf(c);
    return serve(c.get('deps'), principal, c.req.valid('json'), linkBase);
  };
}
