/**
 * Keys of end-to-end encrypted shares (docs/encryption.md). The link's fragment carries
 * 32 random bytes; a password, when set, is stretched with PBKDF2-SHA-256 and mixed in, so
 * the link alone opens nothing. HKDF-SHA-256 turns that into one AES-256-GCM key per purpose.
 * Web Crypto only: the same code runs in the browser and in Node (globalThis.crypto).
 */

export const FRAGMENT_KEY_BYTES = 32;

/** What a key is for: the share's bytes, or its encrypted name and type. */
export type KeyPurpose = 'content' | 'metadata';

const INFO: Record<KeyPurpose, string> = {
  content: 'pastebox e2e v1 content',
  metadata: 'pastebox e2e v1 metadata',
};

const subtle = () => globalThis.crypto.subtle;

/** Web Crypto's key type, as the platform names it (DOM in the browser, Node's webcrypto). */
export type E2eKey = Awaited<ReturnType<typeof globalThis.crypto.subtle.deriveKey>>;

/** `bytes` over a plain ArrayBuffer, as Web Crypto's DOM types ask (copied only if shared). */
export function webBytes(bytes: Uint8Array): Uint8Array<ArrayBuffer> {
  return bytes.buffer instanceof ArrayBuffer
    ? (bytes as Uint8Array<ArrayBuffer>)
    : new Uint8Array(bytes);
}

export function randomBytes(length: number): Uint8Array {
  return globalThis.crypto.getRandomValues(new Uint8Array(length));
}

export function newFragmentKey(): Uint8Array {
  return randomBytes(FRAGMENT_KEY_BYTES);
}

/** Base64url without padding: the fragment's `k=` value. */
export function encodeBase64Url(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) {
    binary += String.fromCharCode(byte);
  }
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** The bytes of a base64url text, or null when it is not one. */
export function decodeBase64Url(text: string): Uint8Array | null {
  if (!/^[A-Za-z0-9_-]*$/.test(text) || text.length % 4 === 1) {
    return null;
  }
  const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
  return Uint8Array.from(binary, (char) => char.charCodeAt(0));
}

/** The fragment key of a `k=` value, or null when it is not 32 bytes of base64url. */
export function decodeFragmentKey(text: string): Uint8Array | null {
  const bytes = decodeBase64Url(text);
  return bytes?.length === FRAGMENT_KEY_BYTES ? bytes : null;
}

/** PBKDF2-SHA-256 of the password (Unicode NFC, UTF-8): 32 bytes to mix into the key. */
export async function stretchPassword(
  password: string,
  salt: Uint8Array,
  iterations: number,
): Promise<Uint8Array> {
  const material = await subtle().importKey(
    'raw',
    new TextEncoder().encode(password.normalize('NFC')),
    'PBKDF2',
    false,
    ['deriveBits'],
  );
  const bits = await subtle().deriveBits(
    { name: 'PBKDF2', hash: 'SHA-256', salt: webBytes(salt), iterations },
    material,
    256,
  );
  return new Uint8Array(bits);
}

/**
 * The AES-256-GCM key for `purpose`: HKDF-SHA-256 over the fragment key (followed by the
 * stretched password, when there is one), salted with the blob's salt.
 */
export async function deriveKey(
  fragmentKey: Uint8Array,
  stretchedPassword: Uint8Array | null,
  salt: Uint8Array,
  purpose: KeyPurpose,
): Promise<E2eKey> {
  const ikm = new Uint8Array(fragmentKey.length + (stretchedPassword?.length ?? 0));
  ikm.set(fragmentKey, 0);
  if (stretchedPassword) {
    ikm.set(stretchedPassword, fragmentKey.length);
  }
  const material = await subtle().importKey('raw', webBytes(ikm), 'HKDF', false, ['deriveKey']);
  return subtle().deriveKey(
    {
      name: 'HKDF',
      hash: 'SHA-256',
      salt: webBytes(salt),
      info: new TextEncoder().encode(INFO[purpose]),
    },
    material,
    { name: 'AES-GCM', length: 256 },
    false,
    ['encrypt', 'decrypt'],
  );
}
