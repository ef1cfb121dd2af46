import type { VfsEntry } from '@/vfs/types';
import type { DavContext, DavHandler } from '../context';
import { DavHttpError } from '../errors';
import { isLiveProp, LIVE_PROPS, liveValue } from '../live-props';
import { locksAt, locksUnder, type DavLockInfo } from '../locks';
import { deadPropsOf, type DeadProp } from '../props';
import { onFs } from '../status';
import { childOf, DAV_NS, elementsOf } from '@/modules/webdav/xml/parse';
import { readXmlBody } from '@/modules/webdav/xml/read-body';
import { dav, element, escapeXml, multistatusOf, statusLine } from '@/modules/webdav/xml/write';

/**
 * PROPFIND (RFC 4918 §9.1), depth 0 and 1: infinity is refused with 403 and the
 * `propfind-finite-depth` precondition, as §9.1 allows (a whole tree of a bucket is
 * too much for one answer). allprop shows the live and dead properties, propname their
 * names, prop the named ones (404 in their own propstat for those a resource lacks).
 */

type Wanted =
  | { kind: 'allprop' }
  | { kind: 'propname' }
  | { kind: 'prop'; names: { ns: string; name: string }[] };

async function wantedOf(ctx: DavContext): Promise<Wanted> {
  const root = await readXmlBody(ctx);
  if (!root) {
    return { kind: 'allprop' };
  }
  if (root.ns !== DAV_NS || root.name !== 'propfind') {
    throw new DavHttpError(400, undefined, [], 'the body is not a DAV:propfind');
  }
  if (childOf(root, DAV_NS, 'allprop')) {
    return { kind: 'allprop' };
  }
  if (childOf(root, DAV_NS, 'propname')) {
    return { kind: 'propname' };
  }
  const prop = childOf(root, DAV_NS, 'prop');
  if (!prop) {
    throw new DavHttpError(400, undefined, [], 'DAV:propfind needs allprop, propname or prop');
  }
  return { kind: 'prop', names: elementsOf(prop).map(({ ns, name }) => ({ ns, name })) };
}

function depthOf(header: string | null): 0 | 1 {
  const value = (header ?? 'infinity').trim().toLowerCase();
  if (value === '0') {
    return 0;
  }
  if (value === '1') {
    return 1;
  }
  if (value === 'infinity') {
    throw new DavHttpError(403, 'propfind-finite-depth');
  }
  throw new DavHttpError(400, undefined, [], 'Depth must be 0, 1 or infinity');
}

function propstat(props: string, status: number): string {
  return dav('propstat', dav('prop', props) + dav('status', statusLine(status)));
}

function responseOf(
  ctx: DavContext,
  entry: VfsEntry,
  wanted: Wanted,
  dead: readonly DeadProp[],
  locks: readonly DavLockInfo[],
): string {
  const found: string[] = [];
  const missing: string[] = [];
  if (wanted.kind === 'propname') {
    for (const name of LIVE_PROPS) {
      if (liveValue(entry, name, locks) !== null) {
        found.push(dav(name));
      }
    }
    found.push(...dead.map((prop) => element(prop.namespace, prop.name)));
  } else if (wanted.kind === 'allprop') {
    for (const name of LIVE_PROPS) {
      const value = liveValue(entry, name, locks);
      if (value !== null) {
        found.push(dav(name, value));
      }
    }
    found.push(...dead.map((prop) => element(prop.namespace, prop.name, prop.valueXml)));
  } else {
    for (const { ns, name } of wanted.names) {
      const value =
        ns === DAV_NS && isLiveProp(name)
          ? liveValue(entry, name, locks)
          : (dead.find((prop) => prop.namespace === ns && prop.name === name)?.valueXml ?? null);
      (value === null ? missing : found).push(element(ns, name, value ?? ''));
    }
  }
  const href = dav('href', escapeXml(ctx.href(entry.path, entry.isDirectory)));
  const stats =
    (found.length > 0 || missing.length === 0 ? propstat(found.join(''), 200) : '') +
    (missing.length > 0 ? propstat(missing.join(''), 404) : '');
  return dav('response', href + stats);
}

/**
 * Each entry's lockdiscovery: from one query for a listed folder and its members, not one
 * per entry; nothing at all when no property asked for needs it.
 */
async function lockLookup(
  ctx: DavContext,
  target: VfsEntry,
  listed: boolean,
  needed: boolean,
): Promise<(path: string) => readonly DavLockInfo[]> {
  if (!needed) {
    return () => [];
  }
  if (listed) {
    return locksUnder(ctx, target.path);
  }
  const locks = await locksAt(ctx, target.path);
  return () => locks;
}

export const propfindHandler: DavHandler = async (ctx) => {
  const depth = depthOf(ctx.request.headers.get('depth'));
  const wanted = await wantedOf(ctx);
  const target = await onFs(() => ctx.fs.stat(ctx.path));
  const entries = [target];
  if (depth === 1 && target.isDirectory) {
    const listing = await onFs(() => ctx.fs.list(ctx.path));
    entries.push(...listing.entries);
  }
  const paths = entries.map((entry) => entry.path);
  const needsLocks =
    wanted.kind === 'allprop' ||
    (wanted.kind === 'prop' &&
      wanted.names.some(({ ns, name }) => ns === DAV_NS && name === 'lockdiscovery'));
  const [dead, locksOf] = await Promise.all([
    deadPropsOf(ctx, paths),
    lockLookup(ctx, target, entries.length > 1, needsLocks),
  ]);
  return multistatusOf(entries.length, (index) => {
    const entry = entries[index] as VfsEntry;
    return responseOf(ctx, entry, wanted, dead.get(entry.path) ?? [], locksOf(entry.path));
  });
};
