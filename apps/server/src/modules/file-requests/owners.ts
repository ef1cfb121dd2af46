import type { AppDeps } from '@/context';
import type { OwnerScope } from '@/db/filters';
import { isoNow } from '@/lib/clock';
import { AppError } from '@/lib/errors';
import { FileRequestsRepo } from './repo';
import type { FileRequestRow, RequestOwner } from './rules';

/**
 * Requests and the fate of their owner (issue 33), as file shares are treated (issue 32):
 * deleting an account deletes its requests or hands them to another account; deleting a
 * member's key hands the key's requests to the member. A request whose owner can no longer
 * act (a disabled or deleted account, a deleted or expired key) takes nothing more: the
 * stranger's uploads run as the owner, and an owner who could not upload itself must not
 * receive files through a stranger.
 */

/** The account that receives requests: who the stranger's uploads then run as. */
export interface RequestHeir {
  accountId: string;
  role: 'admin' | 'member';
  /** The heir's own base path ('/' for an admin): the request never reaches beyond it. */
  basicPath: string;
}

/** The owner columns of a request handed to `heir`. */
function ownerColumnsOf(heir: RequestHeir): RequestOwner & { created_by: string } {
  return {
    owner_kind: heir.role,
    owner_id: heir.accountId,
    owner_account_id: heir.accountId,
    owner_base_path: heir.role === 'admin' ? '/' : heir.basicPath,
    created_by: heir.accountId,
  };
}

/**
 * Hands every request in scope to `heir`, who then owns it and what it receives next (the
 * files it received so far are handed over with the owner's file shares). Answers how many.
 * `deps.db` may be the caller's transaction.
 */
export function handOverFileRequests(
  deps: AppDeps,
  scope: OwnerScope,
  heir: RequestHeir,
): Promise<number> {
  return new FileRequestsRepo(deps.db).setOwnerIn(scope, {
    ...ownerColumnsOf(heir),
    updated_at: isoNow(deps.clock),
  });
}

/**
 * Deletes every request in scope with its records (tokens, reservations, the list of what
 * arrived: the database cascades). What they received is the owner's: its file shares and
 * text answers go with the owner's shares, files put in a mount stay there.
 */
export function removeFileRequestsIn(deps: AppDeps, scope: OwnerScope): Promise<number> {
  return new FileRequestsRepo(deps.db).deleteIn(scope);
}

/** Whether the request's owner can still act (see above). */
export function ownerCanReceive(deps: AppDeps, row: FileRequestRow): Promise<boolean> {
  return new FileRequestsRepo(deps.db).ownerIsLive(row, isoNow(deps.clock));
}

/** 410 REQUEST_CLOSED when the request's owner can no longer act. */
export async function assertOwnerLive(deps: AppDeps, row: FileRequestRow): Promise<void> {
  if (!(await ownerCanReceive(deps, row))) {
    throw new AppError('REQUEST_CLOSED', 'The file request’s owner can no longer receive files');
  }
}
