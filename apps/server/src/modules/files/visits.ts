import { Transform, pipeline, type Readable } from 'node:stream';
import type { AppDeps } from '@/context';
import { sha256Hex } from '@/lib/crypto';
import { AppError } from '@/lib/errors';
import { randomToken } from '@/lib/ids';
import type { VisitLinks } from './presenter';
import { VisitsRepo, type NewVisitRow } from './visits-repo';

/**
 * Visits (DESIGN §5): opening a share counts one view and creates a visit row; its preview
 * and download links carry the visit's token, so they cost no further view and need no
 * password in the URL. A visit serves a bounded number of bytes and lives a short while,
 * counted in the database so the bound holds across instances. Changing the share's
 * password or limits deletes its visits; deleting the share cascades to them.
 */

/**
 * A visit dies this long after its last served range. The life slides because a video
 * plays for hours with Range requests all along (each one renews it), while a link copied
 * out of a page nobody uses any more stops working within minutes.
 */
export const VISIT_IDLE_MS = 15 * 60_000;
/** However it is used, a visit ends this long after the opening: a leaked link dies. */
export const VISIT_MAX_LIFE_MS = 6 * 60 * 60_000;
/** Slack above the file size for small files, whose preview a browser may fetch often. */
const BUDGET_SLACK_BYTES = 1024 * 1024;

/** What one visit may serve: three full reads (preview, download, a seek or two) + 1 MiB. */
export function visitBudget(size: number): number {
  return 3 * size + BUDGET_SLACK_BYTES;
}

interface VisitTarget {
  id: string;
  slug: string;
  size: number;
}

function linksOf(linkBase: string, slug: string, token: string): VisitLinks {
  const query = `${encodeURIComponent(slug)}?token=${token}`;
  return {
    previewUrl: `${linkBase}/api/file-view/${query}`,
    downloadUrl: `${linkBase}/api/file-download/${query}`,
  };
}

/**
 * Creates one visit per share in one insert and answers their links by file id. The
 * database keeps only the token's SHA-256: a copy of it opens nothing.
 */
export async function issueVisits(
  deps: AppDeps,
  targets: readonly VisitTarget[],
  linkBase: string,
): Promise<Map<string, VisitLinks>> {
  const links = new Map<string, VisitLinks>();
  if (targets.length === 0) {
    return links;
  }
  const now = deps.clock.now().getTime();
  const rows: NewVisitRow[] = targets.map((target) => {
    const token = randomToken(32);
    links.set(target.id, linksOf(linkBase, target.slug, token));
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
  return links;
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
export async function admitVisit(deps: AppDeps, token: string, fileId: string): Promise<string> {
  const id = visitIdOf(token);
  const nowIso = deps.clock.now().toISOString();
  if (!(await new VisitsRepo(deps.db).isLive(id, fileId, nowIso))) {
    throw new AppError('VISIT_LINK_USED_UP');
  }
  return id;
}

/** Takes `bytes` from the visit's budget before they are read, renewing its life; or 410. */
export async function reserveVisitBytes(
  deps: AppDeps,
  visitId: string,
  fileId: string,
  bytes: number,
): Promise<void> {
  const now = deps.clock.now().getTime();
  const slideTo = new Date(now + VISIT_IDLE_MS).toISOString();
  const nowIso = new Date(now).toISOString();
  if (!(await new VisitsRepo(deps.db).reserve(visitId, fileId, bytes, nowIso, slideTo))) {
    throw new AppError('VISIT_LINK_USED_UP');
  }
}

/** Returns reserved bytes that were never read; failures only cost the visitor budget. */
export function releaseVisitBytes(deps: AppDeps, visitId: string, bytes: number): void {
  if (bytes <= 0) {
    return;
  }
  new VisitsRepo(deps.db).release(visitId, bytes).catch((error: unknown) => {
    deps.logger.warn({ err: error }, 'returning unread visit bytes failed');
  });
}

/**
 * The object's body, counting what is read from storage: when the client goes away early
 * (a player seeking elsewhere aborts its open-ended range), the bytes never read go back
 * to the budget, so seeking costs what is watched, not what was asked for. What was read
 * is never returned, so the budget still bounds what left the storage.
 */
export function meteredBody(
  deps: AppDeps,
  visitId: string,
  reserved: number,
  body: Readable,
): Readable {
  let read = 0;
  const meter = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      read += chunk.length;
      done(null, chunk);
    },
  });
  meter.once('close', () => releaseVisitBytes(deps, visitId, reserved - read));
  // A client that disconnects destroys the meter; pipeline then closes the storage stream.
  pipeline(body, meter, () => undefined);
  return meter;
}

/** Deletes the visits of a share: links already handed out stop working (410). */
export function revokeVisits(deps: AppDeps, fileId: string): Promise<number> {
  return new VisitsRepo(deps.db).deleteForFile(fileId);
}

/** Sweeper: visits past their life. */
export function sweepExpiredVisits(deps: AppDeps): Promise<number> {
  return new VisitsRepo(deps.db).deleteExpired(deps.clock.now().toISOString());
}
