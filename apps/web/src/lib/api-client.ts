import type { Envelope } from '@pastebox/contract/errors';
import { authStore } from './auth/auth-store';
import { apiUrl } from './backend';

/** An API failure: the HTTP status, the server's stable error key and its message. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly key: string | null,
    message: string,
    readonly details?: { path: string; message: string }[],
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  body?: unknown;
  signal?: AbortSignal;
  /** Send no credentials even when signed in (public calls that must count as a stranger). */
  anonymous?: boolean;
}

/** Keys that mean "your credentials are no longer valid": the only 401s that log out (SPEC §8). */
const SESSION_KEYS = new Set(['INVALID_TOKEN', 'API_KEY_INVALID']);

/**
 * Calls the API and unwraps the envelope. Non-OK statuses and envelope codes other than
 * 200/201/202 throw ApiError. A 401 for dead credentials signs out; a wrong share password
 * or a failed change-password check does not.
 */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json' };
  const authorization = options.anonymous ? null : authStore.authorization();
  if (authorization) {
    headers.authorization = authorization;
  }
  if (options.body !== undefined) {
    headers['content-type'] = 'application/json';
  }
  const response = await fetch(apiUrl(path), {
    method: options.method ?? 'GET',
    headers,
    ...(options.body !== undefined ? { body: JSON.stringify(options.body) } : {}),
    ...(options.signal ? { signal: options.signal } : {}),
  });
  const text = await response.text();
  const envelope = parseEnvelope<T>(text);
  const okCode = envelope ? [200, 201, 202].includes(envelope.code) : response.ok;
  if (response.ok && okCode && envelope) {
    return envelope.data;
  }
  const message =
    envelope?.message ||
    (text ? `HTTP error ${response.status}: ${text.slice(0, 200)}` : 'request failed');
  const key = envelope?.error ?? null;
  if (response.status === 401 && key && SESSION_KEYS.has(key) && authorization) {
    authStore.signOut('expired');
  }
  throw new ApiError(response.status, key, message, envelope?.details);
}

function parseEnvelope<T>(text: string): Envelope<T> | null {
  try {
    const parsed = JSON.parse(text) as Envelope<T>;
    return typeof parsed === 'object' && parsed !== null && 'code' in parsed ? parsed : null;
  } catch {
    return null;
  }
}
