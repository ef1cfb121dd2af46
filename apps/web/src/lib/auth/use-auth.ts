import { useSyncExternalStore } from 'react';
import { authStore, type AuthState } from './auth-store';

/** The current auth state; re-renders on sign-in, sign-out and validation. */
export function useAuth(): AuthState {
  return useSyncExternalStore(authStore.subscribe, authStore.get, authStore.get);
}
