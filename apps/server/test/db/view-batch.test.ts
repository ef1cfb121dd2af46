import { describe, expect, it } from 'vitest';
import { ViewBatcher, type GrantedViews, type ViewBatchStatements } from '@/shares/view-batch';

/**
 * The scheduling of PostgreSQL's batched view counts (shares/view-batch.ts), on statements
 * that this test answers by hand: which reads leave together, which wait, who is granted.
 * What the statements do on a real database is tested on three instances in
 * test/pastes/hot-share.postgres.test.ts.
 */

interface Row {
  key: string;
  views: number;
}

interface Sent {
  kind: 'one' | 'many';
  keys: string[];
  counts: number[];
  nows: string[];
  answer: (granted: Record<string, number>) => void;
  fail: (error: Error) => void;
}

/** Statements that record what they were sent and answer when the test says so. */
function handAnswered(viewsBefore = 0) {
  const sent: Sent[] = [];
  const statements: ViewBatchStatements<Row> = {
    sendOne: (key, nowIso) =>
      new Promise((resolve, reject) => {
        sent.push({
          kind: 'one',
          keys: [key],
          counts: [1],
          nows: [nowIso],
          answer: (granted) => resolve(granted[key] ? { key, views: viewsBefore + 1 } : undefined),
          fail: reject,
        });
      }),
    sendMany: (keys, counts, nows) =>
      new Promise((resolve, reject) => {
        sent.push({
          kind: 'many',
          keys,
          counts,
          nows,
          answer: (granted) => {
            const rows = new Map<string, GrantedViews<Row>>();
            for (const key of keys) {
              const views = granted[key] ?? 0;
              if (views > 0) {
                rows.set(key, { row: { key, views: viewsBefore + views }, granted: views });
              }
            }
            resolve(rows);
          },
          fail: reject,
        });
      }),
  };
  return { sent, statements };
}

/** Lets the batcher's `setImmediate` run, and the promises it settles. */
const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

