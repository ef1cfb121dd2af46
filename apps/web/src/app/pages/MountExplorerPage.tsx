import { ExplorerPage } from '@/features/mount-explorer/components/ExplorerPage';

/** Route `/mount-explorer/*` (SPEC §2): the mount explorer. */
export function MountExplorerPage() {
  return <ExplorerPage />;
}
