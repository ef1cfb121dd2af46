import { useWindowEvent } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { joinPath } from '@pastebox/contract/rules/virtual-path';
import { useQueryClient } from '@tanstack/react-query';
import {
  useCallback,
  useEffect,
  useMemo,
  useState,
  useSyncExternalStore,
  type ReactNode,
} from 'react';
import { useTranslation } from 'react-i18next';
import { AppError } from '@/lib/api-client';
import { errorMessage } from '@/lib/error-message';
import { useFolder } from '@/lib/fs/list-folder';
import { FsUploadQueueStore, uploadToFs } from '@/lib/uploader/fs-upload';
import { maxUploadSizeQueryOptions } from '@/lib/uploader/max-upload-size';
import { makeFolder } from '@/features/mount-explorer/api/make-folder';
import { canWriteInto } from '@/features/mount-explorer/lib/abilities';
import { ExplorerUploadsContext, type ExplorerUploads } from './hooks/use-explorer-uploads';
import { useThrottledFsRefresh } from './hooks/use-throttled-fs-refresh';
import { uploadTargetOf, type PickedFile } from './lib/picked-files';

export interface ExplorerUploadProviderProps {
  /** The folder on screen: new uploads go there. */
  folderPath: string;
  children: ReactNode;
}

/**
 * Holds the explorer's upload queue. It lives above the folder on screen: uploads keep
 * running, each into the folder it was started in, while the user browses elsewhere.
 * Leaving the explorer cancels them (the browser asks first when a tab is closed).
 */
export function ExplorerUploadProvider({ folderPath, children }: ExplorerUploadProviderProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [store] = useState(
    () =>
      new FsUploadQueueStore({
        upload: async (request) => {
          // The size the server allows, read once and cached; unknown, the server decides.
          const max = await queryClient
            .ensureQueryData(maxUploadSizeQueryOptions)
            .catch(() => null);
          return uploadToFs(request, max);
        },
      }),
  );
  const refresh = useThrottledFsRefresh();
  const folder = useFolder(folderPath);
  const canUpload = folder.data ? canWriteInto(folder.data) : false;
  const uploading = useSyncExternalStore(store.subscribe, () => store.isUploading());

  useEffect(() => {
    store.configure({ onUploaded: refresh });
  }, [store, refresh]);
  useEffect(() => () => store.dispose(), [store]);
  useWindowEvent('beforeunload', (event: BeforeUnloadEvent) => {
    if (uploading) {
      event.preventDefault();
    }
  });

  const upload = useCallback(
    (files: PickedFile[], emptyFolders: string[] = []) => {
      for (const relative of emptyFolders) {
        const path = joinPath(folderPath, relative);
        makeFolder(path).then(refresh, (error: unknown) => {
          // Dropped again onto the same place: the folder is there, which is the point.
          if (!(error instanceof AppError && error.key === 'PATH_EXISTS')) {
            notifications.show({
              color: 'red',
              message: t('explorerUpload.folderFailed', {
                path,
                message: errorMessage(t, error),
              }),
            });
          }
        });
      }
      const ids = store.addEach(
        files.map((picked) => ({ file: picked.file, options: uploadTargetOf(folderPath, picked) })),
      );
      store.start(ids);
    },
    [store, folderPath, refresh, t],
  );

  const value = useMemo<ExplorerUploads>(
    () => ({ store, folderPath, canUpload, upload }),
    [store, folderPath, canUpload, upload],
  );
  return (
    <ExplorerUploadsContext.Provider value={value}>{children}</ExplorerUploadsContext.Provider>
  );
}
