import { openBytes, sealBytes } from '@pastebox/contract/e2e/blob';
import { decodeHeader, E2eDecryptError } from '@pastebox/contract/e2e/format';
import {
  decodeBase64Url,
  decodeFragmentKey,
  encodeBase64Url,
  newFragmentKey,
} from '@pastebox/contract/e2e/keys';
import { CliError, EXIT } from './errors';

/**
 * End-to-end encrypted pastes (issue 35) in the format of docs/encryption.md, with Node's
 * Web Crypto: the text is sealed here, the server stores the blob, the key travels only in
 * the link's fragment (`#k=…`), which this client never sends anywhere.
 */

export interface SealedText {
  /** The blob in base64url: the paste's content as the server stores it. */
  content: string;
  /** `#k=…`, to append to the share's link. */
  fragment: string;
}

/** Seals `text` with a new random key, and `password` mixed in when given. */
export async function sealText(text: string, password: string | undefined): Promise<SealedText> {
  const key = newFragmentKey();
  const blob = await sealBytes(new TextEncoder().encode(text), key, password ? { password } : {});
  return { content: encodeBase64Url(blob), fragment: `#k=${encodeBase64Url(key)}` };
}

/** The key of a link's fragment (`#k=…`), or null when the link carries none. */
export function fragmentKeyOf(hash: string): Uint8Array | null {
  const value = new URLSearchParams(hash.replace(/^#/, '')).get('k');
  if (value === null) {
    return null;
  }
  const key = decodeFragmentKey(value);
  if (!key) {
    throw new CliError("The link's key (#k=…) is damaged: copy the whole link again", EXIT.usage);
  }
  return key;
}

const blobOf = (content: string) => decodeBase64Url(content) ?? new Uint8Array(0);

/** Whether the blob was sealed with a password as well as the link's key. */
export function needsPassword(content: string): boolean {
  try {
    return decodeHeader(blobOf(content)).iterations > 0;
  } catch {
    return false;
  }
}

/** Opens a sealed paste; a wrong key or password (or a changed blob) exits 5. */
export async function openText(
  content: string,
  key: Uint8Array,
  password: string | undefined,
): Promise<string> {
  try {
    const plain = await openBytes(blobOf(content), key, password ? { password } : {});
    return new TextDecoder('utf-8', { fatal: true }).decode(plain);
  } catch (error) {
    if (error instanceof E2eDecryptError || error instanceof TypeError) {
      throw new CliError(
        "Cannot decrypt: the link's key or the encryption password is wrong, or the text was changed",
        EXIT.wrongPassword,
      );
    }
    throw error;
  }
}
