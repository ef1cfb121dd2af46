import type { PublicBundle, PublicBundleFile } from '@pastebox/contract/schemas/bundle';
import { uniqueEntryNames, withoutUnsafe } from '@pastebox/contract/zip/entry-names';
import { useEffect, useRef, useState } from 'react';
import {
  downloadDecrypted,
  DownloadFailure,
  type DownloadTarget,
} from '@/lib/e2e/decrypting-download';
import { resolveServerUrl } from '@/lib/uploader/server-url';

/** A member of an encrypted bundle as its reader sees it, beside the ciphertext's size. */
export interface OpenedMember {
  /** The member with its decrypted name and type and its plaintext's size. */
  shown: PublicBundleFile;
  /** Bytes of its ciphertext: what a download fetches (its progress). */
  sealedSize: number;
}

export interface OpenedBundle {
  members: OpenedMember[];
  key: Uint8Array;
  password: string | undefined;
}

export type BundleSaving =
  | { state: 'idle' }
  | { state: 'saving'; name: string; loaded: number; total: number }
  | { state: 'saved'; name: string }
  | { state: 'failed'; reason: 'http' | 'damaged' };

/** The archive's file name, as the server names a plain bundle's: its title, else its slug. */
export function archiveName(bundle: Pick<PublicBundle, 'title' | 'slug'>): string {
  const stem = withoutUnsafe(bundle.title ?? '').trim();
  return `${stem || bundle.slug}.zip`;
}

/**
 * The decrypting downloads of an opened encrypted bundle (issue 35): one member, or all of
 * them as one ZIP the service worker writes (docs/encryption.md), one at a time, with the
 * progress and how the last one ended.
 */
export function useDecryptingDownloads(bundle: PublicBundle, opened: OpenedBundle) {
  const [saving, setSaving] = useState<BundleSaving>({ state: 'idle' });
  const abort = useRef<AbortController | null>(null);
  useEffect(() => () => abort.current?.abort(), []);

  const run = (name: string, total: number, target: DownloadTarget) => {
    const controller = new AbortController();
    abort.current = controller;
    setSaving({ state: 'saving', name, loaded: 0, total });
    downloadDecrypted({
      ...target,
      key: opened.key,
      password: opened.password,
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

  const startOne = (file: PublicBundleFile) => {
    const member = opened.members.find((candidate) => candidate.shown === file);
    if (!member || !file.downloadUrl) {
      return;
    }
    run(file.filename, member.sealedSize, {
      kind: 'file',
      url: resolveServerUrl(file.downloadUrl),
      filename: file.filename,
      size: file.size,
    });
  };

  const startAll = () => {
    const members = opened.members.filter((member) => member.shown.downloadUrl);
    const names = uniqueEntryNames(members.map((member) => member.shown.filename));
    const filename = archiveName(bundle);
    run(
      filename,
      members.reduce((sum, member) => sum + member.sealedSize, 0),
      {
        kind: 'zip',
        filename,
        members: members.map((member, index) => ({
          url: resolveServerUrl(member.shown.downloadUrl ?? ''),
          name: names[index] ?? `file-${index + 1}`,
          size: member.shown.size,
        })),
      },
    );
  };

  return {
    saving,
    startOne,
    startAll,
    stop: () => abort.current?.abort(),
    busy: saving.state === 'saving',
  };
}
