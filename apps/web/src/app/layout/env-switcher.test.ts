import { afterEach, describe, expect, it } from 'vitest';
import { checkBackendHealth, envSwitcherRequested } from './env-switcher';

afterEach(() => window.sessionStorage.clear());

function answering(response: Response | Error): typeof fetch {
  return () => (response instanceof Error ? Promise.reject(response) : Promise.resolve(response));
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('envSwitcherRequested', () => {
  it('is off without the parameter', () => {
    expect(envSwitcherRequested('')).toBe(false);
    expect(envSwitcherRequested('?showEnv=1')).toBe(false);
  });

  it('is on with the parameter, whatever its value, and stays on for the session', () => {
    expect(envSwitcherRequested('?showEnvSwitcher')).toBe(true);
    expect(envSwitcherRequested('?tab=url')).toBe(true);
    window.sessionStorage.clear();
    expect(envSwitcherRequested('?a=1&showEnvSwitcher=0')).toBe(true);
  });
});

describe('checkBackendHealth', () => {
  it('is ok when /api/health answers the success envelope', async () => {
    const calls: string[] = [];
    const fetchImpl = ((input: string) => {
      calls.push(input);
      return Promise.resolve(json({ code: 200, success: true, data: { status: 'ok' } }));
    }) as typeof fetch;
    const result = await checkBackendHealth('https://paste.example.com', fetchImpl);
    expect(result.ok).toBe(true);
    expect(calls).toEqual(['https://paste.example.com/api/health']);
  });

  it('fails on an error status, a non-envelope answer or a network (CORS) error', async () => {
    const origin = 'https://paste.example.com';
    expect(await checkBackendHealth(origin, answering(json({ success: false }, 503)))).toEqual({
      ok: false,
    });
    expect(await checkBackendHealth(origin, answering(new Response('<html>')))).toEqual({
      ok: false,
    });
    expect(await checkBackendHealth(origin, answering(new TypeError('Failed to fetch')))).toEqual({
      ok: false,
    });
  });
});
