import { creatorOf, type AppDeps } from '@/context';
import { lockingFor } from '@/modules/dav-locks/service';
import type { FsUploadCaller } from '@/modules/fs/service';
import { mountSource } from '@/modules/mounts/service';
import { uploadScope } from '@/modules/uploads/service';
import { fileSystemFor } from '@/vfs/file-system';
import type { Caller, FileSystem } from '@/vfs/types';
import { ownerCaller, ownerPrincipal, type FileRequestRow } from './rules';

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

/** The owner as the fs API's uploader: their file system, and their multipart sessions. */
export function ownerUploadCaller(deps: AppDeps, request: FileRequestRow): FsUploadCaller {
  const principal = ownerPrincipal(request);
  return {
    deps,
    fs: ownerFileSystem(deps, ownerCaller(principal), request.created_by),
    createdBy: creatorOf(principal),
    scope: uploadScope(principal),
  };
}
