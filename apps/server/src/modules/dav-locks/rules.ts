import type { DavLockRow } from './repo';

/**
 * Which locks bear on a path (RFC 4918 §6, §7): a lock covers its root, and with depth
 * infinity everything below it.
 */

/** The paths above `path`, nearest last: '/a/b/c' → ['/', '/a', '/a/b']. */
export function ancestorsOf(path: string): string[] {
  if (path === '/') {
    return [];
  }
  const segments = path.split('/').slice(1, -1);
  const result = ['/'];
  for (let i = 1; i <= segments.length; i += 1) {
    result.push(`/${segments.slice(0, i).join('/')}`);
  }
  return result;
}

/** `lock` covers `path`: rooted there, or above it with depth infinity. */
export function covers(lock: DavLockRow, path: string): boolean {
  return lock.root === path || (lock.depth === 'infinity' && ancestorsOf(path).includes(lock.root));
}

/** The folder above `path` ('/a/b' → '/a', '/a' → '/'). */
export function parentOf(path: string): string {
  return path.slice(0, path.lastIndexOf('/')) || '/';
}

/** The principal id a key's locks carry (SPEC §3 created_by). */
export function keyPrincipal(keyId: string): string {
  return `apikey:${keyId}`;
}
