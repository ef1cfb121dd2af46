import { expectStatus } from './measure.mjs';

/** A call that has not answered by then never will: fail the bench instead of hanging it. */
const REQUEST_TIMEOUT_MS = 30_000;

/**
 * fetch(url, init), its status checked against `expected` and its body read (see
 * expectStatus), within REQUEST_TIMEOUT_MS; resolves with the body's text. `what` names the
 * call in errors.
 */
export async function callExpecting(url, init, expected, what) {
  try {
    const res = await fetch(url, { ...init, signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
    return await expectStatus(res, expected, what);
  } catch (error) {
    if (error instanceof Error && error.name === 'TimeoutError') {
      throw new Error(`${what}: no answer within ${REQUEST_TIMEOUT_MS / 1000} s`, {
        cause: error,
      });
    }
    throw error;
  }
}

/** Logs in as the admin the bench server was started with; resolves with the Bearer header. */
export async function loginAdmin(baseUrl, admin) {
  const init = {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(admin),
  };
  const text = await callExpecting(
    `${baseUrl}/api/admin/login`,
    init,
    200,
    'POST /api/admin/login',
  );
  return `Bearer ${JSON.parse(text).data.token}`;
}

/** POST /api/paste as the given principal; resolves with the new share's slug. */
export async function createPaste(baseUrl, authorization, paste) {
  const init = {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization },
    body: JSON.stringify(paste),
  };
  const text = await callExpecting(`${baseUrl}/api/paste`, init, 201, 'POST /api/paste');
  return JSON.parse(text).data.slug;
}
