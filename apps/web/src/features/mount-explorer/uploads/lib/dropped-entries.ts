import type { PickedFile } from './picked-files';

/** What a drop held: its files with their relative paths, and its empty folders. */
export interface DroppedContent {
  files: PickedFile[];
  /** Relative paths of folders with nothing in them: no file upload would create them. */
  emptyFolders: string[];
  /** Entries the browser could not read (permissions, vanished files). */
  unreadable: number;
}

/** One dropped thing: a file or folder entry, or a bare file where entries are not offered. */
type DropSource = { entry: FileSystemEntry } | { file: File };

/**
 * Takes what a drop carries. Must run inside the drop event: the browser empties the
 * DataTransfer once the handler returns, so the entries are taken now and read later.
 */
export function takeDropSources(data: DataTransfer): DropSource[] {
  const sources: DropSource[] = [];
  for (const item of Array.from(data.items)) {
    if (item.kind !== 'file') {
      continue;
    }
    // A DataTransfer built by script (or an old browser) has no entries: its File will do.
    const entry = item.webkitGetAsEntry?.() ?? null;
    const file = entry ? null : item.getAsFile();
    if (entry) {
      sources.push({ entry });
    } else if (file) {
      sources.push({ file });
    }
  }
  if (sources.length === 0) {
    return Array.from(data.files, (file) => ({ file }));
  }
  return sources;
}

const relativeOf = (entry: FileSystemEntry) => entry.fullPath.replace(/^\/+/, '');

function fileOf(entry: FileSystemFileEntry): Promise<File> {
  return new Promise((resolve, reject) => entry.file(resolve, reject));
}

/** Every entry of a folder: readEntries answers in batches (100 in Chrome) until empty. */
async function childrenOf(entry: FileSystemDirectoryEntry): Promise<FileSystemEntry[]> {
  const reader = entry.createReader();
  const all: FileSystemEntry[] = [];
  for (;;) {
    const batch = await new Promise<FileSystemEntry[]>((resolve, reject) =>
      reader.readEntries(resolve, reject),
    );
    if (batch.length === 0) {
      return all;
    }
    all.push(...batch);
  }
}

async function walk(entry: FileSystemEntry, out: DroppedContent): Promise<void> {
  try {
    if (entry.isFile) {
      const file = await fileOf(entry as FileSystemFileEntry);
      out.files.push({ file, relativePath: relativeOf(entry) });
      return;
    }
    if (entry.isDirectory) {
      const children = await childrenOf(entry as FileSystemDirectoryEntry);
      if (children.length === 0) {
        out.emptyFolders.push(relativeOf(entry));
      }
      for (const child of children) {
        await walk(child, out);
      }
    }
  } catch {
    out.unreadable += 1;
  }
}

/** Reads the dropped files and folders, folders recursively, keeping relative paths. */
export async function readDropSources(sources: DropSource[]): Promise<DroppedContent> {
  const out: DroppedContent = { files: [], emptyFolders: [], unreadable: 0 };
  for (const source of sources) {
    if ('file' in source) {
      out.files.push({ file: source.file, relativePath: '' });
    } else {
      await walk(source.entry, out);
    }
  }
  return out;
}
