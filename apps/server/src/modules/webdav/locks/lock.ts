import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { VfsError } from '@/vfs/types';
import { assertFullAccess } from '../access';
import type { DavContext, DavHandler } from '../context';
import { DavHttpError } from '../errors';
import { innerXmlOf, ROOT_SCOPE, scopeOf } from '@/modules/webdav/props/xml-value';
import { onFs } from '../status';
import { childOf, DAV_NS, elementsOf, type XmlElement } from '@/modules/webdav/xml/parse';
import { dav, XML_HEADER } from '@/modules/webdav/xml/write';
import { readXmlBody } from '@/modules/webdav/xml/read-body';
import { evaluateIf } from './conditions';
import { lockInfoOf, locksAt, type DavLockInfo } from './index';
import {
  insertLock,
  locksBelow,
  locksCovering,
  nowIso,
  refreshLock,
  removeLock,
  type DavLockRow,
} from './store';
import { activeLocksXml } from './xml';

/**
 * LOCK (RFC 4918 §9.10): a new lock from a lockinfo body, or a refresh (no body, the token
 * in the If header). Timeouts are capped at MAX_TIMEOUT_SECONDS, `Infinite` included, so a
 * client that vanishes leaves no lock behind for longer than a day; clients refresh.
 */

export const DEFAULT_TIMEOUT_SECONDS = 3600;
export const MAX_TIMEOUT_SECONDS = 24 * 3600;

/** The first usable value of a Timeout header (`Second-N` or `Infinite`), capped. */
export function timeoutOf(header: string | null): number {
  for (const part of (header ?? '').split(',')) {
    const value = part.trim();
    if (/^infinite$/i.test(value)) {
      return MAX_TIMEOUT_SECONDS;
    }
    const match = /^second-(\d+)$/i.exec(value);
    if (match?.[1]) {
      return Math.max(1, Math.min(MAX_TIMEOUT_SECONDS, Number(match[1])));
    }
  }
  return DEFAULT_TIMEOUT_SECONDS;
}

function depthOf(header: string | null): '0' | 'infinity' {
  const value = (header ?? 'infinity').trim().toLowerCase();
  if (value === '0' || value === 'infinity') {
    return value;
  }
  throw new DavHttpError(400, undefined, [], 'LOCK takes Depth 0 or infinity');
}

interface LockRequest {
  scope: 'exclusive' | 'shared';
  ownerXml: string | null;
}

function lockRequestOf(root: XmlElement): LockRequest {
  if (root.ns !== DAV_NS || root.name !== 'lockinfo') {
    throw new DavHttpError(400, undefined, [], 'the body is not a DAV:lockinfo');
  }
  const scope = elementsOf(childOf(root, DAV_NS, 'lockscope') ?? root).find(
    (e) => e.ns === DAV_NS && (e.name === 'exclusive' || e.name === 'shared'),
  );
  const type = childOf(root, DAV_NS, 'locktype');
  if (!scope || !type || !childOf(type, DAV_NS, 'write')) {
    throw new DavHttpError(400, undefined, [], 'a write lock with a scope is expected');
  }
  const owner = childOf(root, DAV_NS, 'owner');
  return {
    scope: scope.name === 'shared' ? 'shared' : 'exclusive',
    ownerXml: owner ? innerXmlOf(owner, scopeOf(root, ROOT_SCOPE)) : null,
  };
}

/** The locks a new lock would conflict with: any overlap, unless both are shared. */
async function conflicts(
  ctx: DavContext,
  depth: '0' | 'infinity',
  scope: 'exclusive' | 'shared',
): Promise<DavLockRow[]> {
  const overlapping = [
    ...(await locksCovering(ctx.deps, ctx.path)),
    ...(depth === 'infinity' ? await locksBelow(ctx.deps, ctx.path) : []),
  ];
  return overlapping.filter((row) => scope === 'exclusive' || row.scope === 'exclusive');
}

function conflictError(ctx: DavContext, rows: DavLockRow[]): DavHttpError {
  const hrefs = [...new Set(rows.map((row) => row.root))].map((root) => ctx.href(root, false));
  return new DavHttpError(423, 'no-conflicting-lock', hrefs);
}

