/**
 * Coalesces the view counts of one instance (DESIGN §16): while a statement counting views
 * of a share is on its way to the database, the reads of that share that arrive meanwhile
 * wait and then go together, as one statement asking for n views. A hot share then costs
 * the database one row update per round trip instead of one per read, which is what held
 * a share read by everyone on PostgreSQL to that row's commit rate (issue 34).
 *
 * This file knows nothing of SQL: `sendOne` and `sendMany` do the counting (./views.ts
 * writes both statements), this schedules them:
 * - reads that arrive in one turn of the event loop leave together (`setImmediate`), the
 *   way SQLite's group commit gathers its writes (db/sqlite-group-commit.ts);
 * - a share has one counting statement in flight per process; reads of it that come
 *   meanwhile form its next batch, so a batch grows with the load by itself;
 * - the shares that are ready leave in one statement, so reads of many shares share one
 *   commit too, and up to `maxInFlight` statements run at once (other shares' reads never
 *   wait behind a hot one's lock for long);
 * - a lone read of a lone share runs the plain one-view statement, as before batching.
 *
 * Nothing is answered before its statement returned, which in autocommit means committed.
 * Waiters are granted in arrival order; those past what the share had left get undefined,
 * as a lone reader who lost the race for the last view does.
 */

/** What a batch's statement answers for one share: the row after it, and views granted. */
export interface GrantedViews<Row> {
  row: Row;
  granted: number;
}

export interface ViewBatchStatements<Row> {
  /** One view of the share behind `key`: its row after the count, or undefined. */
  sendOne(key: string, nowIso: string): Promise<Row | undefined>;
  /**
   * `counts[i]` views of the share behind `keys[i]` at `nows[i]`, each granting at most
   * what is left: the shares that were counted, by key (absent: nothing granted).
   */
  sendMany(
    keys: string[],
    counts: number[],
    nows: string[],
  ): Promise<Map<string, GrantedViews<Row>>>;
}

interface Waiter<Row> {
  nowIso: string;
  resolve: (row: Row | undefined) => void;
  reject: (error: unknown) => void;
}

/**
 * Statements in flight at once per batcher: 8 of the pool's 10 connections, the rest kept
 * for everything else. Reads of many different shares spread over that many statements as
 * they did before batching, one statement per read; with 4 the 1,000-share read fell to
 * 0.107 of bare node:http, against 0.132 before batching and 0.142 with 8 (docs/scale-out.md).
 */
const MAX_IN_FLIGHT = 8;

/**
 * Statements in flight at once for one share: one. A second one only queues on the row's
 * lock behind the first, and splits the reads that could have gone together in two: with
 * `wrk -c32` on one paste, one in flight read 34,100/s on one worker and 25,000/s on two,
 * two in flight 29,800/s and 14,500/s (docs/scale-out.md, 2026-11-28).
 */
const PER_SHARE_IN_FLIGHT = 1;

export class ViewBatcher<Row extends object> {
  #pending = new Map<string, Waiter<Row>[]>();
  /** Statements in flight per share. */
  #inFlight = new Map<string, number>();
  #running = 0;
  #scheduled = false;

  constructor(
    private readonly statements: ViewBatchStatements<Row>,
    private readonly maxInFlight = MAX_IN_FLIGHT,
    private readonly perShareInFlight = PER_SHARE_IN_FLIGHT,
  ) {}

  /** Counts one view of the share behind `key`: its row as this read left it, or undefined. */
  count(key: string, nowIso: string): Promise<Row | undefined> {
    return new Promise<Row | undefined>((resolve, reject) => {
      const waiter = { nowIso, resolve, reject };
      const waiting = this.#pending.get(key);
      if (waiting) {
        waiting.push(waiter);
      } else {
        this.#pending.set(key, [waiter]);
      }
      this.#schedule();
    });
  }

  #schedule(): void {
    if (!this.#scheduled) {
      this.#scheduled = true;
      setImmediate(() => {
        this.#scheduled = false;
        this.#dispatch();
      });
    }
  }

  /** Sends what is ready (shares below their statements in flight) while a slot is free. */
  #dispatch(): void {
    while (this.#running < this.maxInFlight) {
      const batch = this.#takeReady();
      if (batch.size === 0) {
        return;
      }
      this.#running += 1;
      void this.#send(batch);
    }
  }

  #takeReady(): Map<string, Waiter<Row>[]> {
    const ready = new Map<string, Waiter<Row>[]>();
    for (const [key, waiters] of this.#pending) {
      if ((this.#inFlight.get(key) ?? 0) < this.perShareInFlight) {
        ready.set(key, waiters);
      }
    }
    for (const key of ready.keys()) {
      this.#pending.delete(key);
      this.#inFlight.set(key, (this.#inFlight.get(key) ?? 0) + 1);
    }
    return ready;
  }

  async #send(batch: Map<string, Waiter<Row>[]>): Promise<void> {
    try {
      const lone = loneRead(batch);
      if (lone) {
        lone.waiter.resolve(await this.statements.sendOne(lone.key, lone.waiter.nowIso));
      } else {
        grant(batch, await this.#sendMany(batch));
      }
    } catch (error) {
      for (const waiters of batch.values()) {
        for (const waiter of waiters) {
          waiter.reject(error);
        }
      }
    } finally {
      for (const key of batch.keys()) {
        const left = (this.#inFlight.get(key) ?? 1) - 1;
        if (left > 0) {
          this.#inFlight.set(key, left);
        } else {
          this.#inFlight.delete(key);
        }
      }
      this.#running -= 1;
      if (this.#pending.size > 0) {
        this.#dispatch();
      }
    }
  }

  #sendMany(batch: Map<string, Waiter<Row>[]>): Promise<Map<string, GrantedViews<Row>>> {
    const keys = [...batch.keys()];
    const waiting = [...batch.values()];
    return this.statements.sendMany(
      keys,
      waiting.map((waiters) => waiters.length),
      // The latest reader's time: no reader is granted a view of a share that had expired
      // by its own clock.
      waiting.map((waiters) =>
        waiters.reduce((latest, w) => (w.nowIso > latest ? w.nowIso : latest), ''),
      ),
    );
  }
}

/** The batch's one read of one share, or undefined when it holds more. */
function loneRead<Row>(
  batch: Map<string, Waiter<Row>[]>,
): { key: string; waiter: Waiter<Row> } | undefined {
  const [first] = batch;
  if (batch.size !== 1 || first === undefined) {
    return undefined;
  }
  const [key, waiters] = first;
  const [waiter] = waiters;
  return waiters.length === 1 && waiter ? { key, waiter } : undefined;
}

/**
 * Hands each share's granted views to its first waiters and nothing to the rest. A row
 * that carries `views` shows each waiter the count its own read made, as if the reads had
 * gone one by one (a visit's budget follows the views left: ./visit-budget.ts).
 */
function grant<Row extends object>(
  batch: Map<string, Waiter<Row>[]>,
  counted: Map<string, GrantedViews<Row>>,
): void {
  for (const [key, waiters] of batch) {
    const result = counted.get(key);
    const granted = result ? Math.min(result.granted, waiters.length) : 0;
    waiters.forEach((waiter, index) => {
      waiter.resolve(result && index < granted ? asReadBy(result, index) : undefined);
    });
  }
}

function asReadBy<Row extends object>({ row, granted }: GrantedViews<Row>, index: number): Row {
  if (!('views' in row) || typeof row.views !== 'number') {
    return index === 0 ? row : { ...row };
  }
  return { ...row, views: row.views - granted + index + 1 };
}
