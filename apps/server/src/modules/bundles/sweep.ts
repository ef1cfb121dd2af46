import type { AppDeps } from '@/context';
import { isoNow } from '@/lib/clock';
import { BundlesRepo } from './repo';

/** Bundles removed in one pass at most; the next pass takes the rest (as files, uploads/sweep.ts). */
const BATCH = 100;

/**
 * The sweeper's pass over bundles: a bundle whose expiry has passed goes at the first
 * sweep after it, as an expired file share does (no grace beyond the sweep's period). Its
 * member list and visits go with it; its files stay, each a share of its own (a private
 * one stays listed for its owner). A bundle used up by its view limit stays, as files do.
 */
export function sweepExpiredBundles(deps: AppDeps): Promise<number> {
  return new BundlesRepo(deps.db).deleteExpired(isoNow(deps.clock), BATCH);
}