describe('batched view counts (PostgreSQL)', () => {
  it('sends a lone read as the plain one-view statement', async () => {
    const { sent, statements } = handAnswered();
    const read = new ViewBatcher(statements).count('a', '2026-01-01T00:00:00.000Z');
    await nextTurn();
    expect(sent.map((s) => s.kind)).toEqual(['one']);
    sent[0]?.answer({ a: 1 });
    expect(await read).toEqual({ key: 'a', views: 1 });
  });

  it("counts one turn's reads of a share in one statement, granting in arrival order", async () => {
    const { sent, statements } = handAnswered(10);
    const batcher = new ViewBatcher(statements);
    const reads = ['010', '030', '020', '000'].map((ms) =>
      batcher.count('hot', `2026-01-01T00:00:00.${ms}Z`),
    );
    await nextTurn();
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ kind: 'many', keys: ['hot'], counts: [4] });
    // The latest reader's time: nobody is granted a view past an expiry by its own clock.
    expect(sent[0]?.nows).toEqual(['2026-01-01T00:00:00.030Z']);
    sent[0]?.answer({ hot: 3 });
    // Each granted reader sees the count its own read made; the fourth came too late.
    expect(await Promise.all(reads)).toEqual([
      { key: 'hot', views: 11 },
      { key: 'hot', views: 12 },
      { key: 'hot', views: 13 },
      undefined,
    ]);
  });

  it('holds a share to its statements in flight: later reads of it form the next batch', async () => {
    const { sent, statements } = handAnswered();
    const batcher = new ViewBatcher(statements, 4, 1);
    const first = [batcher.count('hot', 't'), batcher.count('hot', 't')];
    await nextTurn();
    const waiting = [
      batcher.count('hot', 't'),
      batcher.count('hot', 't'),
      batcher.count('hot', 't'),
    ];
    const other = batcher.count('cold', 't');
    await nextTurn();
    // The cold share did not wait behind the hot one's statement.
    expect(sent.map((s) => s.keys)).toEqual([['hot'], ['cold']]);
    sent[1]?.answer({ cold: 1 });
    expect(await other).toEqual({ key: 'cold', views: 1 });

    sent[0]?.answer({ hot: 2 });
    expect(await Promise.all(first)).toHaveLength(2);
    await nextTurn();
    expect(sent[2]).toMatchObject({ kind: 'many', keys: ['hot'], counts: [3] });
    sent[2]?.answer({ hot: 1 });
    expect((await Promise.all(waiting)).filter(Boolean)).toHaveLength(1);
  });

  it('holds the reads that come while a share is being counted for its next statement', async () => {
    const { sent, statements } = handAnswered();
    const batcher = new ViewBatcher(statements);
    const first = batcher.count('hot', 't');
    await nextTurn();
    const second = [batcher.count('hot', 't'), batcher.count('hot', 't')];
    await nextTurn();
    const third = batcher.count('hot', 't');
    await nextTurn();
    // One statement per share in flight: the three later reads wait, then go as one.
    expect(sent.map((s) => s.counts)).toEqual([[1]]);
    sent[0]?.answer({ hot: 1 });
    expect(await first).toBeDefined();
    await nextTurn();
    expect(sent.map((s) => s.counts)).toEqual([[1], [3]]);
    sent[1]?.answer({ hot: 3 });
    expect(await Promise.all([...second, third])).toHaveLength(3);
    // Another share's read does not wait behind a hot one in flight.
    const hot = batcher.count('hot', 't');
    await nextTurn();
    const other = batcher.count('other', 't');
    await nextTurn();
    expect(sent.slice(2).map((s) => s.keys)).toEqual([['hot'], ['other']]);
    sent[3]?.answer({ other: 1 });
    expect(await other).toBeDefined();
    sent[2]?.answer({ hot: 1 });
    expect(await hot).toBeDefined();
  });

  it('sends the reads of many shares of one turn in one statement', async () => {
    const { sent, statements } = handAnswered();
    const batcher = new ViewBatcher(statements);
    const reads = ['a', 'b', 'b', 'c'].map((key) => batcher.count(key, 't'));
    await nextTurn();
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ keys: ['a', 'b', 'c'], counts: [1, 2, 1] });
    // 'c' is gone or spent: nothing granted to it.
    sent[0]?.answer({ a: 1, b: 2 });
    const answers = await Promise.all(reads);
    expect(answers.map((row) => row?.key)).toEqual(['a', 'b', 'b', undefined]);
  });

  it('runs at most maxInFlight statements at once and sends the rest as they finish', async () => {
    const { sent, statements } = handAnswered();
    const batcher = new ViewBatcher(statements, 2);
    const reads = [batcher.count('a', 't')];
    await nextTurn();
    reads.push(batcher.count('b', 't'));
    await nextTurn();
    reads.push(batcher.count('c', 't'));
    await nextTurn();
    expect(sent.map((s) => s.keys)).toEqual([['a'], ['b']]);
    sent[0]?.answer({ a: 1 });
    await nextTurn();
    expect(sent.map((s) => s.keys)).toEqual([['a'], ['b'], ['c']]);
    sent[1]?.answer({ b: 1 });
    sent[2]?.answer({ c: 1 });
    expect((await Promise.all(reads)).map((row) => row?.key)).toEqual(['a', 'b', 'c']);
  });

  it('fails every read of a failed statement, and the next reads go on', async () => {
    const { sent, statements } = handAnswered();
    const batcher = new ViewBatcher(statements);
    const doomed = [batcher.count('a', 't'), batcher.count('a', 't')];
    await nextTurn();
    sent[0]?.fail(new Error('connection lost'));
    for (const read of doomed) {
      await expect(read).rejects.toThrow('connection lost');
    }
    const later = batcher.count('a', 't');
    await nextTurn();
    sent[1]?.answer({ a: 1 });
    expect(await later).toEqual({ key: 'a', views: 1 });
  });
});
