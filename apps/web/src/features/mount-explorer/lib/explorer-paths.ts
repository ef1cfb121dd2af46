import { isPathAllowed } from '@pastebox/contract/rules/path-permission';
import {
  isAtOrUnder,
  normaliseVirtualPath,
  segmentsOf,
} from '@pastebox/contract/rules/virtual-path';
import { basePathOf, isScoped, type AuthState, type ScopeOf } from '@/lib/auth/auth-store';

/** The explorer's route (SPEC §2): `/mount-explorer` and `/mount-explorer/{any path}`. */
export const EXPLORER_ROUTE = '/mount-explorer';

/**
 * The explorer's address for a folder, each segment percent-encoded so names with `%`, `#`,
 * `?` or spaces survive the trip; `preview` names a file of that folder to open.
 */
export function explorerUrl(folder: string, preview?: string | null): string {
  const segments = segmentsOf(folder).map(encodeURIComponent);
  const path = segments.length > 0 ? `${EXPLORER_ROUTE}/${segments.join('/')}` : EXPLORER_ROUTE;
  return preview ? `${path}?${new URLSearchParams({ preview }).toString()}` : path;
}

/**
 * The folder an explorer address shows, as a normal virtual path; null when the address
 * cannot name one (a bad escape, `..`, a control character).
 */
export function folderOfPathname(pathname: string): string | null {
  const rest = pathname.startsWith(EXPLORER_ROUTE) ? pathname.slice(EXPLORER_ROUTE.length) : '';
  try {
    const decoded = rest
      .split('/')
      .filter((segment) => segment !== '')
      .map((segment) => decodeURIComponent(segment));
    // A decoded segment holding `/` would silently split in two: refuse it instead.
    if (decoded.some((segment) => segment.includes('/'))) {
      return null;
    }
    return normaliseVirtualPath(`/${decoded.join('/')}`);
  } catch {
    return null;
  }
}

export interface Crumb {
  label: string;
  path: string;
}

/**
 * The crumbs from `base` down to `folder`: the admin starts at the root ("All mounts"), a
 * key user at its base path, since nothing above it is theirs to open (SPEC §6).
 */
export function crumbsOf(folder: string, wantedBase: string, rootLabel: string): Crumb[] {
  const base = isAtOrUnder(wantedBase, folder) ? wantedBase : '/';
  const first: Crumb = { label: base === '/' ? rootLabel : base, path: base };
  const below = segmentsOf(folder).slice(segmentsOf(base).length);
  const baseSegments = segmentsOf(base);
  return [
    first,
    ...below.map((label, index) => ({
      label,
      path: `/${[...baseSegments, ...below.slice(0, index + 1)].join('/')}`,
    })),
  ];
}

/**
 * Where a caller's explorer starts: `/` for the admin, the base path for a key user or a
 * member (issue 32).
 */
export function explorerBase(auth: ScopeOf): string {
  if (!isScoped(auth.authType)) {
    return '/';
  }
  try {
    return normaliseVirtualPath(basePathOf(auth));
  } catch {
    return '/';
  }
}

/**
 * SPEC §6: a key user with mount permission opening a path outside its basic_path is sent
 * to its basic path. Answers the folder to go to, or null to stay.
 */
export function redirectFor(
  auth: ScopeOf & Pick<AuthState, 'permissions'>,
  folder: string,
): string | null {
  if (!isScoped(auth.authType) || !auth.permissions.mount) {
    return null;
  }
  const base = explorerBase(auth);
  return isPathAllowed(base, folder) ? null : base;
}
