import { BlobSealer } from '@pastebox/contract/e2e/blob';
import { decodeHeader } from '@pastebox/contract/e2e/format';
import { decodeBase64Url, decodeFragmentKey, encodeBase64Url } from '@pastebox/contract/e2e/keys';
import { fingerprintStore } from './resume-store';

/**
 * Resuming an encrypted upload after a reload (issue 35). The parts the server holds are
 * ciphertext under one key and header; picking the upload up means sealing the missing
 * parts under the same ones. So while a multipart upload of an encrypted file is in
 * flight, this browser keeps its key and header in localStorage (the file itself is on
 * this device anyway), and forgets them once the upload completes, fails or is cancelled.
 * The password is not kept: the reader of the resumed upload types it again, and a check
 * tag tells whether it is the same one; if not, the upload starts afresh under a new key.
 */

/** localStorage key of the keys of encrypted uploads in flight, by file fingerprint. */
export const SEALED_RESUME_KEY = 'sealed_upload_keys';

interface SealedResumeRecord {
  /** The fragment key and the header, base64url. */
  key: string;
  header: string;
  /** `keyCheck` of the sealer: the same password gives the same tag. */
  check: string;
  savedAt: number;
}

const store = fingerprintStore<SealedResumeRecord>(
  SEALED_RESUME_KEY,
  (record) => typeof record?.key === 'string' && typeof record.header === 'string',
);

/**
 * A tag that only the same key (fragment key and password) gives: the seal of nothing as
 * a last segment numbered 2^32 − 1. No file has that segment (it would end 256 TiB into
 * it), so this nonce never seals anything else under the key.
 */
async function keyCheck(sealer: BlobSealer): Promise<string> {
  return encodeBase64Url(await sealer.sealSegment(0xffffffff, new Uint8Array(0), true));
}

/** A sealer and its fragment key, kept or new. */
export interface UploadSealing {
  key: Uint8Array;
  sealer: BlobSealer;
  /** The fingerprint the multipart upload resumes by: the file's and the header's. */
  fingerprint: string;
}

function sealedFingerprint(fingerprint: string, sealer: BlobSealer): string {
  return `${fingerprint}:sealed:${encodeBase64Url(sealer.headerBytes)}`;
}

/** The key and header kept for the file of `fingerprint`, if the password still fits. */
export async function keptSealing(
  fingerprint: string,
  password: string,
): Promise<UploadSealing | null> {
  const record = store.get(fingerprint);
  if (!record) {
    return null;
  }
  try {
    const key = decodeFragmentKey(record.key);
    const header = decodeBase64Url(record.header);
    if (key && header) {
      const sealer = await BlobSealer.withHeader(
        key,
        decodeHeader(header),
        password ? { password } : {},
      );
      if ((await keyCheck(sealer)) === record.check) {
        return { key, sealer, fingerprint: sealedFingerprint(fingerprint, sealer) };
      }
    }
  } catch {
    // A damaged record: start afresh.
  }
  store.remove(fingerprint);
  return null;
}

/** Keeps a new sealing for the file of `fingerprint` until `forgetSealing`. */
export async function keepSealing(
  fingerprint: string,
  key: Uint8Array,
  sealer: BlobSealer,
): Promise<UploadSealing> {
  store.save(fingerprint, {
    key: encodeBase64Url(key),
    header: encodeBase64Url(sealer.headerBytes),
    check: await keyCheck(sealer),
    savedAt: Date.now(),
  });
  return { key, sealer, fingerprint: sealedFingerprint(fingerprint, sealer) };
}

export function forgetSealing(fingerprint: string): void {
  store.remove(fingerprint);
}
