import { LIMITS } from '@pastebox/contract/limits';

/** Where an API answer is kept offline: a store and the entry's key in it. */
export type CacheSlot =
  | { store: 'pastes'; key: string }
  | { store: 'files'; key: string }
  | { store: 'directories'; key: string }
  | { store: 'settings'; key: string };

/**
 * Calls never kept nor answered offline. SPEC §9: system, health, version, file download,
 * file view and office preview, fs preview and download. Also: the credential checks of
 * `/test/…` (a sign-in must reach the server), fs file-link and the URL-upload proxy
 * (short-lived or binary), upload part lists and tasks (live progress a stale copy would
 * misreport).
 */
const SKIPPED: readonly RegExp[] = [
  /^\/system\//,
  /^\/health(?:$|\?)/,
  /^\/version(?:$|\?)/,
  /^\/test\//,
  /^\/raw\//,
  /^\/file-download\//,
  /^\/file-view\//,
  /office-preview/,
  /^\/(?:admin|user)\/fs\/(?:download|preview|file-link)(?:$|\?)/,
  /^\/url\/proxy/,
  /^\/upload\/multipart\//,
  /^\/(?:admin|user)\/tasks(?:$|\?|\/)/,
];

/** SPEC §9: binary content types are never cached. Only JSON answers are, in fact. */
const BINARY_TYPES = /^(?:image|video|audio)\/|^application\/(?:pdf|octet-stream)/i;

/** The slot for a GET of `path` (relative to /api, query included), or null to skip it. */
export function cacheSlotFor(path: string): CacheSlot | null {
  if (SKIPPED.some((rule) => rule.test(path))) {
    return null;
  }
  const [route = '', query = ''] = path.split('?', 2);
  const paste = /^\/paste\/([^/]+)$/.exec(route);
  if (paste?.[1]) {
    return { store: 'pastes', key: decodeURIComponent(paste[1]) };
  }
  const file = /^\/public\/files\/([^/]+)$/.exec(route);
  if (file?.[1]) {
    return { store: 'files', key: decodeURIComponent(file[1]) };
  }
  const listing = /^\/(admin|user)\/fs\/list$/.exec(route);
  if (listing?.[1]) {
    // The family is part of the key: the admin's and a key user's views of a path differ.
    const folder = new URLSearchParams(query).get('path') ?? '/';
    return { store: 'directories', key: `${listing[1]}:${folder}` };
  }
  return { store: 'settings', key: `response:${path}` };
}

/** Whether an answer with this Content-Type may be kept: JSON, never a binary type. */
export function isCacheableType(contentType: string | null): boolean {
  if (!contentType || BINARY_TYPES.test(contentType)) {
    return false;
  }
  return /^application\/(?:[\w.+-]+\+)?json\b/i.test(contentType);
}

/** Whether an entry saved at `savedAt` is past the 7-day offline-cache limit (SPEC §9). */
export function isExpired(savedAt: number, now: number): boolean {
  return now - savedAt >= LIMITS.offlineCacheMaxAgeMs;
}

/**
 * Whether a fetch failure means "the network is not there" (offline, DNS, connection
 * refused): fetch rejects with a TypeError then. An abort is the caller's own wish and an
 * HTTP error answer is the server's: neither is answered from the cache.
 */
export function isNetworkFailure(error: unknown, signal?: AbortSignal): boolean {
  return error instanceof TypeError && !signal?.aborted;
}
