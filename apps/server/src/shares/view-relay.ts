import cluster, { type Worker } from 'node:cluster';
import { DatabaseUnavailableError, isDatabaseUnavailable } from '@/db/db-errors';
import type { GrantedViews, ViewBatchStatements } from './view-batch';

/**
 * One stream of view counts per instance (DESIGN §16, issue 34). In a cluster on
 * PostgreSQL each worker process batches the reads of a turn (./view-batch.ts) and, instead
 * of running the statement itself, hands the batch to the primary process, whose own
 * batcher folds the batches of every worker into its statements. Two workers counting the
 * same hot share each on their own queued on its row's lock behind each other, and split
 * the reads that could have gone in one statement in two: with `wrk -c32` on one paste, two
 * workers read 25,000/s where one read 34,100/s (docs/scale-out.md).
 *
 * The primary answers only once its statement returned, as a worker's own statement did:
 * nothing is granted before it is committed. A failure is relayed with whether it was the
 * database being unavailable, so the worker still answers 503 DATABASE_UNAVAILABLE.
 */

/** Set (to '1') by the primary in its workers' environment when it counts their views. */
export const VIEW_RELAY_ENV = 'PASTEBOX_VIEW_RELAY';

const REQUEST = 'pastebox:count-views';
const ANSWER = 'pastebox:views-counted';

interface CountRequest {
  type: typeof REQUEST;
  id: number;
  /** The counter's name (`LiveViewShape.name`): the same statement in every process. */
  counter: string;
  keys: string[];
  counts: number[];
  nows: string[];
}

interface CountAnswer {
  type: typeof ANSWER;
  id: number;
  /** Per key counted: the row after its views and how many were granted. */
  granted?: [key: string, row: object, granted: number][];
  error?: { message: string; unavailable: boolean };
}

interface Pending {
  resolve: (answer: CountAnswer) => void;
  reject: (error: unknown) => void;
}

let pending: Map<number, Pending> | null = null;
let nextId = 1;

/** Worker side: from now on this process's view counts on PostgreSQL go to the primary. */
export function relayViewCountsToPrimary(): void {
  if (pending || !process.send) {
    return;
  }
  const waiting = new Map<number, Pending>();
  pending = waiting;
  process.on('message', (message: unknown) => {
    if (isAnswer(message)) {
      waiting.get(message.id)?.resolve(message);
      waiting.delete(message.id);
    }
  });
  // The primary is gone: this worker is on its way out, and nobody will answer.
  process.once('disconnect', () => {
    for (const waiter of waiting.values()) {
      waiter.reject(new DatabaseUnavailableError(new Error('the primary process is gone')));
    }
    waiting.clear();
  });
}

/** Whether this process hands its view counts to the primary. */
export function relaysViewCounts(): boolean {
  return pending !== null;
}

/** The statements of the counter named `counter`, run by the primary. */
export function relayedStatements<Row>(counter: string): ViewBatchStatements<Row> {
  return {
    async sendOne(key, nowIso) {
      const counted = await askPrimary<Row>({ counter, keys: [key], counts: [1], nows: [nowIso] });
      return counted.get(key)?.row;
    },
    sendMany: (keys, counts, nows) => askPrimary<Row>({ counter, keys, counts, nows }),
  };
}

async function askPrimary<Row>(
  batch: Omit<CountRequest, 'type' | 'id'>,
): Promise<Map<string, GrantedViews<Row>>> {
  const waiting = pending;
  if (!waiting || !process.send) {
    throw new Error('view counts are not relayed in this process');
  }
  const id = nextId++;
  const answer = await new Promise<CountAnswer>((resolve, reject) => {
    waiting.set(id, { resolve, reject });
    const request: CountRequest = { type: REQUEST, id, ...batch };
    process.send?.(request, undefined, undefined, (error: Error | null) => {
      if (error) {
        waiting.delete(id);
        reject(new DatabaseUnavailableError(error));
      }
    });
  });
  if (answer.error) {
    const cause = new Error(answer.error.message);
    throw answer.error.unavailable ? new DatabaseUnavailableError(cause) : cause;
  }
  return new Map(
    (answer.granted ?? []).map(([key, row, granted]) => [key, { row: row as Row, granted }]),
  );
}

/** Counts `n` views of the share behind `key` with the counter named `counter`. */
export type CountGroup = (
  counter: string,
  key: string,
  nowIso: string,
  n: number,
) => Promise<GrantedViews<object> | undefined>;

/** Primary side: answers its workers' batches with `count` (its own batchers). */
export function serveRelayedViewCounts(count: CountGroup): void {
  cluster.on('message', (worker: Worker, message: unknown) => {
    if (isRequest(message)) {
      void answerWorker(worker, message, count);
    }
  });
}

async function answerWorker(worker: Worker, request: CountRequest, count: CountGroup) {
  let answer: CountAnswer;
  try {
    const counted = await Promise.all(
      request.keys.map((key, index) =>
        count(request.counter, key, request.nows[index] ?? '', request.counts[index] ?? 0),
      ),
    );
    const granted: NonNullable<CountAnswer['granted']> = [];
    counted.forEach((result, index) => {
      const key = request.keys[index];
      if (result && key !== undefined) {
        granted.push([key, result.row, result.granted]);
      }
    });
    answer = { type: ANSWER, id: request.id, granted };
  } catch (error) {
    const unavailable = isDatabaseUnavailable(error);
    const reason = unavailable && error instanceof Error ? error.cause : error;
    const message = reason instanceof Error ? reason.message : String(reason);
    answer = { type: ANSWER, id: request.id, error: { message, unavailable } };
  }
  // A worker that died meanwhile has no one left to tell.
  if (worker.isConnected()) {
    worker.send(answer, undefined, () => undefined);
  }
}

function isRequest(message: unknown): message is CountRequest {
  return (message as { type?: unknown } | null)?.type === REQUEST;
}

function isAnswer(message: unknown): message is CountAnswer {
  return (message as { type?: unknown } | null)?.type === ANSWER;
}
