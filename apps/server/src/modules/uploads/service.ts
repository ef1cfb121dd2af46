/**
 * The uploads module's door for the others (DESIGN §2): URL uploads reuse the presigned
 * and multipart flows, the sweeper runs the uploads' housekeeping.
 */

export { abortMultipart, completeMultipart, initMultipart, partUrls } from './multipart';
export { uploadScope } from './ownership';
export { commitUpload, presignUpload } from './presign';
export { discardObject } from './share-record';
export { sweepFiles, type FileSweepResult } from './sweep';
