import fs from 'node:fs';
import { fileShare, type FileShare } from '@pastebox/contract/schemas/file';
import type { PasteboxApi } from '../api';
import type { FileToSend } from './local-file';
import type { FileShareRequest } from './share-request';

/**
 * POST /api/upload (SPEC §7): one form, every field before the file (the server streams
 * the body and reads the fields first). The file goes as a Blob backed by the file on
 * disk, so it is streamed, never read whole into memory.
 */
export async function formUpload(
  api: PasteboxApi,
  file: FileToSend,
  request: FileShareRequest,
): Promise<FileShare> {
  const form = new FormData();
  const fields: [string, string | number | boolean | null | undefined][] = [
    ['slug', request.slug],
    ['remark', request.remark],
    ['password', request.password],
    ['expires_in', request.expires_in],
    ['max_views', request.max_views],
    ['private', request.private ? true : null],
    ['mimetype', file.mimetype],
    ['size', file.size],
  ];
  for (const [name, value] of fields) {
    if (value !== null && value !== undefined && value !== '') {
      form.append(name, String(value));
    }
  }
  const blob = await fs.openAsBlob(file.path, { type: file.mimetype });
  form.append('file', blob, file.name);
  return api.call('POST', '/upload', fileShare, { body: form });
}
