/**
 * A part made in the page (an encrypted file's ciphertext, issue 35) staged on disk before
 * it is sent. A Blob made from bytes in memory keeps its data in the browser's own process
 * for as long as the page lives: measured in Chromium, a 1 GiB encrypted upload left
 * 1.25 GB there, released only when the tab closed, and no garbage collection freed it. A
 * file of the origin's private file system (OPFS) is sent from disk like a chosen file,
 * and removed once sent: memory stays flat whatever the size. Where the browser has no
 * such file system, the part goes from memory.
 */

/** The folder of staged parts in the origin's private file system. */
const FOLDER = 'pastebox-upload-parts';
/** Staged parts older than this belong to an upload that died with its page. */
const STALE_MS = 60 * 60 * 1000;

export interface StagedPart {
  body: Blob;
  /** Removes the staged file (best effort: a stale one is swept by the next upload). */
  discard: () => Promise<void>;
}

async function partsFolder(): Promise<FileSystemDirectoryHandle | null> {
  try {
    const root = await navigator.storage.getDirectory();
    return await root.getDirectoryHandle(FOLDER, { create: true });
  } catch {
    return null; // no OPFS here (an old browser, a private window that refuses it)
  }
}

/** `bytes` as a disk-backed file when the browser allows it, else as a Blob in memory. */
export async function stagePart(bytes: Uint8Array<ArrayBuffer>): Promise<StagedPart> {
  const folder = await partsFolder();
  if (folder) {
    const name = `${crypto.randomUUID()}.part`;
    try {
      const handle = await folder.getFileHandle(name, { create: true });
      const writable = await handle.createWritable();
      await writable.write(bytes);
      await writable.close();
      return {
        body: await handle.getFile(),
        discard: () => folder.removeEntry(name).catch(() => undefined),
      };
    } catch {
      await folder.removeEntry(name).catch(() => undefined);
    }
  }
  return { body: new Blob([bytes]), discard: () => Promise.resolve() };
}

/** Removes the staged parts of uploads that ended with their page (crash, reload). */
export async function sweepStagedParts(now = Date.now()): Promise<void> {
  const folder = await partsFolder();
  if (!folder) {
    return;
  }
  // The DOM's types lack the folder's async iteration, which every OPFS browser has.
  const entries = (
    folder as unknown as { entries(): AsyncIterable<[string, FileSystemHandle]> }
  ).entries();
  for await (const [name, handle] of entries) {
    if (!(handle instanceof FileSystemFileHandle)) {
      continue;
    }
    const file = await handle.getFile().catch(() => null);
    if (!file || now - file.lastModified > STALE_MS) {
      await folder.removeEntry(name).catch(() => undefined);
    }
  }
}
