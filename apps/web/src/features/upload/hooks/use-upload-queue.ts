import { useWindowEvent } from '@mantine/hooks';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { invalidateAfterChange } from '@/lib/query-keys';
import { UploadQueueStore } from '@/lib/uploader/queue-store';
import { uploadFile } from '@/lib/uploader/upload-file';
import type { StorageChoice } from '@/features/upload/api/get-storage-configs';
import { rememberUpload } from '@/features/upload/lib/recent-uploads';

/**
 * The page's upload queue: its state, and the store to act on it. Uploads are cancelled
 * when the page is left; the browser asks before closing a tab mid-upload.
 */
export function useUploadQueue(storageChoices: StorageChoice[] | null) {
  const queryClient = useQueryClient();
  const [store] = useState(() => new UploadQueueStore({ upload: uploadFile }));
  const state = useSyncExternalStore(store.subscribe, store.getState, store.getState);
  const uploading = state.items.some((item) => item.status === 'uploading');

  useEffect(() => {
    const defaultType = storageChoices?.find((choice) => choice.isDefault)?.storageType ?? null;
    store.configure({
      providerTypeOf: (configId) =>
        configId === null
          ? defaultType
          : (storageChoices?.find((choice) => choice.id === configId)?.storageType ?? null),
      onUploaded: (item, share) => {
        // A bundle's file (issue 33) is private: its own link opens for nobody else. An
        // encrypted file's link holds its key, which this browser keeps nowhere (issue 35).
        if (!item.options.private && !share.linkFragment) {
          rememberUpload({
            slug: share.slug,
            filename: share.filename || item.file.name,
            size: share.size,
            uploadedAt: share.created_at || new Date().toISOString(),
          });
        }
        // The managed file lists and the storage usage now miss this file.
        void invalidateAfterChange(queryClient, 'fileObject');
      },
    });
  }, [store, storageChoices, queryClient]);

  useEffect(() => () => store.dispose(), [store]);

  useWindowEvent('beforeunload', (event: BeforeUnloadEvent) => {
    if (uploading) {
      event.preventDefault();
    }
  });

  return { state, store };
}
