import type { AppDeps, Principal } from '@/context';
import { isoNow } from '@/lib/clock';
import { AppError } from '@/lib/errors';
import { QuotaRepo } from './repo';

/**
 * A member's storage quota (issue 32): the bytes of its file shares — those it and its API
 * keys made — never pass it. An upload holds its bytes here before they are stored, and
 * gives them back once its files row counts them (or it failed).
 */

/** Bytes an upload in flight holds against one member's quota; `bytes` grows as it streams. */
export interface QuotaHold {
  readonly accountId: string;
  bytes: number;
}

/** A hold stuck this long belongs to an upload whose process died: the sweeper clears it. */
const STALE_HOLD_MS = 24 * 60 * 60 * 1000;

/** The member whose quota a caller's uploads count against, or null (admins, their keys). */
async function quotaAccountOf(deps: AppDeps, principal: Principal): Promise<string | null> {
  const accountId =
    principal.type === 'member' || principal.type === 'apikey' ? principal.accountId : null;
  if (accountId === null) {
    return null;
  }
  const account = await new QuotaRepo(deps.db).accountQuota(accountId);
  return account?.role === 'member' && Number(account.quota_bytes) > 0 ? accountId : null;
}

function quotaExceeded(): AppError {
  return new AppError('QUOTA_EXCEEDED');
}

/**
 * Holds `bytes` for an upload by `principal`; null when no quota applies. Refuses with 413
 * QUOTA_EXCEEDED when the member's stored and held bytes plus these would pass its quota.
 */
export async function holdQuota(
  deps: AppDeps,
  principal: Principal,
  bytes: number,
): Promise<QuotaHold | null> {
  const accountId = await quotaAccountOf(deps, principal);
  if (accountId === null) {
    return null;
  }
  const hold: QuotaHold = { accountId, bytes: 0 };
  await growQuotaHold(deps, hold, bytes);
  return hold;
}

/** Holds `bytes` more for an upload that streams past what it held. */
export async function growQuotaHold(deps: AppDeps, hold: QuotaHold, bytes: number): Promise<void> {
  const amount = Math.max(0, Math.ceil(bytes));
  if (amount === 0) {
    return;
  }
  const repo = new QuotaRepo(deps.db);
  const now = isoNow(deps.clock);
  if (!(await repo.hold(hold.accountId, amount, now))) {
    // The member's first upload makes its row; then one more try.
    await repo.ensureRow(hold.accountId, now);
    if (!(await repo.hold(hold.accountId, amount, now))) {
      throw quotaExceeded();
    }
  }
  hold.bytes += amount;
}

/** Gives a hold back; never throws (a lost release is cleared by the sweeper). */
export async function releaseQuotaHold(deps: AppDeps, hold: QuotaHold | null): Promise<void> {
  if (hold === null || hold.bytes === 0) {
    return;
  }
  try {
    await new QuotaRepo(deps.db).release(hold.accountId, hold.bytes, isoNow(deps.clock));
    hold.bytes = 0;
  } catch (error) {
    deps.logger.warn({ err: error, accountId: hold.accountId }, 'a quota hold was not released');
  }
}

/** Runs `work` with `bytes` held against the caller's quota, given back when it settles. */
export async function withQuotaHold<T>(
  deps: AppDeps,
  principal: Principal,
  bytes: number,
  work: () => Promise<T>,
): Promise<T> {
  const hold = await holdQuota(deps, principal, bytes);
  try {
    return await work();
  } finally {
    await releaseQuotaHold(deps, hold);
  }
}

/** Sweeper: holds untouched for a day belong to uploads that died with their process. */
export async function sweepStaleQuotaHolds(deps: AppDeps): Promise<void> {
  const before = new Date(deps.clock.now().getTime() - STALE_HOLD_MS).toISOString();
  await new QuotaRepo(deps.db).clearStale(before);
}
