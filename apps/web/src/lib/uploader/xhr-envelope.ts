import type { Envelope } from '@pastebox/contract/errors';
import { ApiError } from '../api-client';
import { authStore } from '../auth/auth-store';
import type { XhrResponse } from './xhr';

/** 401 keys that mean the credentials died: the same rule as apiRequest (SPEC §8). */
const SESSION_KEYS = new Set(['INVALID_TOKEN', 'API_KEY_INVALID']);

function parseEnvelope<T>(text: string): Envelope<T> | null {
  try {
    const parsed = JSON.parse(text) as Envelope<T>;
    return typeof parsed === 'object' && parsed !== null && 'code' in parsed ? parsed : null;
  } catch {
    return null;
  }
}

/**
 * Unwraps the API envelope of an XHR answer, as apiRequest does for fetch: the data on
 * success, else an ApiError with the server's key (signing out on dead credentials).
 */
export function unwrapEnvelope<T>(response: XhrResponse, sentCredentials: boolean): T {
  const envelope = parseEnvelope<T>(response.text);
  const ok = response.status >= 200 && response.status < 300;
  if (ok && envelope && [200, 201, 202].includes(envelope.code)) {
    return envelope.data;
  }
  const key = envelope?.error ?? null;
  if (response.status === 401 && key && SESSION_KEYS.has(key) && sentCredentials) {
    authStore.signOut('expired');
  }
  const message =
    envelope?.message ||
    (response.text
      ? `HTTP error ${response.status}: ${response.text.slice(0, 200)}`
      : 'request failed');
  throw new ApiError(response.status, key, message, envelope?.details);
}
