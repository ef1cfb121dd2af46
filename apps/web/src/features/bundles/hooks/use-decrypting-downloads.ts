import type { PublicBundle, PublicBundleFile } from '@pastebox/contract/schemas/bundle';
import { uniqueEntryNames, withoutUnsafe } from '@pastebox/contract/zip/entry-names';
import { useDecryptingDownload, type OpeningSecrets } from '@/lib/e2e/use-decrypting-download';
import { resolveServerUrl } from '@/lib/uploader/server-url';

/** A member of an encrypted bundle as its reader sees it, beside the ciphertext's size. */
export interface OpenedMember {
  /** The member with its decrypted name and type and its plaintext's size. */
  shown: PublicBundleFile;
  /** Bytes of its ciphertext: what a download fetches (its progress). */
  sealedSize: number;
}

export interface OpenedBundle extends OpeningSecrets {
  members: OpenedMember[];
}

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
  const download = useDecryptingDownload(opened);

  const startOne = (file: PublicBundleFile) => {
    const member = opened.members.find((candidate) => candidate.shown === file);
    if (!member || !file.downloadUrl) {
      return;
    }
    download.start(file.filename, member.sealedSize, {
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
    download.start(
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

  return { ...download, startOne, startAll };
}
