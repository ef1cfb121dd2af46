/**
 * The uploads module's door for the others (DESIGN §2): URL uploads reuse the presigned
 * and multipart flows, the sweeper runs the uploads' housekeeping, and uploads into a
 * mount (modules/fs) reuse the form reader, the limits and the multipart part rules.
 */

export {
  abortMultipart,
  completeMultipart,
  initMultipart,
  partUrls,
  storedParts,
} from './multipart';
export { receiveFormUpload, type FormUploadHooks } from './form-upload';
export { storeStreamAsShare, type StreamedFile } from './stream-upload';
export { inScope, uploadScope } from './ownership';
export { commitUpload, presignUpload } from './presign';
export { discardPendingUpload } from './pending-cleanup';
export { sweepFiles, type FileSweepResult } from './sweep';
export {
  guardedFileBody,
  readFileForm,
  storeFailure,
  type FileFormHandler,
  type FilePart,
} from './form-stream';
export { assertQuota, assertWithinMaxSize, capacityOf, maxUploadBytes } from './limits';
export { checkParts, partCountFor, partSizeFor, presentParts } from './multipart-parts';
export { SESSION_IDLE_MS } from './multipart-session';
export { nodeRequestOf, rawBodyOf, requestBodyStream } from './node-request';
