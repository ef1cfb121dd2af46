import { joinPath } from '@pastebox/contract/rules/virtual-path';
import type { FsUploadTarget } from '@/lib/uploader/fs-upload';

/** A file the user chose or dropped, with its path inside a chosen folder ('' for a lone file). */
export interface PickedFile {
  file: File;
  relativePath: string;
}

/** `a//b/` → `a/b`: the browser's relative paths, as segments joined once. */
function cleanRelative(path: string): string {
  return path
    .split('/')
    .filter((segment) => segment !== '')
    .join('/');
}

/**
 * Where a picked file goes: `folder` itself for a lone file, or the same sub-path below
 * it as in the folder the user chose (`photos/2024/a.jpg`). The server creates the
 * folders on the way.
 */
export function uploadTargetOf(folder: string, picked: PickedFile): FsUploadTarget {
  const label = cleanRelative(picked.relativePath) || picked.file.name;
  return { folder, path: joinPath(folder, label), label };
}

/** What an `<input type="file">` holds: a folder input gives each file its relative path. */
export function pickedFromInput(files: ArrayLike<File> | null): PickedFile[] {
  return Array.from(files ?? [], (file) => ({ file, relativePath: file.webkitRelativePath }));
}
