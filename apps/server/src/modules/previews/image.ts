import type { AppDeps } from '@/context';
import { isoNow } from '@/lib/clock';
import { AppError } from '@/lib/errors';
import { findFileCard } from '@/modules/files/service';
import { getStorage } from '@/modules/storage-configs/service';
import { linkPreviewSnippetsOn } from '@/modules/system-settings/service';
import { ObjectNotFoundError, type ObjectStream } from '@/storage/driver';
import { isOpenShare, isPreviewImage } from './cards';

/** The bytes of a preview image and the type they are served as. */
export interface PreviewImage {
  object: ObjectStream;
  mimetype: string;
}

/**
 * The image of an open image share for a link preview's og:image (issue 36): counted as no
 * view, as the page it illustrates is not one. Anything else — no such share, a password,
 * a view limit, encryption, expiry, not a small raster image, snippets turned off — is the
 * same 404, which says nothing about the share.
 */
export async function previewImage(deps: AppDeps, slug: string): Promise<PreviewImage> {
  const row = await findFileCard(deps, slug);
  if (
    !row ||
    !isOpenShare(row, isoNow(deps.clock)) ||
    !isPreviewImage(row) ||
    !(await linkPreviewSnippetsOn(deps))
  ) {
    throw new AppError('NOT_FOUND');
  }
  const { driver } = await getStorage(deps, row.s3_config_id);
  try {
    return { object: await driver.get(row.storage_path), mimetype: row.mimetype.toLowerCase() };
  } catch (error) {
    if (error instanceof ObjectNotFoundError) {
      throw new AppError('NOT_FOUND');
    }
    throw error;
  }
}
