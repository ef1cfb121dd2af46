import { creatorOf, type Principal } from '@/context';
import type { FileScope } from '@/modules/files/service';

/** Uploads in flight belong to their creator; the admin may finish or cancel any of them. */
export function uploadScope(principal: Principal): FileScope {
  return principal.type === 'admin'
    ? { kind: 'all' }
    : { kind: 'owner', createdBy: creatorOf(principal) };
}

/** True when `createdBy` falls within `scope`. */
export function inScope(scope: FileScope, createdBy: string): boolean {
  return scope.kind === 'all' || scope.createdBy === createdBy;
}
