import type { VfsEntry } from '@/vfs/types';
import type { DavLockInfo } from './locks';
import { hrefOf } from './paths';
import { dav, escapeXml } from './xml/write';

/**
 * The live properties of RFC 4918 §15 as the file system knows them. A property a
 * resource does not have (a folder's length or ETag, an unknown date) is absent: allprop
 * leaves it out and a named PROPFIND answers it 404.
 */

export const LIVE_PROPS = [
  'displayname',
  'resourcetype',
  'getcontentlength',
  'getcontenttype',
  'getetag',
  'getlastmodified',
  'creationdate',
  'supportedlock',
  'lockdiscovery',
] as const;

export type LiveProp = (typeof LIVE_PROPS)[number];

export function isLiveProp(name: string): name is LiveProp {
  return (LIVE_PROPS as readonly string[]).includes(name);
}

const SUPPORTED_LOCK = ['exclusive', 'shared']
  .map((scope) => dav('lockentry', dav('lockscope', dav(scope)) + dav('locktype', dav('write'))))
  .join('');

/** One active lock as lockdiscovery and a LOCK answer show it (RFC 4918 §14.1). */
export function activeLockXml(lock: DavLockInfo, rootIsDirectory: boolean): string {
  const timeout = lock.timeoutSeconds === null ? 'Infinite' : `Second-${lock.timeoutSeconds}`;
  return dav(
    'activelock',
    dav('locktype', dav('write')) +
      dav('lockscope', dav(lock.scope)) +
      dav('depth', lock.depth === '0' ? '0' : 'infinity') +
      (lock.ownerXml !== null ? dav('owner', lock.ownerXml) : '') +
      dav('timeout', timeout) +
      dav('locktoken', dav('href', escapeXml(lock.token))) +
      dav('lockroot', dav('href', escapeXml(hrefOf(lock.root, rootIsDirectory)))),
  );
}

/** The inner XML of a live property of `entry`, or null when it has none. */
export function liveValue(
  entry: VfsEntry,
  name: LiveProp,
  locks: readonly DavLockInfo[],
): string | null {
  switch (name) {
    case 'displayname':
      return escapeXml(entry.name);
    case 'resourcetype':
      return entry.isDirectory ? dav('collection') : '';
    case 'getcontentlength':
      return entry.isDirectory ? null : String(entry.size);
    case 'getcontenttype':
      return entry.isDirectory ? null : escapeXml(entry.mimetype ?? 'application/octet-stream');
    case 'getetag':
      return entry.etag && !entry.isDirectory ? escapeXml(`"${entry.etag}"`) : null;
    case 'getlastmodified':
      return entry.modified ? entry.modified.toUTCString() : null;
    case 'creationdate':
      // Storages keep no creation time; the last change is the closest truth they have.
      return entry.modified ? entry.modified.toISOString() : null;
    case 'supportedlock':
      return SUPPORTED_LOCK;
    case 'lockdiscovery':
      return locks
        .map((lock) => activeLockXml(lock, lock.root === entry.path && entry.isDirectory))
        .join('');
  }
}
