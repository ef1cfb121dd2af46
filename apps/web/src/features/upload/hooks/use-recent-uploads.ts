import { useSyncExternalStore } from 'react';
import {
  readRecentUploads,
  subscribeRecentUploads,
  type RecentUpload,
} from '@/features/upload/lib/recent-uploads';

/** The latest uploads of this browser (SPEC §2: 3), newest first; updates as files land. */
export function useRecentUploads(): RecentUpload[] {
  return useSyncExternalStore(subscribeRecentUploads, readRecentUploads, readRecentUploads);
}
