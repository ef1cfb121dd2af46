import type { FsEntry } from '@pastebox/contract/schemas/fs';
import { isEditable } from './entry-name';

/** What the explorer offers for one entry. */
export interface EntryAbilities {
  preview: boolean;
  edit: boolean;
  download: boolean;
  /** A folder downloads as a streamed ZIP. */
  downloadZip: boolean;
  share: boolean;
  rename: boolean;
  copy: boolean;
  move: boolean;
  delete: boolean;
}

/**
 * A mount point is the mount itself: it can be opened and copied from, but renaming,
 * moving or deleting it is mount management (the server answers PATH_OUTSIDE_MOUNT). Files can be
 * previewed, downloaded and shared; text files up to 10 MB edited. The API key's rights
 * carry no read-only flag, so a refused write is reported when the server refuses it.
 */
export function abilitiesOf(entry: FsEntry): EntryAbilities {
  const file = !entry.isDirectory;
  const changeable = !entry.isMount;
  return {
    preview: file,
    edit: file && isEditable(entry),
    download: file,
    downloadZip: entry.isDirectory,
    share: file,
    rename: changeable,
    copy: true,
    move: changeable,
    delete: changeable,
  };
}

/** Whether new files and folders can go into a folder: it must have storage behind it. */
export function canWriteInto(listing: { isRoot: boolean; isVirtual: boolean }): boolean {
  return !listing.isRoot && !listing.isVirtual;
}
