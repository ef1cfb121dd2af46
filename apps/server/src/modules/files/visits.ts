import type { AppDeps } from '@/context';
import { visitBudget, viewsLeftAtOpening } from '@/shares/visit-budget';
import { issueVisits } from '@/shares/visits';
import type { VisitLinks } from './presenter';

/**
 * The links of a file share's visits (the visit itself lives in the share kernel,
 * `@/shares/visits`): the preview and the download URL, each carrying the visit's token.
 */

export { revokeVisits, sweepExpiredVisits } from '@/shares/visits';

function linksOf(linkBase: string, slug: string, token: string): VisitLinks {
  const query = `${encodeURIComponent(slug)}?token=${token}`;
  return {
    previewUrl: `${linkBase}/api/file-view/${query}`,
    downloadUrl: `${linkBase}/api/file-download/${query}`,
  };
}

/** A share a visit is issued for, as its row has it after the opening's count. */
interface VisitedFile {
  id: string;
  slug: string;
  size: number;
  views: number;
  max_views: number;
}

/**
 * Creates one visit per share in one insert and answers their links by file id, absolute
 * under `linkBase`. `counted`: each visit's view was just counted, so its budget allows no
 * more full reads than the share had views left (an owner's or management's visit counts
 * no view and keeps the unlimited number).
 */
export async function issueFileVisits(
  deps: AppDeps,
  rows: readonly VisitedFile[],
  linkBase: string,
  counted = false,
): Promise<Map<string, VisitLinks>> {
  const targets = rows.map((row) => ({
    table: 'files' as const,
    id: row.id,
    budget: visitBudget(row.size, counted ? viewsLeftAtOpening(row) : null),
  }));
  const tokens = await issueVisits(deps, targets);
  const links = new Map<string, VisitLinks>();
  for (const row of rows) {
    const token = tokens.get(row.id);
    if (token) {
      links.set(row.id, linksOf(linkBase, row.slug, token));
    }
  }
  return links;
}
