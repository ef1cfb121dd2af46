import { BlobSealer } from '@pastebox/contract/e2e/blob';
import { decodeFragmentKey, encodeBase64Url, newFragmentKey } from '@pastebox/contract/e2e/keys';
import { sealFileMeta } from '@pastebox/contract/e2e/metadata';
import { blobSource, SealedFile } from '@pastebox/contract/e2e/sealed-file';
import { LIMITS } from '@pastebox/contract/limits';
import { forgetSealing, keepSealing, keptSealing } from './sealed-resume';
import { sweepStagedParts } from './staged-part';
import type { UploadRequest } from './types';

/**
 * End-to-end encrypted uploads (issue 35, docs/encryption.md). The browser seals the file
 * with a new random key (and the password, when one is set) before a byte leaves it; the
 * server gets ciphertext, a neutral name and the real name and type sealed, and the key
 * travels only in the link's fragment, which browsers never send.
 */

/** What the server stores as the name of every encrypted file: it knows no other. */
export const SEALED_FILENAME = 'encrypted';

/** The request's fields that mark an upload as encrypted (empty for a plain upload). */
export function sealedFields(request: Pick<UploadRequest<unknown>, 'sealed'>) {
  return request.sealed ? { encrypted: true, encrypted_meta: request.sealed.meta } : {};
}

/** An upload request sealed for sending, and the `#k=…` that opens what it sends. */
export interface SealedRequest {
  request: UploadRequest;
  fragment: string;
  /** Forgets the key kept to resume the upload: call once it completed or failed. */
  settle: () => void;
}

/** The key the options name (a bundle's), or null for a new one; throws for a bad one. */
function givenKey(options: UploadRequest['options']): Uint8Array | null {
  if (options.encryptionKey === undefined) {
    return null;
  }
  const key = decodeFragmentKey(options.encryptionKey);
  if (!key) {
    throw new TypeError('The encryption key to upload with is not 32 bytes of base64url');
  }
  return key;
}

/**
 * Seals `request`'s file: up to one part's worth is sealed at once into memory (it goes
 * as one request), a larger file part by part as the multipart upload sends it. A large
 * file's key and header are kept until `settle` (./sealed-resume.ts): the same file chosen
 * again after a reload, with the same password, resumes under them from the parts the
 * server holds. A file sealed under a given key (a bundle's member) neither resumes nor
 * is kept: a kept key would be another one, and the bundle's key is gone with the page.
 */
export async function sealUploadRequest(request: UploadRequest): Promise<SealedRequest> {
  void sweepStagedParts();
  const password = request.options.encryptionPassword ?? '';
  const shared = givenKey(request.options);
  const fingerprint = shared ? null : request.fingerprint;
  const kept = fingerprint ? await keptSealing(fingerprint, password) : null;
  const key = shared ?? kept?.key ?? newFragmentKey();
  const sealer = kept?.sealer ?? (await BlobSealer.create(key, password ? { password } : {}));
  const meta = await sealFileMeta(
    { name: request.filename, type: request.mimetype },
    key,
    password || undefined,
  );
  const sealed = new SealedFile(sealer, blobSource(request.file));
  const oneRequest = sealed.size <= LIMITS.multipartChunkBytes;
  const resumable =
    !oneRequest && fingerprint ? (kept ?? (await keepSealing(fingerprint, key, sealer))) : null;
  return {
    request: {
      ...request,
      file: oneRequest ? new Blob([await sealed.read(0, sealed.size)]) : request.file,
      filename: SEALED_FILENAME,
      mimetype: 'application/octet-stream',
      fingerprint: resumable?.fingerprint ?? null,
      sealed: { meta, ...(oneRequest ? {} : { source: sealed }) },
    },
    fragment: `#k=${encodeBase64Url(key)}`,
    settle: () => {
      if (fingerprint) {
        forgetSealing(fingerprint);
      }
    },
  };
}
