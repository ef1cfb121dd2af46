import {
  familyRoute,
  guardFirst,
  type FamilyRouteConfig,
  type ScopeFamily,
} from '@/lib/scoped-routes';
import type { Caller } from '@/vfs/types';

/**
 * The route builder of one family of the fs API. The caller is checked before its query
 * or body is read, so every call answers 401 / 403 before it judges the input (a key
 * without mount permission gets 403, not a 400 about a field it could never use). A route
 * that brings its own middleware puts the guard first itself.
 */
export function fsRouteOf(family: ScopeFamily<Caller>) {
  const guard = guardFirst((c) => family.scopeOf(c));
  return <R extends FamilyRouteConfig>(config: R) =>
    familyRoute(family, 'File system', { middleware: [guard] as const, ...config });
}
