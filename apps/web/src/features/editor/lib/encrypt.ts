import { sealBytes } from '@pastebox/contract/e2e/blob';
import { encodeBase64Url, newFragmentKey } from '@pastebox/contract/e2e/keys';

/** A text sealed for an end-to-end encrypted share, and the link fragment that opens it. */
export interface SealedText {
  /** The blob in base64url: what the server stores, all it ever sees. */
  content: string;
  /** `#k=…`: appended to the share's link; browsers never send it to the server. */
  fragment: string;
}

/** Seals `text` with a new random key (and `password`, when not empty): docs/encryption.md. */
export async function sealText(text: string, password: string): Promise<SealedText> {
  const key = newFragmentKey();
  const blob = await sealBytes(new TextEncoder().encode(text), key, password ? { password } : {});
  return { content: encodeBase64Url(blob), fragment: `#k=${encodeBase64Url(key)}` };
}
