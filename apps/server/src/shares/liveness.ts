import { AppError } from '@/lib/errors';

/** The columns every share (paste, file) decides its liveness by. */
export interface ShareLiveness {
  expires_at: string | null;
  max_views: number;
  views: number;
}

/** Why a share is no longer delivered. */
export type DeadReason = 'SHARE_EXPIRED' | 'VIEW_LIMIT_REACHED';

/** True once the share's expiry has passed (stored times are UTC ISO, so they compare as text). */
export function isExpired(row: Pick<ShareLiveness, 'expires_at'>, nowIso: string): boolean {
  return row.expires_at !== null && row.expires_at <= nowIso;
}

/**
 * Why a share is no longer delivered, or null if it is live. Expiry wins over the view
 * limit: a share that is both answers SHARE_EXPIRED (SPEC §5).
 */
export function deadReason(row: ShareLiveness, nowIso: string): DeadReason | null {
  if (isExpired(row, nowIso)) {
    return 'SHARE_EXPIRED';
  }
  if (row.max_views > 0 && row.views >= row.max_views) {
    return 'VIEW_LIMIT_REACHED';
  }
  return null;
}

/** 410 SHARE_EXPIRED or VIEW_LIMIT_REACHED for a share that is no longer delivered. */
export function assertLive(row: ShareLiveness, nowIso: string): void {
  const reason = deadReason(row, nowIso);
  if (reason) {
    throw new AppError(reason);
  }
}
