/**
 * The route family of a request: the one low-cardinality label its metrics carry. Never
 * the path itself: paths hold slugs, invite tokens and file names, and a label per path
 * would grow a time series per share.
 */
export const ROUTE_FAMILIES = [
  'health',
  'paste',
  'file',
  'fs',
  'auth',
  'admin',
  'dav',
  'metrics',
  'static',
  'other',
] as const;

export type RouteFamily = (typeof ROUTE_FAMILIES)[number];

/** By the first segment after /api/ (SPEC §7's resource names). A Map: /api/constructor. */
const API_FAMILIES = new Map<string, RouteFamily>(
  Object.entries({
    health: 'health',
    ready: 'health',
    version: 'health',
    paste: 'paste',
    raw: 'paste',
    'file-download': 'file',
    'file-view': 'file',
    'bundle-zip': 'file',
    'link-preview': 'file',
    public: 'file',
    upload: 'file',
    s3: 'file',
    url: 'file',
    storage: 'file',
    'fs-zip': 'fs',
    s: 'fs',
    auth: 'auth',
    account: 'auth',
    invites: 'auth',
    's3-configs': 'admin',
    system: 'admin',
    test: 'admin',
  }),
);

/** By the segment after /api/admin/ or /api/user/: a resource's two families are one. */
const SCOPED_FAMILIES = new Map<string, RouteFamily>(
  Object.entries({
    pastes: 'paste',
    files: 'file',
    bundles: 'file',
    requests: 'file',
    fs: 'fs',
    mounts: 'fs',
    tasks: 'fs',
    cache: 'fs',
    login: 'auth',
    logout: 'auth',
    'change-password': 'auth',
  }),
);

/** The segment of `path` that starts at `from` (up to the next '/' or the end). */
function segmentAt(path: string, from: number): string {
  const end = path.indexOf('/', from);
  return end === -1 ? path.slice(from) : path.slice(from, end);
}

/** The family of a request path (without its query string). */
export function routeFamilyOf(path: string): RouteFamily {
  if (!path.startsWith('/api/')) {
    if (path === '/dav' || path.startsWith('/dav/')) {
      return 'dav';
    }
    return path === '/metrics' ? 'metrics' : path === '/api' ? 'other' : 'static';
  }
  const first = segmentAt(path, 5);
  if (first === 'admin' || first === 'user') {
    const scoped = SCOPED_FAMILIES.get(segmentAt(path, 6 + first.length));
    return scoped ?? (first === 'admin' ? 'admin' : 'other');
  }
  return API_FAMILIES.get(first) ?? 'other';
}
