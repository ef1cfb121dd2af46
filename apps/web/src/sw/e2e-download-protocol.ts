/**
 * What the page and the service worker say to each other about an encrypted download
 * (src/sw/e2e-download.ts, src/lib/e2e/decrypting-download.ts): one file, or every member
 * of an encrypted bundle as one ZIP.
 */

/** The path the hidden frame navigates to: the worker answers it with the file. */
export const E2E_DOWNLOAD_PREFIX = '/e2e-download/';

export const E2E_DOWNLOAD_MESSAGE = 'pastebox-e2e-download';

interface DownloadCommon {
  type: typeof E2E_DOWNLOAD_MESSAGE;
  id: string;
  key: Uint8Array;
  password: string | undefined;
  /** The saved file's name: the original's, decrypted, or the bundle's archive. */
  filename: string;
}

/** One encrypted file, saved decrypted. */
export interface FileDownloadRequest extends DownloadCommon {
  kind: 'file';
  /** The ciphertext's link: the visit's downloadUrl, which costs no further view. */
  url: string;
  /** The plaintext's size when known: the saved file's Content-Length. */
  size: number | null;
}

/** A member of an encrypted bundle's ZIP. */
export interface ZipMember {
  /** The ciphertext's link (the visit's downloadUrl). */
  url: string;
  /** The entry's name: the member's decrypted name, made safe and unique. */
  name: string;
  /** The plaintext's size: the archive's layout and length depend on it. */
  size: number;
}

/** Every member of an encrypted bundle, decrypted in turn into one stored ZIP. */
export interface ZipDownloadRequest extends DownloadCommon {
  kind: 'zip';
  members: ZipMember[];
}

/** Page → worker, with a MessagePort for the reports. */
export type DownloadRequest = FileDownloadRequest | ZipDownloadRequest;

/** Worker → page, on the port. `loaded` counts ciphertext bytes fetched. */
export type DownloadReport =
  | { type: 'ready' }
  | { type: 'progress'; loaded: number }
  | { type: 'done'; loaded: number }
  | { type: 'failed'; reason: 'http' | 'damaged' | 'cancelled' };
