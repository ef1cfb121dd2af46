import { useEffect, useRef, useState } from 'react';
import { downloadDecrypted, DownloadFailure, type DownloadTarget } from './decrypting-download';

/** Where a decrypting download stands: what the page shows under its buttons. */
export type DecryptingSaving =
  | { state: 'idle' }
  | { state: 'saving'; name: string; loaded: number; total: number }
  | { state: 'saved'; name: string }
  | { state: 'failed'; reason: 'http' | 'damaged' };

/** What opens the ciphertext: the link's key and the password, when the share has one. */
export interface OpeningSecrets {
  key: Uint8Array;
  password: string | undefined;
}

/**
 * One decrypting download at a time (issue 35) — an encrypted file, a bundle's member or a
 * bundle's ZIP — with its progress against the ciphertext's bytes and how it ended.
 * Stopping it is no failure (back to idle); leaving the page stops it.
 */
export function useDecryptingDownload({ key, password }: OpeningSecrets) {
  const [saving, setSaving] = useState<DecryptingSaving>({ state: 'idle' });
  const abort = useRef<AbortController | null>(null);
  useEffect(() => () => abort.current?.abort(), []);

  /** Saves `target` as `name`; `total` is its ciphertext's bytes, for the progress. */
  const start = (name: string, total: number, target: DownloadTarget) => {
    const controller = new AbortController();
    abort.current = controller;
    setSaving({ state: 'saving', name, loaded: 0, total });
    downloadDecrypted({
      ...target,
      key,
      password,
      onProgress: (loaded) => setSaving({ state: 'saving', name, loaded, total }),
      signal: controller.signal,
    }).then(
      () => setSaving({ state: 'saved', name }),
      (error: unknown) => {
        const reason = error instanceof DownloadFailure ? error.reason : 'http';
        setSaving(reason === 'cancelled' ? { state: 'idle' } : { state: 'failed', reason });
      },
    );
  };

  return {
    saving,
    start,
    stop: () => abort.current?.abort(),
    busy: saving.state === 'saving',
  };
}
