import type { AppDeps } from '@/context';
import { isoNow } from '@/lib/clock';
import { sha256Hex } from '@/lib/crypto';
import { AppError } from '@/lib/errors';
import { randomToken } from '@/lib/ids';
import { VisitsRepo, type NewVisitRow, type ShareRef } from './visits-repo';

export type { ShareRef } from './visits-repo';

/**
 * Visits (DESIGN §5): opening a share (a file, a paste) counts one view and creates a
 * visit row; the links the share's module builds from the visit's token (a file's preview
 * and download, a paste's raw text) cost no further view and need no password in the
 * URL. A visit serves a bounded number of bytes and lives a short while, counted in the
 * database so the bound holds across instances. Changing the share's password or limits
 * deletes its visits; deleting the share cascades to them. The bytes themselves are
 * reserved and metered in ./visit-bytes.ts.
 */

/**
 * A visit dies this long after its last served range. The life slides because a video
 * plays for hours with Range requests all along (each one renews it), while a link copied
 * out of a page nobody uses any more stops working within minutes.
 */
export const VISIT_IDLE_MS = 15 * 60_000;
/** However it is used, a visit ends this long after the opening: a leaked link dies. */
export const VISIT_MAX_LIFE_MS = 6 * 60 * 60_000;
/** A share a visit is issued for, and what the visit may serve of it. */
export interface VisitTarget extends ShareRef {
  /** The bytes the visit may serve (./visit-budget.ts). */
  budget: number;
}

/** The visit row's share columns: the one of the share's table set, the other null. */
function shareColumns(share: ShareRef): Pick<NewVisitRow, 'file_id' | 'paste_id' | 'bundle_id'> {
  switch (share.table) {
    case 'files':
      return { file_id: share.id, paste_id: null, bundle_id: null };
    case 'pastes':
      return { file_id: null, paste_id: share.id, bundle_id: null };
    case 'bundles':
      return { file_id: null, paste_id: null, bundle_id: share.id };
  }
}

/**
 * A visit's token: the opening's time (12 hex digits of milliseconds since the epoch), then
 * 32 random bytes in base64url. Its row's id is that time followed by the token's SHA-256
 * (52 hex digits, 208 bits, so the id fits the column's 64): ids that grow with time
 * append to the visits' primary-key index, where a bare hash landed each visit on a random
 * page of it: a paste's JSON read cost a third more (docs/performance.md, round 11). The
 * time tells nothing the link's holder did not know: it is when the page was opened.
 */
const TOKEN = /^[0-9a-f]{12}[A-Za-z0-9_-]{43}$/;
const TIME_DIGITS = 12;
const HASH_DIGITS = 52;
/**
 * The tokens earlier versions issued (32 random bytes; the id their SHA-256): admitted, so
 * links handed out before an upgrade keep working until their visits end (6 hours).
 */
const UNTIMED_TOKEN = /^[A-Za-z0-9_-]{43}$/;

function newVisitToken(now: number): string {
  return `${now.toString(16).padStart(TIME_DIGITS, '0')}${randomToken(32)}`;
}

/** The id of a token of the timed form: its time, then its hash. */
function timedVisitId(token: string): string {
  return `${token.slice(0, TIME_DIGITS)}${sha256Hex(token).slice(0, HASH_DIGITS)}`;
}

/** A new visit's row, and the token that names it (the row keeps only its hash). */
function newVisit(target: VisitTarget, now: number): { token: string; row: NewVisitRow } {
  const token = newVisitToken(now);
  // Written out, not spread into the literal: a copy given more properties costs about
  // 1.5 µs on Node 20 (docs/performance.md, round 9), and every JSON read makes a visit.
  const { file_id, paste_id, bundle_id } = shareColumns(target);
  const row: NewVisitRow = {
    id: timedVisitId(token),
    file_id,
    paste_id,
    bundle_id,
    byte_budget: target.budget,
    expires_at: new Date(now + VISIT_IDLE_MS).toISOString(),
    max_expires_at: new Date(now + VISIT_MAX_LIFE_MS).toISOString(),
    created_at: new Date(now).toISOString(),
  };
  return { token, row };
}

/**
 * Creates one visit per share in one insert and answers each visit's token by share id.
 * The database keeps only the token's time and hash: a copy of it opens nothing.
 */
export async function issueVisits(
  deps: AppDeps,
  targets: readonly VisitTarget[],
): Promise<Map<string, string>> {
  const tokens = new Map<string, string>();
  if (targets.length === 0) {
    return tokens;
  }
  const now = deps.clock.now().getTime();
  const rows = targets.map((target) => {
    const visit = newVisit(target, now);
    tokens.set(target.id, visit.token);
    return visit.row;
  });
  await new VisitsRepo(deps.db).insertMany(rows);
  return tokens;
}

/** Creates the visit of one opening and answers its token (see issueVisits). */
export async function issueVisit(deps: AppDeps, target: VisitTarget): Promise<string> {
  const visit = newVisit(target, deps.clock.now().getTime());
  await new VisitsRepo(deps.db).insertOne(visit.row);
  return visit.token;
}

/**
 * The id of the visit a token names: its time and its hash (see newVisitToken), or for a
 * token of an earlier version its hash alone. Anything else names no visit (410).
 */
export function visitIdOf(token: string): string {
  if (TOKEN.test(token)) {
    return timedVisitId(token);
  }
  if (UNTIMED_TOKEN.test(token)) {
    return sha256Hex(token);
  }
  throw new AppError('VISIT_LINK_USED_UP');
}

/**
 * The id of the live visit `token` names for this share, or 410 VISIT_LINK_USED_UP when
 * it ran out of time or bytes, was revoked, or never existed.
 */
export async function admitVisit(deps: AppDeps, token: string, share: ShareRef): Promise<string> {
  const id = visitIdOf(token);
  const nowIso = isoNow(deps.clock);
  if (!(await new VisitsRepo(deps.db).isLive(id, share, nowIso))) {
    throw new AppError('VISIT_LINK_USED_UP');
  }
  return id;
}

/** Deletes the visits of a share: links already handed out stop working (410). */
export function revokeVisits(deps: AppDeps, share: ShareRef): Promise<number> {
  return new VisitsRepo(deps.db).deleteForShare(share);
}

/** The columns of a share that visits were granted under (DESIGN §5), as an update sets them. */
export interface VisitGrantChanges {
  password_hash?: string | null;
  max_views?: number;
  expires_at?: string | null;
  /** A file share's link closed to all but its owner, or opened again (files.private). */
  private?: number;
}

/**
 * Whether an update touches what visits were granted under: a new or removed password, or
 * new limits. The caller revokes after the update, not before: an opening that counts its
 * view from then on sees the new rules. A slug change needs nothing: old links name the
 * old slug.
 */
export function revokesVisits(changes: VisitGrantChanges): boolean {
  return (
    changes.password_hash !== undefined ||
    changes.max_views !== undefined ||
    changes.expires_at !== undefined ||
    changes.private !== undefined
  );
}

/** Sweeper: visits past their life. */
export function sweepExpiredVisits(deps: AppDeps): Promise<number> {
  return new VisitsRepo(deps.db).deleteExpired(isoNow(deps.clock));
}
