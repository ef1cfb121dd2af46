import { openBytes, sealBytes } from './blob';
import { E2eDecryptError } from './format';
import { decodeBase64Url, encodeBase64Url } from './keys';

/** What an encrypted file hides besides its bytes: its original name and type. */
export interface FileMeta {
  name: string;
  type: string;
}

/**
 * An encrypted file's name and type, sealed with the `metadata` key (docs/encryption.md)
 * into a base64url blob: the server stores it as `encrypted_meta` beside a neutral name.
 */
export async function sealFileMeta(
  meta: FileMeta,
  fragmentKey: Uint8Array,
  password?: string,
): Promise<string> {
  const plain = new TextEncoder().encode(JSON.stringify({ name: meta.name, type: meta.type }));
  return encodeBase64Url(
    await sealBytes(plain, fragmentKey, { purpose: 'metadata', ...(password ? { password } : {}) }),
  );
}

/** The name and type of `sealed`; throws E2eDecryptError for a wrong key or a damaged blob. */
export async function openFileMeta(
  sealed: string,
  fragmentKey: Uint8Array,
  password?: string,
): Promise<FileMeta> {
  const bytes = decodeBase64Url(sealed);
  if (!bytes) {
    throw new E2eDecryptError('not-encrypted', 'The file name is not an encrypted blob');
  }
  const plain = await openBytes(bytes, fragmentKey, {
    purpose: 'metadata',
    ...(password ? { password } : {}),
  });
  const parsed: unknown = JSON.parse(new TextDecoder().decode(plain));
  if (
    typeof parsed !== 'object' ||
    parsed === null ||
    !('name' in parsed) ||
    !('type' in parsed) ||
    typeof parsed.name !== 'string' ||
    typeof parsed.type !== 'string'
  ) {
    throw new E2eDecryptError('unsupported', 'The file name blob holds no name and type');
  }
  return { name: parsed.name, type: parsed.type };
}
