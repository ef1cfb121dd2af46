import type { AppDeps } from '@/context';
import { growQuotaHold, type QuotaHold } from '@/modules/quotas/service';
import type { CapacityLedger } from '@/vfs/capacity';

/**
 * The storage ledger of a form upload with the member's quota in front (issue 32): every
 * block the upload reserves on its storage is first held against the quota, so a stream
 * of unknown length stops at the quota as it stops at the capacity — with 413
 * QUOTA_EXCEEDED, leaving no object. The hold itself outlives the write: it is given back
 * only once the share's row counts the bytes (form-upload.ts).
 */
export function quotaGuardedLedger(
  deps: AppDeps,
  ledger: CapacityLedger,
  hold: QuotaHold | null,
): CapacityLedger {
  if (hold === null) {
    return ledger;
  }
  return {
    ...ledger,
    reserve: async (configId, bytes, fileSize) => {
      await growQuotaHold(deps, hold, bytes);
      return ledger.reserve(configId, bytes, fileSize);
    },
    extend: async (reservation, bytes, fileSize) => {
      await growQuotaHold(deps, hold, bytes);
      await ledger.extend(reservation, bytes, fileSize);
    },
  };
}
