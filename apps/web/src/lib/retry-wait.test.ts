import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppError, apiRequest } from './api-client';
import { retryAfterSeconds } from './retry-wait';

/** A 429 as the server answers it, the wait in the places the test names. */
function tooMany(options: { detail?: string; header?: string }): Response {
  const body = {
    code: 429,
    message: 'Too many attempts',
    data: null,
    success: false,
    error: 'RATE_LIMITED',
    ...(options.detail ? { details: [{ path: 'retry_after', message: options.detail }] } : {}),
  };
  return new Response(JSON.stringify(body), {
    status: 429,
    headers: {
      'content-type': 'application/json',
      ...(options.header ? { 'retry-after': options.header } : {}),
    },
  });
}

async function refusal(answer: Response): Promise<AppError> {
  vi.mocked(fetch).mockResolvedValue(answer);
  const caught: unknown = await apiRequest('/paste/abc', { method: 'POST', body: {} }).catch(
    (error: unknown) => error,
  );
  expect(caught).toBeInstanceOf(AppError);
  return caught as AppError;
}

beforeEach(() => vi.stubGlobal('fetch', vi.fn<typeof fetch>()));
afterEach(() => vi.unstubAllGlobals());

describe('retryAfterSeconds: the wait a 429 names (issue 30)', () => {
  it('reads the envelope detail first', async () => {
    expect(retryAfterSeconds(await refusal(tooMany({ detail: '840', header: '5' })))).toBe(840);
  });

  it('falls back to the Retry-After header that apiRequest kept', async () => {
    expect(retryAfterSeconds(await refusal(tooMany({ header: '30' })))).toBe(30);
  });

  it('is null when neither names a usable wait', async () => {
    expect(retryAfterSeconds(await refusal(tooMany({})))).toBeNull();
    expect(retryAfterSeconds(await refusal(tooMany({ detail: 'soon', header: '0' })))).toBeNull();
  });
});
