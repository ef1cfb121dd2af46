import { openBytes } from '@pastebox/contract/e2e/blob';
import { decodeBase64Url } from '@pastebox/contract/e2e/keys';
import { useState, type ReactNode } from 'react';
import { E2eGate } from '@/components/e2e/E2eGate';

/**
 * An end-to-end encrypted paste (issue 35, docs/encryption.md): the blob the server
 * answered is decrypted here, behind the gate that takes the link's key and the password.
 */

async function decrypt(blob: Uint8Array, key: Uint8Array, password?: string): Promise<string> {
  const plain = await openBytes(blob, key, password ? { password } : {});
  return new TextDecoder('utf-8', { fatal: true }).decode(plain);
}

export interface EncryptedPasteProps {
  /** The share's content as the server answered it: the blob in base64url. */
  blob: string;
  /** What to show once the text is open. */
  children: (text: string) => ReactNode;
}

export function EncryptedPaste({ blob, children }: EncryptedPasteProps) {
  const [bytes] = useState(() => decodeBase64Url(blob) ?? new Uint8Array(0));
  return (
    <E2eGate
      header={bytes}
      open={(key, password) => decrypt(bytes, key, password)}
      texts="paste.encrypted"
    >
      {children}
    </E2eGate>
  );
}
