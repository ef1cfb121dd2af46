import { z } from 'zod';
import type { AppDeps } from '@/context';
import { recordFailure } from '@/jobs/progress';
import type { JobContext, JobHandler, JobProgress } from '@/jobs/types';
import { lockingFor } from '@/modules/dav-locks/service';
import { mountSource } from '@/modules/mounts/service';
import { copyFailureMessage } from '@/vfs/copy-failures';
import { fileSystemFor } from '@/vfs/file-system';
import type { CopyEvent } from '@/vfs/types';

/** What a copy task does, as its payload stores it: the caller's scope and normal paths. */
export const copyPayload = z.object({
  caller: z.discriminatedUnion('kind', [
    z.object({ kind: z.literal('admin') }),
    z.object({ kind: z.literal('key'), basicPath: z.string() }),
  ]),
  /** `to` is the full destination (the "folder ending in /" form resolved at request time). */
  items: z.array(z.object({ from: z.string(), to: z.string() })).min(1),
  skipExisting: z.boolean(),
  /**
   * Who the task writes as, for WebDAV locks (the creator: an admin id or 'apikey:{id}'):
   * only its own locks let it through. Absent in tasks queued before locks counted for
   * copies: such a task holds no lock, so every lock stops the files it covers.
   */
  holder: z.string().nullish(),
});
export type CopyPayload = z.infer<typeof copyPayload>;

/**
 * Where a copy stands at its last object boundary: the item under way, the last source
 * path it finished (in the engine's walk order) and the processed counts at that moment.
 * A runner that takes the task over goes on from here without copying anything twice.
 */
export const copyCheckpoint = z.object({
  item: z.number().int().min(0),
  after: z.string().nullable(),
  items: z.number(),
  bytes: z.number(),
});
export type CopyCheckpoint = z.infer<typeof copyCheckpoint>;

function checkpointOf(json: string | null): CopyCheckpoint | null {
  if (json === null) {
    return null;
  }
  try {
    const parsed = copyCheckpoint.safeParse(JSON.parse(json));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** Turns the engine's events into the task's counts, writing at every object boundary. */
export class CopyCounter {
  private current: { path: string; size: number; sent: number } | null = null;
  private mark: CopyCheckpoint;

  constructor(
    private readonly progress: JobProgress,
    private readonly context: JobContext,
    private readonly deps: AppDeps,
    resumed: CopyCheckpoint | null,
  ) {
    this.mark = resumed ?? { item: 0, after: null, items: 0, bytes: 0 };
  }

  get after(): string | null {
    return this.mark.after;
  }

  /** The boundary before an item; `after` is set only for the item a takeover resumes. */
  startItem(item: number, after: string | null): Promise<void> {
    this.mark = { ...this.mark, item, after };
    return this.boundary(after);
  }

  /** The item could not be copied at all (its source vanished, its target was refused…). */
  itemFailed(path: string, error: unknown): Promise<void> {
    return this.failed(path, copyFailureMessage(error), error);
  }

  on(event: CopyEvent): void | Promise<void> {
    const { progress } = this;
    switch (event.kind) {
      case 'discovered':
        progress.totalItems += event.files;
        progress.totalBytes += event.bytes;
        this.context.changed();
        return;
      case 'file-start':
        progress.currentFile = event.path;
        this.current = { path: event.path, size: event.size, sent: 0 };
        this.context.changed();
        return;
      case 'bytes':
        progress.processedBytes += event.bytes;
        if (this.current) {
          this.current.sent += event.bytes;
        }
        this.context.changed();
        return;
      case 'file-done':
        this.settle(event.size);
        if (event.outcome === 'copied') {
          progress.successCount += 1;
        } else {
          progress.skippedCount += 1;
        }
        return this.boundary(event.path);
      case 'file-failed':
        return this.failed(event.path, event.message, event.cause);
    }
  }

  private async failed(path: string, message: string, cause: unknown): Promise<void> {
    if (this.current?.path === path) {
      this.settle(this.current.size);
    } else {
      // A folder that could not be listed or made: one more (failed) item than discovered.
      this.progress.totalItems += 1;
      this.progress.processedItems += 1;
    }
    recordFailure(this.progress, { path, message });
    this.deps.logger.warn({ err: cause, path }, 'an object of a copy task failed');
    await this.boundary(path);
  }

  /** One object dealt with: its bytes count whole, however many flowed. */
  private settle(size: number): void {
    const sent = this.current?.sent ?? 0;
    this.progress.processedItems += 1;
    this.progress.processedBytes += Math.max(0, size - sent);
    this.current = null;
  }

  private boundary(after: string | null): Promise<void> {
    this.mark = {
      ...this.mark,
      after,
      items: this.progress.processedItems,
      bytes: this.progress.processedBytes,
    };
    this.progress.checkpoint = JSON.stringify(this.mark);
    return this.context.boundary();
  }
}

/**
 * The 'copy' job (issue 9 batch-copy): each item through the caller's own file system, so
 * the task copies with the permissions of whoever started it. A failed object is counted
 * and the copy goes on (partial); a cancel stops it at once, the object in flight
 * abandoned with nothing of it left at the target (CopyOptions.signal).
 */
export function copyJobHandler(deps: AppDeps): JobHandler {
  return async (job, context) => {
    const payload = copyPayload.parse(JSON.parse(job.payload));
    const fs = fileSystemFor(mountSource(deps), payload.caller, {
      now: () => deps.clock.now(),
      ...lockingFor(deps, payload.holder ?? null, null),
    });
    const { progress, signal } = context;
    const resumed = checkpointOf(progress.checkpoint);
    if (resumed) {
      // Taken over: counts as at the last boundary; what is left is walked (and counted) again.
      progress.processedItems = resumed.items;
      progress.processedBytes = resumed.bytes;
      progress.totalItems = resumed.items;
      progress.totalBytes = resumed.bytes;
      progress.currentFile = null;
    }
    const counter = new CopyCounter(progress, context, deps, resumed);
    for (let index = resumed?.item ?? 0; index < payload.items.length; index++) {
      const item = payload.items[index];
      if (!item) {
        break;
      }
      signal.throwIfAborted();
      await counter.startItem(index, index === resumed?.item ? resumed.after : null);
      try {
        await fs.copy(item.from, item.to, {
          skipExisting: payload.skipExisting,
          signal,
          onEvent: (event) => counter.on(event),
          resumeAfter: counter.after,
        });
      } catch (error) {
        if (signal.aborted) {
          throw error;
        }
        await counter.itemFailed(item.from, error);
      }
    }
  };
}
