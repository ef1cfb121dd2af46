import { useSyncExternalStore } from 'react';
import { isUpdateWaiting, subscribeToUpdates } from '../service-worker';

/** True while a new version of the app waits for the user's "Reload to update". */
export function useUpdateAvailable(): boolean {
  return useSyncExternalStore(subscribeToUpdates, isUpdateWaiting, () => false);
}
