import { creatorOf, type Principal } from '@/context';
import type { FileScope } from '@/modules/files/service';

/** Whose uploads in flight a caller may continue: any (the admin), or its own. */
export type UploadScope = Extract<FileScope, { kind: 'all' | 'owner' }>;

/**
 * Uploads in flight belong to their creator; the admin may finish or cancel any of them.
 * A member's own are those it started (its keys' uploads are the keys' own to finish).
 */
export function uploadScope(principal: Principal): UploadScope {
  return principal.type === 'admin'
    ? { kind: 'all' }
    : { kind: 'owner', createdBy: creatorOf(principal) };
}

/** True when `createdBy` falls within `scope`. */
export function inScope(scope: UploadScope, createdBy: string): boolean {
  return scope.kind === 'all' || scope.createdBy === createdBy;
}
