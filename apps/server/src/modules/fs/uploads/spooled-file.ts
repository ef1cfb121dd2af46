import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { AppDeps } from '@/context';
import { AppError } from '@/lib/errors';
import type { FilePart } from '@/modules/uploads/service';
import { TEMP_FILE_PREFIX } from '@/storage/keys';
import { spoolFolderOf } from '@/storage/temp-files';

/**
 * fs/upload's fields in either order (issue 29). SPEC lists them as file, path,
 * use_multipart, and clients written against it send `file` first; but `path` says where
 * the bytes go. A file part that arrives before its path is streamed to a temp file in
 * DATA_DIR/tmp — never held in memory, the max upload size enforced as it streams — and
 * placed from there once the form is read. The temp file goes in every case: stored,
 * refused, or the client gone (a `kill -9` leaves it to the temp-file sweep).
 */

/** A form's text fields, by name. */
type FormFields = Record<string, string>;

/** Where a file part goes: the store given fields and the bytes to write. */
export type PlaceFile<T> = (fields: FormFields, body: FilePart) => Promise<T>;

/**
 * Stores a file part at once when `path` came before it; otherwise spools it, waits for
 * the rest of the form and stores it from the temp file.
 */
export async function placeInAnyOrder<T>(
  deps: AppDeps,
  fields: FormFields,
  file: FilePart,
  allFields: Promise<FormFields>,
  place: PlaceFile<T>,
): Promise<T> {
  if (fields.path?.trim()) {
    return place(fields, file);
  }
  const temp = await spoolToTempFile(spoolFolderOf(deps.config.DATA_DIR), file, allFields);
  try {
    const fields = await allFields;
    const body = createReadStream(temp);
    // The file opens asynchronously, and place() may await before it reads: an open that
    // fails meanwhile (DATA_DIR/tmp emptied at shutdown) must not be an 'error' nobody
    // listens to — the process would die. The stream is destroyed with it, so a reader
    // still gets the error.
    body.on('error', () => undefined);
    try {
      return await place(fields, body);
    } finally {
      body.destroy();
    }
  } finally {
    await fsp.rm(temp, { force: true });
  }
}

/**
 * Streams the file part into a new temp file and answers its path. Past the max upload
 * size (busboy's `limit`) it stops with FILE_TOO_LARGE; when the form fails meanwhile (the
 * client went away) it stops with that error; either way the temp file is removed.
 */
async function spoolToTempFile(
  folder: string,
  file: FilePart,
  allFields: Promise<FormFields>,
): Promise<string> {
  await fsp.mkdir(folder, { recursive: true });
  const temp = path.join(folder, `${TEMP_FILE_PREFIX}form-${randomBytes(12).toString('hex')}`);
  const out = createWriteStream(temp, { flags: 'wx' });
  // pipeline() reports out's errors while it runs and drops its listeners when it settles;
  // the file opens asynchronously, so an open that fails after a refusal settled it (the
  // folder gone at shutdown) would be an 'error' nobody listens to: the process would die.
  out.on('error', () => undefined);
  file.once('limit', () => out.destroy(new AppError('FILE_TOO_LARGE')));
  allFields.catch((error: unknown) => {
    out.destroy(error instanceof Error ? error : new Error(String(error)));
  });
  try {
    await pipeline(file, out);
    if (file.truncated) {
      throw new AppError('FILE_TOO_LARGE');
    }
    return temp;
  } catch (error) {
    await fsp.rm(temp, { force: true });
    throw error;
  }
}
