import { useCallback } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { explorerUrl, folderOfPathname } from '@/features/mount-explorer/lib/explorer-paths';

/** Set on the history entry of a preview opened from the list: closing it goes back. */
interface ExplorerHistoryState {
  previewFromList?: boolean;
}

/**
 * The explorer's place, read from the address (SPEC §2): the folder from the path, the
 * file being previewed from `?preview=`. Everything that changes them navigates, so reload
 * and the back button keep working.
 */
export function useExplorerLocation() {
  const location = useLocation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const folder = folderOfPathname(location.pathname);
  const preview = params.get('preview') || null;
  const state = (location.state ?? {}) as ExplorerHistoryState;
  const openedFromList = state.previewFromList === true;

  const closePreview = useCallback(() => {
    if (openedFromList) {
      // The entry before is this folder without the preview: going back avoids a duplicate.
      void navigate(-1);
      return;
    }
    void navigate(explorerUrl(folder ?? '/'), { replace: true });
  }, [navigate, folder, openedFromList]);

  return { folder, preview, closePreview };
}

/** The state a link into a preview carries, so closing the preview goes back. */
export const PREVIEW_LINK_STATE: ExplorerHistoryState = { previewFromList: true };
