import { STORAGE_KEYS } from '@pastebox/contract/limits';
import { safeStorage } from './storage-keys';

declare global {
  interface Window {
    __PASTEBOX_CONFIG__?: { backendUrl?: string };
  }
}

/**
 * The backend origin (SPEC §9): the stored choice, else the runtime config.js, else the
 * page's own origin (''), so a split front end can point anywhere (DESIGN §1, shape 3).
 */
export function backendUrl(): string {
  const stored = safeStorage.get(STORAGE_KEYS.backendUrl);
  const configured = window.__PASTEBOX_CONFIG__?.backendUrl;
  return (stored || configured || '').replace(/\/+$/, '');
}

/** Absolute URL of an API path such as `/paste/abc`. */
export function apiUrl(path: string): string {
  return `${backendUrl()}/api${path}`;
}

/** Absolute URL of a page of the app, for links people share. */
export function appUrl(path: string): string {
  return `${window.location.origin}${path}`;
}
