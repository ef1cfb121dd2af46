import type { Readable } from 'node:stream';
import type { AppDeps } from '@/context';
import { isoNow } from '@/lib/clock';
import { AppError } from '@/lib/errors';
import { zipLength, type ZipEntry } from '@/lib/zip';
import { isEncryptedFile, type FileRow } from '@/modules/files/service';
import { getStorage } from '@/modules/storage-configs/service';
import { isExpired } from '@/shares/liveness';
import { meteredBody, releaseVisitBytes, reserveVisitBytes } from '@/shares/visit-bytes';
import { admitVisit } from '@/shares/visits';
import { deliverableMembers, totalSize } from './members';
import { BundlesRepo } from './repo';
import { uniqueEntryNames, withoutUnsafe } from '@pastebox/contract/zip/entry-names';

/**
 * GET /api/bundle-zip/{slug}?token=: every file a stranger gets of the bundle, as one ZIP
 * streamed on the fly (lib/zip). The token names a visit on the bundle (./visits.ts). The
 * whole archive's file bytes are taken from its budget before the first byte goes out, so
 * a visit that cannot serve one more archive answers 410 at once rather than a cut-off
 * file; each member's body is metered, and what a client that leaves early never read —
 * the rest of the member being sent, the members not reached — goes back to the budget.
 */

/** A bundle's ZIP, ready to stream: its name, its entries and what to do if the client leaves. */
export interface BundleZip {
  filename: string;
  entries: ZipEntry[];
  /** The archive's exact length in bytes (Content-Length). */
  length: number;
  /** Gives back the bytes of members not yet opened; call when the client has gone. */
  abandon(): void;
}

/** The budget the members not yet opened still hold, released once if the client leaves. */
class ArchiveMeter {
  private unopened: number;

  constructor(
    private readonly deps: AppDeps,
    private readonly visitId: string,
    total: number,
  ) {
    this.unopened = total;
  }

  /** A member's body, metered against the visit: its unread bytes go back when it ends. */
  async open(file: FileRow): Promise<Readable> {
    this.unopened -= file.size;
    try {
      const { driver } = await getStorage(this.deps, file.s3_config_id);
      const object = await driver.get(file.storage_path);
      return meteredBody(this.deps, this.visitId, file.size, object.body);
    } catch (error) {
      releaseVisitBytes(this.deps, this.visitId, file.size);
      this.deps.logger.warn({ err: error, fileId: file.id }, 'bundle zip: a member could not open');
      throw error;
    }
  }

  abandon(): void {
    releaseVisitBytes(this.deps, this.visitId, this.unopened);
    this.unopened = 0;
  }
}

/** The archive's file name: the bundle's title, else its slug. */
function archiveName(bundle: { title: string | null; slug: string }): string {
  const stem = withoutUnsafe(bundle.title ?? '').trim();
  return `${stem || bundle.slug}.zip`;
}

/**
 * Admits the visit `token` names (410 VISIT_LINK_USED_UP when it ran out or never was;
 * 409 BUNDLE_ENCRYPTED for a bundle of end-to-end encrypted files), reserves the archive's bytes, and answers the entries. The bundle must exist (404) and
 * be unexpired (410): the view was counted when the visit was issued.
 */
export async function planBundleZip(
  deps: AppDeps,
  slug: string,
  token: string,
): Promise<BundleZip> {
  const bundle = await new BundlesRepo(deps.db).findBySlug(slug);
  if (!bundle) {
    throw new AppError('BUNDLE_NOT_FOUND');
  }
  const nowIso = isoNow(deps.clock);
  if (isExpired(bundle, nowIso)) {
    throw new AppError('SHARE_EXPIRED');
  }
  const files = await deliverableMembers(deps, bundle, nowIso);
  if (files.some(isEncryptedFile)) {
    // The server holds no key: the bundle page zips what it decrypts (issue 35).
    throw new AppError('BUNDLE_ENCRYPTED');
  }
  const share = { table: 'bundles', id: bundle.id } as const;
  const visitId = await admitVisit(deps, token, share);
  const names = uniqueEntryNames(files.map((file) => file.filename));
  const length = zipLength(
    files.map((file, index) => ({ name: names[index] ?? '', size: file.size })),
  );
  const total = totalSize(files);
  await reserveVisitBytes(deps, visitId, share, total);
  const meter = new ArchiveMeter(deps, visitId, total);
  const entries = files.map((file, index): ZipEntry => ({
    name: names[index] ?? '',
    size: file.size,
    modifiedAt: new Date(file.updated_at),
    open: () => meter.open(file),
  }));
  return { filename: archiveName(bundle), entries, length, abandon: () => meter.abandon() };
}
