import type { FileShare } from '@pastebox/contract/schemas/file';

/** The share options a file is uploaded with (SPEC §3), as the upload form holds them. */
export interface UploadOptions {
  /** Custom link suffix; random when empty. */
  slug: string;
  remark: string;
  /** Access password; none when empty. */
  password: string;
  /** Hours until the share expires (1, 24, 168, 720); 0 = never. */
  expiresIn: number;
  /** 0 = unlimited (SPEC §5). */
  maxViews: number;
  /** Storage config; null lets the server use the default. */
  storageConfigId: string | null;
  /** Issue 33: a share only its owner opens by its link (e.g. a bundle's member file). */
  private?: boolean;
  /** Issue 35: sealed in the browser; the server gets ciphertext and a sealed name. */
  encrypt?: boolean;
  /** Mixed into the encryption key when not empty: the link alone then opens nothing. */
  encryptionPassword?: string;
  /**
   * The fragment key (base64url) to seal with instead of a new one: a bundle's files all
   * share the bundle's key, so its one link opens each of them. Such an upload does not
   * resume after a reload (the key lived in the page that was left).
   */
  encryptionKey?: string;
}

/** Bytes made on demand, such as an encrypted file's ciphertext sealed range by range. */
export interface ByteSource {
  readonly size: number;
  read(start: number, end: number): Promise<Uint8Array<ArrayBuffer>>;
}

/** What an end-to-end encrypted upload (issue 35) sends besides its ciphertext. */
export interface SealedUpload {
  /** The original name and type, sealed: the server stores it as `encrypted_meta`. */
  meta: string;
  /** The ciphertext of a file too large for one request, sealed as its parts are sent. */
  source?: ByteSource;
}

/** SPEC §4 upload stages, in the order an upload passes through them. */
export const UPLOAD_STAGES = [
  'starting',
  'initializing',
  'uploading',
  'processing',
  'completing',
  'completed',
] as const;
export type UploadStage = (typeof UPLOAD_STAGES)[number];

/** Where an upload stands: its stage and how many bytes of `total` have been sent. */
export interface UploadProgress {
  stage: UploadStage;
  loaded: number;
  total: number;
}

/**
 * One file to upload, with what the uploader needs to know about where it goes: `O` is a
 * share's options, or for an upload into a mount the file's place there.
 */
export interface UploadRequest<O = UploadOptions> {
  file: Blob;
  filename: string;
  /** Empty: the server stores application/octet-stream. */
  mimetype: string;
  options: O;
  /**
   * The storage driver of the chosen config (e.g. `local`, `aws`) when known. Small files
   * go through the server for `local` or unknown drivers, presigned for S3.
   */
  providerType: string | null;
  /** Identifies the same file after a page reload, so a multipart upload can resume. */
  fingerprint: string | null;
  signal: AbortSignal;
  onProgress: (progress: UploadProgress) => void;
  /** An encrypted upload: `file` is then the ciphertext, unless `sealed.source` holds it. */
  sealed?: SealedUpload;
}

/** The share an upload made, with the link's `#k=…` when it was encrypted (never sent). */
export type UploadedShare = FileShare & { linkFragment?: string };
