import { z } from 'zod';
import type { AppDeps } from '@/context';
import type { JobContext, JobHandler, JobProgress } from '@/jobs/types';
import { lockingFor } from '@/modules/dav-locks/service';
import { mountSource } from '@/modules/mounts/service';
import { fileSystemFor } from '@/vfs/file-system';
import { VfsError, type FileSystem, type VfsEntry } from '@/vfs/types';
import { copyCheckpoint, CopyCounter, copyPayload, type CopyPayload } from './copy-job';

/** A move stores what a copy does: the caller's scope, full destinations, skipExisting, holder. */
export const movePayload = copyPayload;
export type MovePayload = CopyPayload;
type MoveItem = MovePayload['items'][number];

/** The counts when the item under way began: its source goes only if none of them grew. */
const itemStart = z.object({ success: z.number(), failed: z.number(), skipped: z.number() });
type ItemStart = z.infer<typeof itemStart>;

/**
 * Where a move stands: the copy engine's checkpoint (item, last path copied, counts) and
 * the item's starting counts, so a runner that takes the task over still knows whether
 * anything of the item failed or was skipped before it died.
 */
const moveCheckpoint = z.object({ copy: copyCheckpoint, start: itemStart });
type MoveCheckpoint = z.infer<typeof moveCheckpoint>;

function moveCheckpointOf(json: string | null): MoveCheckpoint | null {
  if (json === null) {
    return null;
  }
  try {
    const parsed = moveCheckpoint.safeParse(JSON.parse(json));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

function startOf(progress: JobProgress): ItemStart {
  return {
    success: progress.successCount,
    failed: progress.failedCount,
    skipped: progress.skippedCount,
  };
}

/** The job's context, its checkpoint wrapped with the item's starting counts at every boundary. */
function checkpointing(context: JobContext, start: () => ItemStart): JobContext {
  const { progress } = context;
  return {
    signal: context.signal,
    progress,
    changed: () => context.changed(),
    boundary: () => {
      // The copy counter has just written its own checkpoint; it goes inside ours.
      const copy =
        progress.checkpoint === null ? null : (JSON.parse(progress.checkpoint) as unknown);
      progress.checkpoint = JSON.stringify({ copy, start: start() });
      return context.boundary();
    },
  };
}

/** The entry at a path, or null when nothing is there. */
async function entryAt(fs: FileSystem, path: string): Promise<VfsEntry | null> {
  try {
    return await fs.stat(path);
  } catch (error) {
    if (error instanceof VfsError && error.code === 'NOT_FOUND') {
      return null;
    }
    throw error;
  }
}

/** One object dealt with whole (a rename): counted as one item of its size. */
function countWhole(progress: JobProgress, start: ItemStart, size: number): void {
  progress.totalItems += 1;
  progress.processedItems += 1;
  progress.totalBytes += size;
  progress.processedBytes += size;
  // Absolute, not +1: a takeover may find the last write already counted it.
  progress.successCount = start.success + 1;
}

interface MoveRun {
  fs: FileSystem;
  payload: MovePayload;
  context: JobContext;
  counter: CopyCounter;
  start: ItemStart;
}

/**
 * One item: within its mount, to a free name, a rename (atomic); otherwise a copy with
 * the job's signal, then the source removed only when nothing of the item failed or was
 * skipped (a skipped file stays at its source, and so does everything with it).
 */
async function moveItem(run: MoveRun, item: MoveItem): Promise<void> {
  const { fs, payload, context, counter, start } = run;
  const { progress, signal } = context;
  const source = await fs.resolve(item.from);
  const target = await fs.resolve(item.to);
  if (source.mount.id === target.mount.id && (await entryAt(fs, item.to)) === null) {
    const entry = await fs.stat(item.from);
    signal.throwIfAborted();
    progress.currentFile = item.from;
    await fs.rename(item.from, item.to);
    countWhole(progress, start, entry.isDirectory ? 0 : entry.size);
    return;
  }
  await fs.copy(item.from, item.to, {
    skipExisting: payload.skipExisting,
    signal,
    onEvent: (event) => counter.on(event),
    resumeAfter: counter.after,
  });
  if (progress.failedCount === start.failed && progress.skippedCount === start.skipped) {
    signal.throwIfAborted();
    progress.currentFile = item.from;
    context.changed();
    await fs.remove(item.from);
  }
}

/**
 * A runner died after an item's rename or removal but before the boundary that said so:
 * its source is gone and its target there. Answers true when so (and counts a rename).
 */
async function finishedBefore(run: MoveRun, item: MoveItem, after: string | null) {
  if ((await entryAt(run.fs, item.from)) !== null || (await entryAt(run.fs, item.to)) === null) {
    return false;
  }
  if (after === null) {
    // No file boundary in the item: it was a rename (or an empty folder), counted whole.
    countWhole(run.context.progress, run.start, 0);
  }
  return true;
}

/**
 * The 'move' job (issue 30 batch-move), through the caller's own file system like a copy.
 * Each item is checkpointed as it ends, so a task taken over never moves one twice; a
 * cancel stops at the next object boundary, the object in flight aborted by the signal.
 */
export function moveJobHandler(deps: AppDeps): JobHandler {
  return async (job, baseContext) => {
    const payload = movePayload.parse(JSON.parse(job.payload));
    const fs = fileSystemFor(mountSource(deps), payload.caller, {
      now: () => deps.clock.now(),
      ...lockingFor(deps, payload.holder ?? null, null),
    });
    const { progress, signal } = baseContext;
    const resumed = moveCheckpointOf(progress.checkpoint);
    if (resumed) {
      // Taken over: counts as at the last boundary; what is left is walked (and counted) again.
      progress.processedItems = resumed.copy.items;
      progress.processedBytes = resumed.copy.bytes;
      progress.totalItems = resumed.copy.items;
      progress.totalBytes = resumed.copy.bytes;
      progress.currentFile = null;
    }
    let start = resumed?.start ?? startOf(progress);
    const context = checkpointing(baseContext, () => start);
    const counter = new CopyCounter(progress, context, deps, resumed?.copy ?? null);
    const first = resumed?.copy.item ?? 0;
    await counter.startItem(first, resumed?.copy.after ?? null);
    for (let index = first; index < payload.items.length; index++) {
      const item = payload.items[index];
      if (!item) {
        break;
      }
      signal.throwIfAborted();
      const run: MoveRun = { fs, payload, context, counter, start };
      try {
        const resuming = index === resumed?.copy.item;
        if (!resuming || !(await finishedBefore(run, item, resumed.copy.after))) {
          await moveItem(run, item);
        }
      } catch (error) {
        if (signal.aborted) {
          throw error;
        }
        await counter.itemFailed(item.from, error);
      }
      // The boundary after the item: a runner that takes over starts at the next one.
      start = startOf(progress);
      await counter.startItem(index + 1, null);
    }
  };
}
