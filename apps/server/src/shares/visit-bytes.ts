import { Transform, pipeline, type Readable } from 'node:stream';
import type { AppDeps } from '@/context';
import { AppError } from '@/lib/errors';
import { VISIT_IDLE_MS, visitIdOf } from './visits';
import { VisitsRepo, type ShareRef } from './visits-repo';

/** Takes `bytes` from the visit's budget before they are read, renewing its life; or 410. */
export async function reserveVisitBytes(
  deps: AppDeps,
  visitId: string,
  share: ShareRef,
  bytes: number,
): Promise<void> {
  const now = deps.clock.now().getTime();
  const slideTo = new Date(now + VISIT_IDLE_MS).toISOString();
  const nowIso = new Date(now).toISOString();
  if (!(await new VisitsRepo(deps.db).reserve(visitId, share, bytes, nowIso, slideTo))) {
    throw new AppError('VISIT_LINK_USED_UP');
  }
}

/**
 * For a delivery answered whole from memory (a paste's raw text): admits the visit `token`
 * names and takes `bytes` of its budget in one statement. 410 VISIT_LINK_USED_UP when the
 * token is malformed or forged, the visit ran out of time or bytes, or it was revoked.
 */
export async function spendVisit(
  deps: AppDeps,
  token: string,
  share: ShareRef,
  bytes: number,
): Promise<void> {
  await reserveVisitBytes(deps, visitIdOf(token), share, bytes);
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
