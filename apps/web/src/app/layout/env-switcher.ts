/** The query parameter that asks for the environment switcher (SPEC §2). */
export const ENV_SWITCHER_PARAM = 'showEnvSwitcher';

/** Remembers the request for the tab's session, so in-app navigation does not lose it. */
const SESSION_FLAG = 'pastebox.showEnvSwitcher';

function readSessionFlag(): boolean {
  try {
    return window.sessionStorage.getItem(SESSION_FLAG) === '1';
  } catch {
    return false;
  }
}

function writeSessionFlag(): void {
  try {
    window.sessionStorage.setItem(SESSION_FLAG, '1');
  } catch {
    // Storage disabled: the switcher then shows only while the parameter is in the URL.
  }
}

/**
 * Whether the page asked for the switcher: `showEnvSwitcher` in the query string (any value,
 * even empty), or earlier in this tab's session. Seeing the parameter remembers it.
 */
export function envSwitcherRequested(search: string): boolean {
  if (new URLSearchParams(search).has(ENV_SWITCHER_PARAM)) {
    writeSessionFlag();
    return true;
  }
  return readSessionFlag();
}

export type HealthResult = { ok: true; ms: number } | { ok: false };

const HEALTH_TIMEOUT_MS = 8000;

/**
 * GET {origin}/api/health without credentials. Fails on any error, including a backend that
 * does not list this page's origin for CORS: the app could not use it either.
 */
export async function checkBackendHealth(
  origin: string,
  fetchImpl: typeof fetch = fetch,
): Promise<HealthResult> {
  const started = performance.now();
  try {
    const response = await fetchImpl(`${origin}/api/health`, {
      cache: 'no-store',
      credentials: 'omit',
      signal: AbortSignal.timeout(HEALTH_TIMEOUT_MS),
    });
    if (!response.ok) {
      return { ok: false };
    }
    const body = (await response.json()) as { success?: unknown };
    return body.success === true
      ? { ok: true, ms: Math.round(performance.now() - started) }
      : { ok: false };
  } catch {
    return { ok: false };
  }
}
