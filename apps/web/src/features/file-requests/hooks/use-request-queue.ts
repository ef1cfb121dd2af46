import type { RequestReceipt } from '@pastebox/contract/schemas/file-request';
import { useWindowEvent } from '@mantine/hooks';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { RequestQueueStore, uploadToRequest } from '@/features/file-requests/lib/request-upload';

/**
 * The request page's upload queue and the receipts of what arrived. Uploads are cancelled
 * when the page is left; the browser asks before closing a tab mid-upload.
 */
export function useRequestQueue() {
  const [store] = useState(() => new RequestQueueStore({ upload: uploadToRequest }));
  const state = useSyncExternalStore(store.subscribe, store.getState, store.getState);
  const [receipts, setReceipts] = useState<RequestReceipt[]>([]);
  const uploading = state.items.some((item) => item.status === 'uploading');

  useEffect(() => {
    store.configure({
      onUploaded: (_item, receipt) => setReceipts((previous) => [...previous, receipt]),
    });
  }, [store]);

  useEffect(() => () => store.dispose(), [store]);

  useWindowEvent('beforeunload', (event: BeforeUnloadEvent) => {
    if (uploading) {
      event.preventDefault();
    }
  });

  const addReceipt = (receipt: RequestReceipt) => setReceipts((previous) => [...previous, receipt]);
  return { state, store, receipts, addReceipt };
}
