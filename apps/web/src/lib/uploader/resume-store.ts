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

type ResumeMap = Record<string, ResumeRecord>;

/** The same file chosen again after a reload: same name, size and modification time. */
export function fileFingerprint(file: { name: string; size: number; lastModified: number }) {
  return `${file.name}:${file.size}:${file.lastModified}`;
}

function readAll(now: number): ResumeMap {
  try {
    const parsed = JSON.parse(safeStorage.get(RESUME_STORAGE_KEY) ?? '{}') as unknown;
    if (typeof parsed !== 'object' || parsed === null) {
      return {};
    }
    const fresh: ResumeMap = {};
    for (const [key, record] of Object.entries(parsed as ResumeMap)) {
      if (typeof record?.fileId === 'string' && now - record.savedAt < RESUME_MAX_AGE_MS) {
        fresh[key] = record;
      }
    }
    return fresh;
  } catch {
    return {};
  }
}

function writeAll(records: ResumeMap): void {
  if (Object.keys(records).length === 0) {
    safeStorage.remove(RESUME_STORAGE_KEY);
  } else {
    safeStorage.set(RESUME_STORAGE_KEY, JSON.stringify(records));
  }
}

/** Interrupted multipart uploads, kept across page reloads. */
export const resumeStore = {
  get(fingerprint: string, now = Date.now()): ResumeRecord | null {
    return readAll(now)[fingerprint] ?? null;
  },
  save(fingerprint: string, record: ResumeRecord): void {
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
