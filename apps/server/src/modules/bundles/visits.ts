import type { AppDeps } from '@/context';
import { isoNow } from '@/lib/clock';
import { isEncryptedFile, issueFileVisits, type FileRow } from '@/modules/files/service';
import { visitBudget, viewsLeftAtOpening } from '@/shares/visit-budget';
import { issueVisit } from '@/shares/visits';
import { deliverableMembers, totalSize } from './members';
import type { BundleGrant } from './presenter';
import type { BundleRow } from './repo';

/**
 * What one allowed opening of a bundle hands out (DESIGN §5, §13): a visit on each member
 * file (its preview and download links) and a visit on the bundle itself (the ZIP link).
 * No view is counted on the member files: the view was the bundle's. Every visit's budget
 * follows the bundle's views left, as a file's does its own: a bundle with one view left
 * lets its visitor read each file, and the whole ZIP, about twice.
 */

/** The ZIP link of a bundle visit, absolute under `linkBase`. */
function zipUrlOf(linkBase: string, slug: string, token: string): string {
  return `${linkBase}/api/bundle-zip/${encodeURIComponent(slug)}?token=${token}`;
}

/**
 * Issues the visits of one opening of `bundle` (as its row is after the count) and answers
 * the links. `counted`: the opening counted a view (the owner's does not, and keeps the
 * unlimited number of reads).
 */
export async function grantBundleVisit(
  deps: AppDeps,
  bundle: BundleRow,
  linkBase: string,
  counted: boolean,
): Promise<BundleGrant> {
  const files = await deliverableMembers(deps, bundle, isoNow(deps.clock));
  // Each file seen with the bundle's counters: its visit's budget follows the bundle's looks.
  const asBundle = files.map((file) => ({
    id: file.id,
    slug: file.slug,
    size: file.size,
    views: bundle.views,
    max_views: bundle.max_views,
  }));
  const links = await issueFileVisits(deps, asBundle, linkBase, counted);
  return {
    files: files.map((file) => ({ file, ...links.get(file.id) })),
    // The browser zips an encrypted bundle from the members' own links.
    zipUrl: files.some(isEncryptedFile)
      ? null
      : await zipUrlFor(deps, bundle, files, linkBase, counted),
  };
}

/** A visit on the bundle itself, for its ZIP, and the ZIP's link. */
async function zipUrlFor(
  deps: AppDeps,
  bundle: BundleRow,
  files: readonly FileRow[],
  linkBase: string,
  counted: boolean,
): Promise<string> {
  const viewsLeft = counted ? viewsLeftAtOpening(bundle) : null;
  const token = await issueVisit(deps, {
    table: 'bundles',
    id: bundle.id,
    // At least a byte: a visit with no budget is dead, and an empty bundle's ZIP is an answer.
    budget: Math.max(1, visitBudget(totalSize(files), viewsLeft)),
  });
  return zipUrlOf(linkBase, bundle.slug, token);
}
