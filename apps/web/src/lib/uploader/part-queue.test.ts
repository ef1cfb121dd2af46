import { describe, expect, it } from 'vitest';
import { UploadError } from './errors';
import { planParts, type PlannedPart } from './part-plan';
import { retryDelayMs, runParts } from './part-queue';

const noSleep = () => Promise.resolve();

/** Resolves on the next macrotask, so parts overlap the way real requests do. */
const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('runParts', () => {
  it('uploads every part with at most 3 in flight and answers them in order', async () => {
    let inFlight = 0;
    let maxInFlight = 0;
    const parts = planParts(10 * 100, 100);
    const result = await runParts({
      parts,
      signal: new AbortController().signal,
      upload: async (part) => {
        inFlight += 1;
        maxInFlight = Math.max(maxInFlight, inFlight);
        // Later parts finish first: the answer must still be sorted.
        for (let i = 0; i < 11 - part.partNumber; i += 1) {
          await tick();
        }
        inFlight -= 1;
        return `etag-${part.partNumber}`;
      },
    });
    expect(maxInFlight).toBe(3);
    expect(result.map((p) => p.partNumber)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(result[4]).toEqual({ partNumber: 5, etag: 'etag-5' });
  });

  it('retries a failing part up to 3 times and succeeds when an attempt does', async () => {
    const attempts: number[] = [];
    const retried: number[] = [];
    const result = await runParts({
      parts: planParts(300, 100),
      signal: new AbortController().signal,
      sleep: noSleep,
      onPartRetry: (part) => retried.push(part.partNumber),
      upload: (part, _signal, attempt) => {
        if (part.partNumber === 2) {
          attempts.push(attempt);
          if (attempt < 3) {
            return Promise.reject(new UploadError('partHttp', { part: 2, status: 500 }));
          }
        }
        return Promise.resolve(`e${part.partNumber}`);
      },
    });
    expect(attempts).toEqual([0, 1, 2, 3]);
    expect(retried).toEqual([2, 2, 2]);
    expect(result).toHaveLength(3);
  });

  it('gives up after the retries, stops the other parts and throws the part error', async () => {
    const started: number[] = [];
    const aborted: number[] = [];
    const promise = runParts({
      parts: planParts(1000, 100),
      signal: new AbortController().signal,
      sleep: noSleep,
      upload: (part: PlannedPart, signal) => {
        started.push(part.partNumber);
        if (part.partNumber === 1) {
          return Promise.reject(new UploadError('partNetwork', { part: 1 }));
        }
        return new Promise((_resolve, reject) => {
          signal.addEventListener('abort', () => {
            aborted.push(part.partNumber);
            reject(new UploadError('partCancelled', { part: part.partNumber }));
          });
        });
      },
    });
    await expect(promise).rejects.toMatchObject({ code: 'partNetwork', params: { part: 1 } });
    expect(started.filter((n) => n === 1)).toHaveLength(4);
    expect(aborted.sort()).toEqual([2, 3]);
    expect(started).not.toContain(4);
  });

  it('does not retry what cannot succeed (a missing ETag)', async () => {
    let calls = 0;
    await expect(
      runParts({
        parts: planParts(100, 100),
        signal: new AbortController().signal,
        sleep: noSleep,
        upload: () => {
          calls += 1;
          return Promise.reject(new UploadError('partNoEtag', { part: 1 }));
        },
      }),
    ).rejects.toMatchObject({ code: 'partNoEtag' });
    expect(calls).toBe(1);
  });

  it('throws "cancelled" when the caller cancels, whatever the parts answer', async () => {
    const controller = new AbortController();
    const promise = runParts({
      parts: planParts(500, 100),
      signal: controller.signal,
      upload: (part, signal) =>
        new Promise((_resolve, reject) => {
          signal.addEventListener('abort', () =>
            reject(new UploadError('partCancelled', { part: part.partNumber })),
          );
        }),
    });
    await tick();
    controller.abort();
    await expect(promise).rejects.toMatchObject({ code: 'cancelled' });
  });

  it('backs off 1 s, 2 s, 4 s… up to 10 s between attempts', () => {
    expect([1, 2, 3, 4, 5, 6].map(retryDelayMs)).toEqual([1000, 2000, 4000, 8000, 10000, 10000]);
  });
});
