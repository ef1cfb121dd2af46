import { createContext, useContext, useSyncExternalStore } from 'react';
import type { FsUploadQueueStore } from '@/lib/uploader/fs-upload';
import type { PickedFile } from '../lib/picked-files';

/** What the explorer's upload parts share: the queue, and where new uploads go. */
export interface ExplorerUploads {
  store: FsUploadQueueStore;
  /** The folder on screen: new uploads go there. */
  folderPath: string;
  /** The folder has storage behind it (not the mount list). */
  canUpload: boolean;
  /** Queues files (and creates empty folders) under the folder on screen. */
  upload: (files: PickedFile[], emptyFolders?: string[]) => void;
}

export const ExplorerUploadsContext = createContext<ExplorerUploads | null>(null);

export function useExplorerUploads(): ExplorerUploads {
  const value = useContext(ExplorerUploadsContext);
  if (!value) {
    throw new Error('The explorer upload parts need an ExplorerUploadProvider above them');
  }
  return value;
}

/** The queue's state, redrawn as it changes. */
export function useUploadQueueState(store: FsUploadQueueStore) {
  return useSyncExternalStore(store.subscribe, store.getState, store.getState);
}
