import type { DavContext } from '../context';
import { DavHttpError } from '../errors';
import { evaluateIf } from './conditions';
import {
  covers,
  locksAroundFolder,
  locksBelow,
  locksCovering,
  removeLocksBelow,
  secondsLeft,
  type DavLockRow,
} from './store';

export { lockHandler } from './lock';
export { unlockHandler } from './unlock';
export { activeLocksXml, SUPPORTED_LOCK_XML } from './xml';
export { sweepExpiredDavLocks } from './store';

/**
 * WebDAV class 2 (RFC 4918 §6, §7, §9.10, §9.11): write locks kept in the database, so they
 * hold across instances and restarts, and the `If` header every write is checked against.
 */

/** One active lock as lockdiscovery shows it (RFC 4918 §14.1). */
export interface DavLockInfo {
  token: string;
  root: string;
  scope: 'exclusive' | 'shared';
  depth: '0' | 'infinity';
  /** The lockinfo's owner element's inner XML, its namespaces declared; null without one. */
  ownerXml: string | null;
  /** Seconds left; null for a lock that never expires (none are made here). */
  timeoutSeconds: number | null;
}

export function lockInfoOf(ctx: DavContext, row: DavLockRow): DavLockInfo {
  return {
    token: row.token,
    root: row.root,
    scope: row.scope === 'shared' ? 'shared' : 'exclusive',
    depth: row.depth === 'infinity' ? 'infinity' : '0',
    ownerXml: row.owner_xml,
    timeoutSeconds: secondsLeft(ctx.deps, row),
  };
}

/** Active locks on `path` or on an ancestor with depth infinity (its lockdiscovery). */
export async function locksAt(ctx: DavContext, path: string): Promise<DavLockInfo[]> {
  return (await locksCovering(ctx.deps, path)).map((row) => lockInfoOf(ctx, row));
}

/**
 * The lockdiscovery of `folder` and each of its direct members from one query (a depth-1
 * PROPFIND): a lookup by path, each member's locks being its own and the depth-infinity
 * ones it inherits from the folder and above.
 */
export async function locksUnder(
  ctx: DavContext,
  folder: string,
): Promise<(path: string) => DavLockInfo[]> {
  const rows = await locksAroundFolder(ctx.deps, folder);
  if (rows.length === 0) {
    return () => [];
  }
  const infos = new Map(rows.map((row) => [row, lockInfoOf(ctx, row)]));
  const infoOf = (row: DavLockRow): DavLockInfo => infos.get(row) ?? lockInfoOf(ctx, row);
  // Rows not covering the folder are rooted at a member: only that member sees them.
  const ofFolder = rows.filter((row) => covers(row, folder)).map(infoOf);
  const inherited = rows
    .filter((row) => row.depth === 'infinity' && covers(row, folder))
    .map(infoOf);
  const byMember = new Map<string, DavLockInfo[]>();
  for (const row of rows.filter((candidate) => !covers(candidate, folder))) {
    byMember.set(row.root, [...(byMember.get(row.root) ?? []), infoOf(row)]);
  }
  return (path) => (path === folder ? ofFolder : [...inherited, ...(byMember.get(path) ?? [])]);
}

/** A lock whose token the request submitted, the caller being the one who took it. */
function unlockedBy(row: DavLockRow, tokens: Set<string>, principalId: string): boolean {
  return tokens.has(row.token) && row.principal === principalId;
}

/**
 * Refuses a write unless the If header holds (412) and, for every target, each lock bearing
 * on it had its token submitted (423 `lock-token-submitted`, naming the locked roots). A
 * target is covered by its own and its ancestors' depth-infinity locks — one submitted token
 * among those is enough, as for shared locks — and, with depth infinity, by every lock below
 * it, each needing its own.
 */
export async function assertWritable(
  ctx: DavContext,
  targets: { path: string; depth: '0' | 'infinity' }[],
): Promise<void> {
  const outcome = await evaluateIf(ctx);
  if (!outcome.passed) {
    throw new DavHttpError(412);
  }
  const blocked = new Set<string>();
  for (const target of targets) {
    const covering = await locksCovering(ctx.deps, target.path);
    if (
      covering.length > 0 &&
      !covering.some((row) => unlockedBy(row, outcome.tokens, ctx.principalId))
    ) {
      covering.forEach((row) => blocked.add(row.root));
    }
    if (target.depth === 'infinity') {
      const byRoot = new Map<string, DavLockRow[]>();
      for (const row of await locksBelow(ctx.deps, target.path)) {
        byRoot.set(row.root, [...(byRoot.get(row.root) ?? []), row]);
      }
      for (const [root, rows] of byRoot) {
        if (!rows.some((row) => unlockedBy(row, outcome.tokens, ctx.principalId))) {
          blocked.add(root);
        }
      }
    }
  }
  if (blocked.size > 0) {
    const hrefs = [...blocked].map((root) => ctx.href(root, false));
    throw new DavHttpError(423, 'lock-token-submitted', hrefs);
  }
}

/** Drops the locks on `path` and below it (the resources are gone: DELETE, MOVE's source). */
export async function releaseLocks(ctx: DavContext, path: string): Promise<void> {
  await removeLocksBelow(ctx.deps, path);
}
