import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef } from 'react';
import { invalidateAfterChange } from '@/lib/query-keys';

/** A folder of many small files finishes several a second: refresh at most this often. */
const REFRESH_EVERY_MS = 400;

/**
 * Marks the mount listings stale after uploads, at most every REFRESH_EVERY_MS: the folder
 * on screen shows new files as they land without refetching once per file. Every fs key
 * goes, because a folder upload adds subfolders to listings other than the one on screen.
 */
export function useThrottledFsRefresh(): () => void {
  const queryClient = useQueryClient();
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  // Gone from the page, nothing shows the listings: they load afresh when next shown.
  useEffect(
    () => () => {
      if (timer.current !== null) {
        clearTimeout(timer.current);
      }
    },
    [],
  );

  return useCallback(() => {
    if (timer.current !== null) {
      return;
    }
    timer.current = setTimeout(() => {
      timer.current = null;
      void invalidateAfterChange(queryClient, 'fsEntry');
    }, REFRESH_EVERY_MS);
  }, [queryClient]);
}
