import { STORAGE_KEYS } from '@pastebox/contract/limits';
import { safeStorage } from './storage-keys';

declare global {
  interface Window {
    __PASTEBOX_CONFIG__?: { backendUrl?: string };
  }
}

/** Where the backend address in use comes from (SPEC §9). */
export type BackendSource = 'stored' | 'config' | 'origin';

function trimSlashes(url: string): string {
  return url.replace(/\/+$/, '');
}

/** The runtime config.js choice, '' when it sets none. */
export function configuredBackendUrl(): string {
  return trimSlashes(window.__PASTEBOX_CONFIG__?.backendUrl ?? '');
}

/**
 * The backend in use and where it comes from: the stored choice (the admin's environment
 * switcher), else the runtime config.js, else the page's own origin ('' as `url`).
 */
export function backendSetting(): { url: string; source: BackendSource } {
  const stored = trimSlashes(safeStorage.get(STORAGE_KEYS.backendUrl) ?? '');
  if (stored) {
    return { url: stored, source: 'stored' };
  }
  const configured = configuredBackendUrl();
  if (configured) {
    return { url: configured, source: 'config' };
  }
  return { url: '', source: 'origin' };
}

/**
 * The backend origin (SPEC §9): the stored choice, else the runtime config.js, else the
 * page's own origin (''), so a split front end can point anywhere (DESIGN §1, shape 3).
 */
export function backendUrl(): string {
  return backendSetting().url;
}

/** The backend's public origin, always absolute: the configured address or the page's. */
export function backendOrigin(): string {
  return backendUrl() || window.location.origin;
}

/** URL of an API path such as `/paste/abc` for the app's own calls (may be relative). */
export function apiUrl(path: string): string {
  return `${backendUrl()}/api${path}`;
}

/**
 * Absolute URL of an API path for people (issue 13): a raw or download link that is shown,
 * copied or put in a QR code must work wherever it is pasted, so it never starts with `/`.
 */
export function publicApiUrl(path: string): string {
  return `${backendOrigin()}/api${path}`;
}

/** Absolute URL of a page of the app, for links people share. */
export function appUrl(path: string): string {
  return `${window.location.origin}${path}`;
}

/** Why a typed backend address was refused. */
export type BackendAddressError = 'empty' | 'invalid' | 'scheme' | 'path' | 'credentials';

/**
 * Checks an address typed into the environment switcher: an http(s) origin with no path,
 * query, fragment or user info (a trailing slash is forgiven). Answers the origin.
 */
export function parseBackendAddress(
  input: string,
): { ok: true; origin: string } | { ok: false; error: BackendAddressError } {
  const text = input.trim();
  if (!text) {
    return { ok: false, error: 'empty' };
  }
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return { ok: false, error: 'invalid' };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    return { ok: false, error: 'scheme' };
  }
  if (url.username || url.password) {
    return { ok: false, error: 'credentials' };
  }
  // `new URL` drops an empty "?" or "#", so look at the text for those too.
  if (url.pathname !== '/' || url.search || url.hash || /[?#]/.test(text)) {
    return { ok: false, error: 'path' };
  }
  return { ok: true, origin: url.origin };
}

/** Stores the admin's backend choice (the caller reloads the app to use it). */
export function storeBackendUrl(origin: string): void {
  safeStorage.set(STORAGE_KEYS.backendUrl, trimSlashes(origin));
}

/** Forgets the stored choice: config.js or the page's origin applies again. */
export function clearStoredBackendUrl(): void {
  safeStorage.remove(STORAGE_KEYS.backendUrl);
}
