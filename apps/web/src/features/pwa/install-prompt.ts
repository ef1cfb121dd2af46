import { LIMITS, STORAGE_KEYS } from '@pastebox/contract/limits';
import { safeStorage } from '@/lib/storage-keys';

/** Chromium's install offer; not in lib.dom because only Chromium browsers fire it. */
export interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<unknown>;
  readonly userChoice: Promise<{ outcome: 'accepted' | 'dismissed'; platform?: string }>;
}

let offer: BeforeInstallPromptEvent | null = null;
const listeners = new Set<() => void>();

function setOffer(next: BeforeInstallPromptEvent | null): void {
  offer = next;
  listeners.forEach((listener) => listener());
}

// Listening from the first line that runs, not from a React effect: the browser fires
// beforeinstallprompt once per page load, possibly before the app has rendered.
if (typeof window !== 'undefined') {
  window.addEventListener('beforeinstallprompt', (event) => {
    // Keeps Chromium's own mini-infobar away: the app shows its own card (SPEC §2).
    event.preventDefault();
    setOffer(event as BeforeInstallPromptEvent);
  });
  window.addEventListener('appinstalled', () => setOffer(null));
}

export function subscribeToInstallOffer(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The pending install offer, if the browser made one and it was not used yet. */
export function currentInstallOffer(): BeforeInstallPromptEvent | null {
  return offer;
}

/** An offer can be shown once: after prompt() the browser needs a new event. */
export function consumeInstallOffer(): void {
  setOffer(null);
}

/** True when the app already runs installed (its own window), where no offer makes sense. */
export function isStandalone(): boolean {
  const iosStandalone = (navigator as Navigator & { standalone?: boolean }).standalone === true;
  return iosStandalone || window.matchMedia('(display-mode: standalone)').matches;
}

/** When the prompt was last dismissed, or null (never, or an unreadable value). */
export function readDismissedAt(): number | null {
  const stored = Number(safeStorage.get(STORAGE_KEYS.installPromptDismissedAt));
  return Number.isFinite(stored) && stored > 0 ? stored : null;
}

export function snoozeInstallPrompt(now: number): void {
  safeStorage.set(STORAGE_KEYS.installPromptDismissedAt, String(now));
}

/**
 * SPEC §2, §9: offer installing when the browser allows it, the app is not installed and
 * the last dismissal is at least 7 days old.
 */
export function shouldOfferInstall(state: {
  hasOffer: boolean;
  standalone: boolean;
  dismissedAt: number | null;
  now: number;
}): boolean {
  if (!state.hasOffer || state.standalone) {
    return false;
  }
  return (
    state.dismissedAt === null || state.now - state.dismissedAt >= LIMITS.installPromptSnoozeMs
  );
}
