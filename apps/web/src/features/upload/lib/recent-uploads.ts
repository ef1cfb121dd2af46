import { LIMITS } from '@pastebox/contract/limits';
import { safeStorage } from '@/lib/storage-keys';

/** localStorage key of the recent-uploads list (SPEC §2: latest 3). */
export const RECENT_UPLOADS_KEY = 'recent_uploads';

export interface RecentUpload {
  slug: string;
  /** A file's name, or a bundle's title (its slug when untitled). */
  filename: string;
  /** Bytes; a bundle's total. */
  size: number;
  uploadedAt: string;
  /** Issue 33: a bundle made on the upload page (its link is /b/{slug}); absent = a file. */
  bundle?: { fileCount: number };
}

/** The page a recent upload's link opens: the file's, or the bundle's. */
export function recentUploadPath(upload: RecentUpload): string {
  const slug = encodeURIComponent(upload.slug);
  return upload.bundle ? `/b/${slug}` : `/file/${slug}`;
}

/** Two entries are one when they open the same page (a file and a bundle may share a slug). */
const samePage = (a: RecentUpload, b: RecentUpload) => recentUploadPath(a) === recentUploadPath(b);

const listeners = new Set<() => void>();
let cache: { raw: string | null; list: RecentUpload[] } = { raw: null, list: [] };

function isRecentUpload(value: unknown): value is RecentUpload {
  const item = value as Partial<RecentUpload> | null;
  return typeof item?.slug === 'string' && typeof item.filename === 'string';
}

function parseList(raw: string | null): RecentUpload[] {
  try {
    const parsed = JSON.parse(raw ?? '[]') as unknown;
    return Array.isArray(parsed) ? parsed.filter(isRecentUpload) : [];
  } catch {
    return [];
  }
}

/** The stored list, newest first; the same array until storage changes (for useSyncExternalStore). */
export function readRecentUploads(): RecentUpload[] {
  const raw = safeStorage.get(RECENT_UPLOADS_KEY);
  if (raw === cache.raw) {
    return cache.list;
  }
  cache = { raw, list: parseList(raw) };
  return cache.list;
}

function write(list: RecentUpload[]): void {
  if (list.length === 0) {
    safeStorage.remove(RECENT_UPLOADS_KEY);
  } else {
    safeStorage.set(RECENT_UPLOADS_KEY, JSON.stringify(list));
  }
  listeners.forEach((listener) => listener());
}

/** Puts an upload first, dropping an older entry for the same page and all beyond 3. */
export function rememberUpload(upload: RecentUpload): void {
  const others = readRecentUploads().filter((item) => !samePage(item, upload));
  write([upload, ...others].slice(0, LIMITS.recentUploads));
}

/** Empties the list (the trash button). */
export function clearRecentUploads(): void {
  write([]);
}

/** Calls `listener` whenever the list changes, in this tab or another one. */
export function subscribeRecentUploads(listener: () => void): () => void {
  const onStorage = (event: StorageEvent) => {
    if (event.key === RECENT_UPLOADS_KEY || event.key === null) {
      listener();
    }
  };
  listeners.add(listener);
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}
