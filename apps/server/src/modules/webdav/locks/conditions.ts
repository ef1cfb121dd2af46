import type { DavContext } from '../context';
import { etagCore, parseIfHeader, type IfCondition, type IfList } from './if-header';
import { locksCovering, type DavLockRow } from './store';

/**
 * Evaluating an `If` header (RFC 4918 §10.4): the header holds when one of its lists does,
 * a list holds when all its conditions do. A state token holds when a lock with that token
 * covers the list's resource; an entity tag when it is the resource's current one.
 */

export interface IfOutcome {
  /** No header, or one list held. */
  passed: boolean;
  /** Every state token the header names outside a `Not`: the lock tokens submitted. */
  tokens: Set<string>;
  /** The parsed lists (empty without a header). */
  lists: IfList[];
}

interface ResourceState {
  locks: DavLockRow[];
  etag: string | null;
}

async function stateOf(ctx: DavContext, path: string): Promise<ResourceState> {
  const locks = await locksCovering(ctx.deps, path);
  let etag: string | null = null;
  try {
    const entry = await ctx.fs.stat(path);
    etag = entry.etag === null ? null : etagCore(entry.etag);
  } catch {
    // An unmapped resource has no entity tag: an etag condition on it does not hold.
  }
  return { locks, etag };
}

function holds(condition: IfCondition, state: ResourceState): boolean {
  const matched =
    condition.kind === 'token'
      ? state.locks.some((lock) => lock.token === condition.value)
      : state.etag !== null && state.etag === etagCore(condition.value);
  return condition.not ? !matched : matched;
}

/** The request's If header, evaluated (the request URI is `ctx.path`). */
export async function evaluateIf(ctx: DavContext): Promise<IfOutcome> {
  const header = ctx.request.headers.get('if');
  if (header === null || header.trim() === '') {
    return { passed: true, tokens: new Set(), lists: [] };
  }
  const lists = parseIfHeader(header);
  const tokens = new Set(
    lists.flatMap((list) =>
      list.conditions.filter((c) => c.kind === 'token' && !c.not).map((c) => c.value),
    ),
  );
  const states = new Map<string, ResourceState>();
  let passed = false;
  for (const list of lists) {
    let path: string | null = ctx.path;
    if (list.tag !== null) {
      try {
        path = ctx.destinationPath(list.tag);
      } catch {
        // A tag naming no resource of ours: its lists cannot hold.
        path = null;
      }
    }
    if (path === null) {
      continue;
    }
    const state = states.get(path) ?? (await stateOf(ctx, path));
    states.set(path, state);
    if (list.conditions.every((condition) => holds(condition, state))) {
      passed = true;
      break;
    }
  }
  return { passed, tokens, lists };
}
