import type { AppDeps } from '@/context';
import { sha256Hex } from '@/lib/crypto';
import { AppError } from '@/lib/errors';
import { randomToken } from '@/lib/ids';
import { VisitsRepo, type NewVisitRow } from './visits-repo';

/**
 * Visits (DESIGN §5): opening a share counts one view and creates a visit row; the links
 * the share's module builds from the visit's token cost no further view and need no
 * password in the URL. A visit serves a bounded number of bytes and lives a short while,
 * counted in the database so the bound holds across instances. Changing the share's
 * password or limits deletes its visits; deleting the share cascades to them. The bytes
 * themselves are reserved and metered in ./visit-bytes.ts.
 */

/**
 * A visit dies this long after its last served range. The life slides because a video
 * plays for hours with Range requests all along (each one renews it), while a link copied
 * out of a page nobody uses any more stops working within minutes.
 */
export const VISIT_IDLE_MS = 15 * 60_000;
/** However it is used, a visit ends this long after the opening: a leaked link dies. */
export const VISIT_MAX_LIFE_MS = 6 * 60 * 60_000;
/** Slack above the share's size for small shares, whose preview a browser may fetch often. */
const BUDGET_SLACK_BYTES = 1024 * 1024;

/** What one visit may serve: three full reads (preview, download, a seek or two) + 1 MiB. */
export function visitBudget(size: number): number {
  return 3 * size + BUDGET_SLACK_BYTES;
}

/** A share a visit is issued for: its id and its size in bytes (the budget's base). */
export interface VisitTarget {
  id: string;
  size: number;
}

/**
 * Creates one visit per share in one insert and answers each visit's token by share id.
 * The database keeps only the token's SHA-256: a copy of it opens nothing.
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
  const rows: NewVisitRow[] = targets.map((target) => {
    const token = randomToken(32);
    tokens.set(target.id, token);
    return {
      id: sha256Hex(token),
      file_id: target.id,
      byte_budget: visitBudget(target.size),
      expires_at: new Date(now + VISIT_IDLE_MS).toISOString(),
      max_expires_at: new Date(now + VISIT_MAX_LIFE_MS).toISOString(),
      created_at: new Date(now).toISOString(),
    };
  });
  await new VisitsRepo(deps.db).insertMany(rows);
  return tokens;
}

/** The visit a token names; anything but 32 random bytes in base64url names none. */
function visitIdOf(token: string): string {
  if (!/^[A-Za-z0-9_-]{43}$/.test(token)) {
    throw new AppError('VISIT_LINK_USED_UP');
  }
  return sha256Hex(token);
}

/**
 * The id of the live visit `token` names for this share, or 410 VISIT_LINK_USED_UP when
 * it ran out of time or bytes, was revoked, or never existed.
 */
export async function admitVisit(deps: AppDeps, token: string, shareId: string): Promise<string> {
  const id = visitIdOf(token);
  const nowIso = deps.clock.now().toISOString();
  if (!(await new VisitsRepo(deps.db).isLive(id, shareId, nowIso))) {
    throw new AppError('VISIT_LINK_USED_UP');
  }
  return id;
}

/** Deletes the visits of a share: links already handed out stop working (410). */
export function revokeVisits(deps: AppDeps, shareId: string): Promise<number> {
  return new VisitsRepo(deps.db).deleteForShare(shareId);
}

/** Sweeper: visits past their life. */
export function sweepExpiredVisits(deps: AppDeps): Promise<number> {
  return new VisitsRepo(deps.db).deleteExpired(deps.clock.now().toISOString());
}
