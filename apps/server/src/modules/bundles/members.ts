import type { AppDeps } from '@/context';
import { isExpired } from '@/shares/liveness';
import { findFilesByIds, type FileRow } from '@/modules/files/service';
import { BundlesRepo, type BundleRow } from './repo';

/**
 * A bundle's files, read through the files module's door: the member list names them, the
 * files table holds what they are. A file deleted since is already gone from the list
 * (cascade); one that is not ready or has expired on its own is left out where a stranger
 * would get it (the page, the ZIP).
 */

/** The existing files of each bundle, in the bundle's order, by bundle id. */
export async function membersOf(
  deps: AppDeps,
  bundles: readonly Pick<BundleRow, 'id'>[],
): Promise<Map<string, FileRow[]>> {
  const members = await new BundlesRepo(deps.db).members(bundles.map((bundle) => bundle.id));
  const files = await findFilesByIds(deps, [...new Set(members.map((member) => member.file_id))], {
    kind: 'all',
  });
  const byId = new Map(files.map((file) => [file.id, file]));
  const result = new Map<string, FileRow[]>(bundles.map((bundle) => [bundle.id, []]));
  for (const member of members) {
    const file = byId.get(member.file_id);
    if (file) {
      result.get(member.bundle_id)?.push(file);
    }
  }
  return result;
}

/** Whether a stranger gets this member: uploaded completely and not expired on its own. */
export function isDeliverable(file: FileRow, nowIso: string): boolean {
  return file.status === 'ready' && !isExpired(file, nowIso);
}

/** The files of one bundle a stranger gets, in order. */
export async function deliverableMembers(
  deps: AppDeps,
  bundle: Pick<BundleRow, 'id'>,
  nowIso: string,
): Promise<FileRow[]> {
  const files = (await membersOf(deps, [bundle])).get(bundle.id) ?? [];
  return files.filter((file) => isDeliverable(file, nowIso));
}

/** Bytes of these files together. */
export function totalSize(files: readonly Pick<FileRow, 'size'>[]): number {
  return files.reduce((sum, file) => sum + file.size, 0);
}