async function answer(ctx: DavContext, locks: DavLockInfo[], status: number, token?: string) {
  const body = `${XML_HEADER}<D:prop xmlns:D="DAV:">${dav('lockdiscovery', await activeLocksXml(ctx, locks))}</D:prop>`;
  const headers = new Headers({ 'Content-Type': 'application/xml; charset=utf-8' });
  if (token) {
    headers.set('Lock-Token', `<${token}>`);
  }
  return new Response(body, { status, headers });
}

/** A refresh: the submitted token of a lock on this resource gets a new timeout. */
async function refresh(ctx: DavContext): Promise<Response> {
  const outcome = await evaluateIf(ctx);
  if (outcome.lists.length === 0) {
    throw new DavHttpError(400, undefined, [], 'a LOCK refresh names its lock in If');
  }
  if (!outcome.passed) {
    throw new DavHttpError(412);
  }
  const covering = await locksCovering(ctx.deps, ctx.path);
  const lock = covering.find(
    (row) => outcome.tokens.has(row.token) && row.principal === ctx.principalId,
  );
  if (!lock) {
    throw new DavHttpError(412, 'lock-token-matches-request-uri');
  }
  const seconds = timeoutOf(ctx.request.headers.get('timeout'));
  const expiresAt = new Date(ctx.deps.clock.now().getTime() + seconds * 1000).toISOString();
  await refreshLock(ctx.deps, lock.token, seconds, expiresAt);
  const refreshed = lockInfoOf(ctx, { ...lock, timeout_seconds: seconds, expires_at: expiresAt });
  return answer(ctx, [refreshed], 200);
}

/** The resource exists afterwards: an unmapped URL gets an empty file (RFC 4918 §7.3). */
async function ensureResource(ctx: DavContext): Promise<boolean> {
  try {
    await ctx.fs.stat(ctx.path);
    return false;
  } catch (error) {
    if (!(error instanceof VfsError) || error.code !== 'NOT_FOUND') {
      throw error;
    }
  }
  // Like PUT, never into a missing folder (some storages would make it on the way).
  const parent = ctx.path.slice(0, ctx.path.lastIndexOf('/')) || '/';
  const folder = await onFs(() => ctx.fs.stat(parent), { NOT_FOUND: 409 });
  if (!folder.isDirectory) {
    throw new DavHttpError(409);
  }
  await onFs(() => ctx.fs.write(ctx.path, Readable.from([]), { size: 0 }), { NOT_FOUND: 409 });
  return true;
}

export const lockHandler: DavHandler = async (ctx) => {
  // Above a key's basic_path the folders are its way down, to list, never to lock.
  assertFullAccess(ctx);
  const body = await readXmlBody(ctx);
  if (!body) {
    return refresh(ctx);
  }
  const request = lockRequestOf(body);
  const depth = depthOf(ctx.request.headers.get('depth'));
  if (!(await evaluateIf(ctx)).passed) {
    throw new DavHttpError(412);
  }
  const found = await conflicts(ctx, depth, request.scope);
  if (found.length > 0) {
    throw conflictError(ctx, found);
  }
  const created = await ensureResource(ctx);
  const seconds = timeoutOf(ctx.request.headers.get('timeout'));
  const now = ctx.deps.clock.now();
  const token = `opaquelocktoken:${randomUUID()}`;
  await insertLock(ctx.deps, {
    token,
    root: ctx.path,
    scope: request.scope,
    depth,
    owner_xml: request.ownerXml,
    principal: ctx.principalId,
    timeout_seconds: seconds,
    expires_at: new Date(now.getTime() + seconds * 1000).toISOString(),
    created_at: nowIso(ctx.deps),
  });
  // Check then insert races with another instance: look again, and if a conflicting lock now
  // exists beside ours, withdraw ours. Both may withdraw; two conflicting locks never stay.
  const raced = (await conflicts(ctx, depth, request.scope)).filter((row) => row.token !== token);
  if (raced.length > 0) {
    await removeLock(ctx.deps, token);
    throw conflictError(ctx, raced);
  }
  return answer(ctx, await locksAt(ctx, ctx.path), created ? 201 : 200, token);
};
