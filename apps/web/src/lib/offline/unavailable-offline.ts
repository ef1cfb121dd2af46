/**
 * What an API GET throws when the browser is offline and the offline database holds no
 * copy of the answer (SPEC §4): the page was never seen on this device. Pages show the
 * offline fallback for it (SPEC §2, "unavailable offline") instead of a network error,
 * and queries do not retry it: nothing changes until the network is back.
 *
 * A TypeError, as fetch's own network failure is, so code that treats that as "no network"
 * (lib/error-message.ts) keeps doing so.
 */
export class UnavailableOfflineError extends TypeError {
  constructor(readonly path: string) {
    super(`${path} is unavailable offline`);
    this.name = 'UnavailableOfflineError';
  }
}

/** Whether `error` means "offline, and this page's data is not on this device". */
export function isUnavailableOffline(error: unknown): boolean {
  return error instanceof UnavailableOfflineError;
}

/** Whether the browser says it has no network (navigator.onLine, as the offline badge). */
export function browserIsOffline(): boolean {
  return typeof navigator !== 'undefined' && navigator.onLine === false;
}
