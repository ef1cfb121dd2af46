import type { AppDeps } from '@/context';
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

/**
 * Creates one visit per share in one insert and answers their links by file id, absolute
 * under `linkBase`.
 */
export async function issueFileVisits(
  deps: AppDeps,
  rows: readonly { id: string; slug: string; size: number }[],
  linkBase: string,
): Promise<Map<string, VisitLinks>> {
  const targets = rows.map((row) => ({ table: 'files' as const, id: row.id, size: row.size }));
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
