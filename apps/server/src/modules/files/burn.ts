import type { Readable } from 'node:stream';
import type { AppDeps } from '@/context';
import type { FileRow } from './repo';
import { removeFileShare } from './removal';

/**
 * Burn after reading for an encrypted file (issue 35): once its last view is counted, the
 * reader's visit downloads the ciphertext, and when that download has read the whole
 * object the share and its object are deleted, as an encrypted text is the moment it is
 * read. A download that stops half-way burns nothing (the reader may try again within the
 * visit), nor does a range (a resumed download's last piece is not the whole file).
 */
export function burnsOnDownload(row: FileRow): boolean {
  const maxViews = Number(row.max_views);
  return Number(row.encrypted) === 1 && maxViews > 0 && Number(row.views) >= maxViews;
}

/** `body`, which deletes the share once it has been read to its end. */
export function burningBody(deps: AppDeps, row: FileRow, body: Readable): Readable {
  body.once('end', () => {
    removeFileShare(deps, row, { kind: 'all' }).catch((error: unknown) => {
      // The row stays (used up, 410 to everyone); File management can delete it.
      deps.logger.warn({ err: error, fileId: row.id }, 'burning a read encrypted file failed');
    });
  });
  return body;
}
