import type { OpenAPIHono } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import { creatorOf, type AppEnv, type ConfinedPrincipal, type KeyPermissions } from '@/context';
import type { OwnerScope } from '@/db/filters';
import { declareRoute, type RouteSpec } from './declare-route';
import { AppError } from './errors';
import { isConfined, requireAdmin, requirePermission } from './guards';
import { adminSecurity, createRouter, type SecurityRequirements } from './openapi';

/**
 * The `admin/…` and `user/…` families of a resource are one definition (DESIGN §2): the
 * resource writes its management routes once as a function of a ScopeFamily, and
 * `scopedRoutes` builds them for the admin (everything) and for API keys (their own
 * items, with the resource's permission).
 */

/** Which family a caller belongs to. */
export type CallerKind = 'admin' | 'key';

/** One family of a resource's management routes: where it lives, who gets in, what they see. */
export interface ScopeFamily<S> {
  kind: CallerKind;
  /** `/admin/<resource>` or `/user/<resource>`: every route path of the family starts here. */
  base: string;
  /** The family's security entries in the OpenAPI document. */
  security: SecurityRequirements;
  /** The caller's scope, or 401/403. Every handler calls it before doing anything. */
  scopeOf: (c: Context<AppEnv>) => S;
}

/** What a resource says about access to it; the rest of its families follows from this. */
export interface ResourceAccess<S> {
  /** The path segment under /admin and /user: `pastes`, `files`, `mounts`… */
  resource: string;
  /** The key permission the user family needs (SPEC §6). */
  permission: keyof KeyPermissions;
  /** The admin's scope: everything. */
  everything: S;
  /**
   * A key's or member's scope: its own items (and, for paths, what lies under its
   * basic_path). A member's own items include those its keys made.
   */
  ownedBy: (caller: ConfinedPrincipal) => S;
}

/** Scopes by creator, for resources whose rows carry created_by (pastes, files). */
export const ownerScopes: Pick<ResourceAccess<OwnerScope>, 'everything' | 'ownedBy'> = {
  everything: { kind: 'all' },
  ownedBy: (caller) =>
    caller.type === 'member'
      ? { kind: 'account', accountId: caller.accountId }
      : { kind: 'owner', createdBy: creatorOf(caller) },
};

const apiKeySecurity: SecurityRequirements = [{ ApiKey: [] }];

/** The admin family and the key family of one resource. */
export function scopeFamilies<S>(access: ResourceAccess<S>): Record<CallerKind, ScopeFamily<S>> {
  const { resource, permission } = access;
  return {
    admin: {
      kind: 'admin',
      base: `/admin/${resource}`,
      security: adminSecurity,
      scopeOf: (c) => {
        requireAdmin(c);
        return access.everything;
      },
    },
    key: {
      kind: 'key',
      base: `/user/${resource}`,
      security: apiKeySecurity,
      // Anonymous → 401, a key or member without the permission → 403. The admin has its
      // own family and gets 403 here rather than a 401 that would log it out (SPEC §8).
      // Members use this family too, with their session token (issue 32).
      scopeOf: (c) => {
        const principal = requirePermission(c, permission);
        if (!isConfined(principal)) {
          throw new AppError('FORBIDDEN', `Use /api/admin/${resource} with an admin token`);
        }
        return access.ownedBy(principal);
      },
    },
  };
}

/**
 * The management router of a resource: `build` (its routes, written once as a function of
 * the family) made for the admin family and for the key family, in that order.
 */
export function scopedRoutes<S>(
  access: ResourceAccess<S>,
  build: (family: ScopeFamily<S>) => OpenAPIHono<AppEnv>,
): OpenAPIHono<AppEnv> {
  const families = scopeFamilies(access);
  return createRouter().route('/', build(families.admin)).route('/', build(families.key));
}

/**
 * A route of a family in the short form (lib/declare-route.ts): its path below the family's
 * base, a summary for either family.
 */
export type FamilyRouteConfig = Omit<RouteSpec, 'path' | 'tags' | 'security' | 'summary'> & {
  /** Below the base: `''`, `/{id}`, `/batch-delete`… */
  path: string;
  /** One summary, or one per family when the wording differs ("every" / "the key's own"). */
  summary: string | Record<CallerKind, string>;
};

/** declareRoute for a family: the path under its base, its tag and its security entries. */
export function familyRoute<R extends FamilyRouteConfig>(
  family: ScopeFamily<unknown>,
  tag: string,
  config: R,
) {
  const { method, path, summary, ...rest } = config;
  return declareRoute({
    method,
    path: `${family.base}${path}`,
    tags: [tag],
    summary: typeof summary === 'string' ? summary : summary[family.kind],
    security: family.security,
    ...rest,
  });
}

/** The route declarer of a family's routes under one tag: `route({ method, path, … })`. */
export function familyRouteOf(family: ScopeFamily<unknown>, tag: string) {
  return <R extends FamilyRouteConfig>(config: R) => familyRoute(family, tag, config);
}

/** Runs a guard before the body is read, so a refused caller cannot make us buffer it. */
export function guardFirst(guard: (c: Context<AppEnv>) => unknown) {
  return createMiddleware<AppEnv>(async (c, next) => {
    guard(c);
    await next();
  });
}
