import { Workbox } from 'workbox-window';

/** How often a long-open tab asks for a new version; browsers only check on navigation. */
const UPDATE_CHECK_MS = 60 * 60 * 1000;

type Listener = () => void;

let workbox: Workbox | undefined;
let updateWaiting = false;
const listeners = new Set<Listener>();

function setUpdateWaiting(waiting: boolean): void {
  updateWaiting = waiting;
  listeners.forEach((listener) => listener());
}

/**
 * Registers the generated service worker (apps/web/vite.config.ts) once, in production
 * builds only: the dev server and the component tests have none. A new version installs in
 * the background and then waits (registerType 'prompt') until the user reloads to update.
 */
export function registerServiceWorker(): void {
  if (workbox || !import.meta.env.PROD || !('serviceWorker' in navigator)) {
    return;
  }
  workbox = new Workbox('/sw.js', { scope: '/' });
  // Also fires at start-up when a version was already waiting from an earlier visit.
  workbox.addEventListener('waiting', () => setUpdateWaiting(true));
  const first = workbox;
  first.addEventListener('activated', (event) => {
    if (!event.isUpdate) {
      void first.messageSW(fetchedBeforeControl()).catch(() => undefined);
    }
  });
  void workbox.register().catch(() => {
    // No service worker (private mode, blocked): the app still runs, only not offline.
  });
  const check = workbox;
  window.setInterval(() => void check.update().catch(() => undefined), UPDATE_CHECK_MS);
}

/**
 * The first visit's files were fetched before the worker existed, so its run-time cache
 * (vite/pwa.ts) does not hold the ones outside the precache (the editor, the Markdown
 * renderer, the locale). Workbox's router caches the URLs a CACHE_URLS message names, from
 * the HTTP cache where they already are: the page works offline without a second download.
 */
function fetchedBeforeControl() {
  const urlsToCache = performance
    .getEntriesByType('resource')
    .map((entry) => new URL(entry.name))
    .filter((url) => url.origin === window.location.origin && url.pathname.startsWith('/assets/'))
    .map((url) => url.href);
  return { type: 'CACHE_URLS', payload: { urlsToCache } };
}

/** Activates the waiting version; the page reloads once it controls the page. */
export function applyUpdate(): void {
  if (!workbox) {
    return;
  }
  workbox.addEventListener('controlling', () => window.location.reload());
  workbox.messageSkipWaiting();
}

/** Hides the prompt until the next waiting version (or the next visit). */
export function postponeUpdate(): void {
  setUpdateWaiting(false);
}

export function subscribeToUpdates(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function isUpdateWaiting(): boolean {
  return updateWaiting;
}
