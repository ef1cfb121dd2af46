/**
 * The fs module's door for the others (DESIGN §2): a file request into a mount folder
 * (issue 33) runs its resumable uploads through the fs API's own multipart sessions.
 */

export type { FsUploadCaller } from './uploads/caller';
export type { FsUploadSessionRow } from './uploads/sessions-repo';
export {
  abortDelegatedSession,
  completeDelegatedSession,
  delegatedPartUrls,
  delegatedSessionParts,
  isPathUploading,
  startDelegatedSession,
} from './uploads/delegated';
