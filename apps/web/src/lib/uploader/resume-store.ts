import { safeStorage } from '@/lib/storage-keys';

/** localStorage key holding interrupted multipart uploads by file fingerprint. */
export const RESUME_STORAGE_KEY = 'upload_sessions';

/** The server keeps an idle session a day; older records cannot be resumed. */
const RESUME_MAX_AGE_MS = 24 * 60 * 60 * 1000;

/** What is needed to pick an interrupted multipart upload up again. */
export interface ResumeRecord {
  fileId: string;
  uploadId: string;
  size: number;
  savedAt: number;
}

/** The same file chosen again after a reload: same name, size and modification time. */
export function fileFingerprint(file: { name: string; size: number; lastModified: number }) {
  return `${file.name}:${file.size}:${file.lastModified}`;
}

/**
 * Records kept in localStorage under `storageKey` by file fingerprint for a day (the
 * server keeps an idle session that long): what `isRecord` does not recognise, and what
 * is older, is dropped on the next read.
 */
export function fingerprintStore<R extends { savedAt: number }>(
  storageKey: string,
  isRecord: (value: Partial<R> | null | undefined) => boolean,
) {
  type RecordMap = Record<string, R>;
  const readAll = (now: number): RecordMap => {
    try {
      const parsed = JSON.parse(safeStorage.get(storageKey) ?? '{}') as unknown;
      if (typeof parsed !== 'object' || parsed === null) {
        return {};
      }
      const fresh: RecordMap = {};
      for (const [key, record] of Object.entries(parsed as RecordMap)) {
        if (isRecord(record) && now - record.savedAt < RESUME_MAX_AGE_MS) {
          fresh[key] = record;
        }
      }
      return fresh;
    } catch {
      return {};
    }
  };
  const writeAll = (records: RecordMap): void => {
    if (Object.keys(records).length === 0) {
      safeStorage.remove(storageKey);
    } else {
      safeStorage.set(storageKey, JSON.stringify(records));
    }
  };
  return {
    get(fingerprint: string, now = Date.now()): R | null {
      return readAll(now)[fingerprint] ?? null;
    },
    save(fingerprint: string, record: R): void {
      const records = readAll(record.savedAt);
      records[fingerprint] = record;
      writeAll(records);
    },
    remove(fingerprint: string, now = Date.now()): void {
      const records = readAll(now);
      delete records[fingerprint];
      writeAll(records);
    },
  };
}

/** Interrupted multipart uploads, kept across page reloads. */
export const resumeStore = fingerprintStore<ResumeRecord>(
  RESUME_STORAGE_KEY,
  (record) => typeof record?.fileId === 'string',
);
