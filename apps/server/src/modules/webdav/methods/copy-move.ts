import { isAtOrUnder } from '@pastebox/contract/rules/virtual-path';
import { isAppError } from '@/lib/errors';
import type { VfsEntry } from '@/vfs/types';
import { assertFullAccess } from '../access';
import type { DavContext, DavHandler } from '../context';
import { DavHttpError } from '../errors';
import { assertWritable, releaseLocks } from '../locks';
import { copyDeadProps, deleteDeadProps, moveDeadProps } from '../props';
import { assertParentCollection, existingEntry } from '../resources';
import { onFs } from '../status';
import { multistatus, statusResponse } from '@/modules/webdav/xml/write';

/**
 * COPY and MOVE (RFC 4918 §9.8, §9.9): Destination on this server under /dav (502
 * otherwise), Overwrite (T by default; F onto something that exists is 412), Depth (COPY:
 * 0 or infinity, MOVE: infinity only). 201 when the destination is new, 204 when it was
 * replaced. Across mounts and storages the server copies (the copy task's engine); a MOVE
 * within one mount is a rename. Members that fail to copy answer 207 one by one.
 */

interface Transfer {
  from: VfsEntry;
  to: string;
  replaced: boolean;
}

function overwriteOf(ctx: DavContext): boolean {
  const value = (ctx.request.headers.get('overwrite') ?? 'T').trim().toUpperCase();
  if (value !== 'T' && value !== 'F') {
    throw new DavHttpError(400, undefined, [], 'Overwrite must be T or F');
  }
  return value === 'T';
}

function depthOf(ctx: DavContext, allowed: readonly string[]): '0' | 'infinity' {
  const value = (ctx.request.headers.get('depth') ?? 'infinity').trim().toLowerCase();
  if (!allowed.includes(value)) {
    throw new DavHttpError(400, undefined, [], `Depth must be ${allowed.join(' or ')}`);
  }
  return value === '0' ? '0' : 'infinity';
}

/** Checks common to both methods; clears an existing destination when Overwrite allows. */
async function prepare(ctx: DavContext, move: boolean): Promise<Transfer> {
  const header = ctx.request.headers.get('destination');
  if (!header) {
    throw new DavHttpError(400, undefined, [], 'Destination is required');
  }
  const to = ctx.destinationPath(header);
  // Both ends need full access before anything is removed (the way down is for listing).
  assertFullAccess(ctx, ctx.path);
  assertFullAccess(ctx, to);
  const overwrite = overwriteOf(ctx);
  const from = await onFs(() => ctx.fs.stat(ctx.path));
  if (to === from.path) {
    throw new DavHttpError(403, undefined, [], 'the source and the destination are the same');
  }
  if (isAtOrUnder(from.path, to) || isAtOrUnder(to, from.path)) {
    // Into itself, or over one of its own ancestors: nothing sensible can come of it.
    throw new DavHttpError(403, undefined, [], 'the destination overlaps the source');
  }
  await assertWritable(ctx, [
    ...(move ? [{ path: from.path, depth: 'infinity' as const }] : []),
    { path: to, depth: 'infinity' },
  ]);
  const target = await onFs(() => existingEntry(ctx, to));
  if (target && !overwrite) {
    throw new DavHttpError(412, undefined, [], 'the destination exists and Overwrite is F');
  }
  if (!target) {
    await assertParentCollection(ctx, to);
  } else {
    if (move) {
      // A move the source's names refuse (reserved-subtree.ts) must not cost the target.
      await onFs(() => ctx.fs.assertRemovable(from.path));
    }
    await onFs(() => ctx.fs.remove(to));
    await releaseLocks(ctx, to);
    await deleteDeadProps(ctx, to);
  }
  return { from, to, replaced: target !== null };
}

/** A member that failed to copy: 507 when the target's capacity refused it, else 500. */
interface FailedMember {
  path: string;
  status: number;
}

/** Copies with the copy engine; answers the members that failed, by destination href. */
async function copyTree(ctx: DavContext, from: string, to: string): Promise<FailedMember[]> {
  const failed: FailedMember[] = [];
  await onFs(() =>
    ctx.fs.copy(from, to, {
      skipExisting: false,
      onEvent: (event) => {
        if (event.kind === 'file-failed') {
          const full = isAppError(event.cause) && event.cause.key === 'INSUFFICIENT_STORAGE';
          failed.push({ path: event.path, status: full ? 507 : 500 });
        }
      },
    }),
  );
  return failed;
}

function done(ctx: DavContext, transfer: Transfer, failed: FailedMember[]): Response {
  const [only] = failed;
  if (failed.length === 1 && only?.path === transfer.from.path) {
    // The request's own resource failed (a file): its status, not a multistatus (RFC 4918 §9.8.8).
    return new Response(null, { status: only.status });
  }
  if (failed.length > 0) {
    return multistatus(
      failed.map(({ path, status }) => statusResponse(ctx.href(path, false), status)),
    );
  }
  return new Response(null, { status: transfer.replaced ? 204 : 201 });
}

export const copyHandler: DavHandler = async (ctx) => {
  const depth = depthOf(ctx, ['0', 'infinity']);
  const transfer = await prepare(ctx, false);
  let failed: FailedMember[] = [];
  if (transfer.from.isDirectory && depth === '0') {
    await onFs(() => ctx.fs.mkdir(transfer.to), { ALREADY_EXISTS: 412, MOUNT_POINT: 409 });
  } else {
    failed = await copyTree(ctx, transfer.from.path, transfer.to);
  }
  await copyDeadProps(ctx, transfer.from.path, transfer.to);
  return done(ctx, transfer, failed);
};

export const moveHandler: DavHandler = async (ctx) => {
  depthOf(ctx, ['infinity']);
  const transfer = await prepare(ctx, true);
  const [fromMount, toMount] = await Promise.all([
    onFs(() => ctx.fs.mountAt(transfer.from.path)),
    onFs(() => ctx.fs.mountAt(transfer.to)),
  ]);
  let failed: FailedMember[] = [];
  if (fromMount && toMount && fromMount.id === toMount.id) {
    await onFs(() => ctx.fs.rename(transfer.from.path, transfer.to), { MOUNT_POINT: 403 });
  } else {
    // Another mount or storage: the server copies, then removes what it copied from.
    if (transfer.from.mount) {
      throw new DavHttpError(403, undefined, [], 'a mount point is configured, not moved');
    }
    // Refused before the copy, not after it: the remove below would refuse the same.
    await onFs(() => ctx.fs.assertRemovable(transfer.from.path));
    failed = await copyTree(ctx, transfer.from.path, transfer.to);
    if (failed.length === 0) {
      await onFs(() => ctx.fs.remove(transfer.from.path));
    }
  }
  if (failed.length === 0) {
    await releaseLocks(ctx, transfer.from.path);
    await moveDeadProps(ctx, transfer.from.path, transfer.to);
  }
  return done(ctx, transfer, failed);
};
