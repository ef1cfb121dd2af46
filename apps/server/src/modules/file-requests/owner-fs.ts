import type { AppDeps } from '@/context';
import { lockingFor } from '@/modules/dav-locks/service';
import { mountSource } from '@/modules/mounts/service';
import { fileSystemFor } from '@/vfs/file-system';
import type { Caller, FileSystem } from '@/vfs/types';

/**
 * The file system of a request's owner (the fs API's, built the same way): its base path,
 * the mount table and the WebDAV locks hold for what a stranger sends into a mount folder.
 */
export function ownerFileSystem(deps: AppDeps, caller: Caller, creator: string): FileSystem {
  return fileSystemFor(mountSource(deps), caller, {
    now: () => deps.clock.now(),
    ...lockingFor(deps, creator, null),
  });
}
