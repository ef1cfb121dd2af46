import { finished, Transform, type Readable } from 'node:stream';

/**
 * The capacity ledger as the file system sees it (DESIGN §5 "Capacity is a ledger"): one
 * usage figure per storage config that every write through the product moves. The vfs
 * knows no module; the mounts module hands it an implementation through the MountSource.
 * A refusal is whatever the implementation throws (the API's INSUFFICIENT_STORAGE, 507);
 * the vfs passes it on untouched, and the front doors answer it as their own 507.
 */

/** Bytes held for one write in flight on one storage config; `bytes` grows as it streams. */
export interface Reservation {
  readonly configId: string;
  bytes: number;
}

export interface CapacityLedger {
  /**
   * Holds `bytes` on the config before they are written; refuses (throws) when they do not
   * fit under its capacity, holding nothing then. `fileSize` is the size the refusal names.
   */
  reserve(configId: string, bytes: number, fileSize?: number): Promise<Reservation>;
  /** Holds `bytes` more for a write that streams past what it reserved. */
  extend(reservation: Reservation, bytes: number, fileSize: number): Promise<void>;
  /** A finished write: used += written − replaced, and its reservation goes. */
  settle(reservation: Reservation, writtenBytes: number, replacedBytes: number): Promise<void>;
  /** A failed write: its reservation goes, nothing is counted. */
  release(reservation: Reservation): Promise<void>;
  /** Deleted bytes (never below 0). */
  giveBack(configId: string, bytes: number): Promise<void>;
}

/**
 * A write of unknown length reserves as it streams, in growing blocks: at least this much,
 * and as much as already arrived (the held amount doubles), so a 1 GiB form costs about ten
 * ledger updates, not a thousand (an update per MiB cost a quarter of a form upload's
 * time). Near the capacity, where a block does not fit, exactly what arrived is reserved.
 */
export const RESERVE_BLOCK_BYTES = 1024 * 1024;

/** A body that holds capacity for its bytes before passing them on. */
export interface MeteredBody {
  stream: Readable;
  /** The ledger's refusal, once a block could not be reserved: the error to answer. */
  refusal(): unknown;
}

/**
 * Passes `body` on while the reservation (plus `credit`, the bytes of the file it
 * replaces) covers what arrived; past it, reserves a growing block more (see
 * RESERVE_BLOCK_BYTES) — or, near the capacity, exactly what the next chunk needs, so a
 * small write still fits the last free bytes.
 * The first chunk that cannot be reserved fails the stream with the ledger's refusal, so
 * the storage write stops and leaves nothing.
 */
export function meteredBody(
  ledger: CapacityLedger,
  reservation: Reservation,
  body: Readable,
  credit = 0,
): MeteredBody {
  let seen = 0;
  let refusal: unknown = null;
  const meter = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      seen += chunk.length;
      const need = seen - (reservation.bytes + credit);
      if (need <= 0) {
        done(null, chunk);
        return;
      }
      const extend = (bytes: number) => ledger.extend(reservation, bytes, seen);
      extend(Math.max(RESERVE_BLOCK_BYTES, need, seen))
        .catch(() => extend(need))
        .then(
          () => done(null, chunk),
          (error: unknown) => {
            refusal = error;
            done(error as Error);
          },
        );
    },
  });
  // `finished` also reports a body that failed before this was called (a guard that
  // destroyed it while the reservation was being made): a listener attached now would
  // never hear that error, and the storage would wait for bytes that never come.
  finished(body, (error) => {
    if (error) {
      meter.destroy(error);
    }
  });
  // The meter can fail before the storage listens; the refusal is kept for the caller.
  meter.on('error', () => undefined);
  return { stream: body.pipe(meter), refusal: () => refusal };
}

/** What a write needs to know to reserve: its declared size and the size it replaces. */
export interface WritePlan {
  configId: string;
  /** Declared length; undefined when the body streams with no length. */
  size: number | undefined;
  /** Bytes of the file the write replaces (0 for a new file): an overwrite counts the difference. */
  replaced: number;
}

/**
 * Runs one storage write on the ledger: reserves the declared size (less what it
 * replaces) before the first byte, meters the body past it, settles what the storage
 * answered it holds, or releases everything when the write fails — answering the
 * ledger's refusal rather than the storage's report of an aborted body.
 */
export async function reservedWrite<T extends { size: number }>(
  ledger: CapacityLedger,
  plan: WritePlan,
  body: Readable,
  put: (stream: Readable) => Promise<T>,
): Promise<T> {
  const declared = plan.size ?? 0;
  const reservation = await ledger.reserve(
    plan.configId,
    Math.max(0, declared - plan.replaced),
    declared,
  );
  const metered = meteredBody(ledger, reservation, body, plan.replaced);
  let result: T;
  try {
    result = await put(metered.stream);
  } catch (error) {
    await ledger.release(reservation).catch(() => undefined);
    throw metered.refusal() ?? error;
  }
  await ledger.settle(reservation, result.size, plan.replaced);
  return result;
}
