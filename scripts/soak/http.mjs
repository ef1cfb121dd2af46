import { createHash } from 'node:crypto';

// Every request of the soak goes through `request`, which records it as a sample: the
// operation's name, when it started and ended (ms since the load began), and its status
// (0 for a network error or a timeout, with the error's name). A request never throws.

/** The recorder of one run; `origin` is the time (Date.now()) the samples count from. */
export function createRecorder(origin) {
  const samples = [];

  /**
   * Sends one request. `op` names it in the report; `timeoutMs` bounds the whole exchange,
   * body included; `tag` (the client, and the file or path it works on) is kept with the
   * sample, so that a finding can be traced to its requests. Resolves with
   * `{ ok, status, headers, body (Buffer), error }`.
   */
  async function request(op, url, options = {}) {
    const { method = 'GET', headers = {}, body, timeoutMs = 30_000, tag } = options;
    const start = Date.now();
    const sample = { op, start: start - origin, end: 0, status: 0, ...(tag ? { tag } : {}) };
    samples.push(sample);
    try {
      const res = await fetch(url, {
        method,
        headers,
        body,
        signal: AbortSignal.timeout(timeoutMs),
        redirect: 'manual',
      });
      const bytes = Buffer.from(await res.arrayBuffer());
      sample.status = res.status;
      if (res.status >= 500) {
        sample.code = errorKeyOf(bytes);
      }
      return { ok: res.ok, status: res.status, headers: res.headers, body: bytes, error: null };
    } catch (error) {
      sample.error = error instanceof Error ? (error.cause?.code ?? error.name) : String(error);
      return {
        ok: false,
        status: 0,
        headers: new Headers(),
        body: Buffer.alloc(0),
        error: sample.error,
      };
    } finally {
      sample.end = Date.now() - origin;
    }
  }

  return { samples, request, now: () => Date.now() - origin };
}

/** The stable `error` key of an error answer (HAProxy's own pages have none). */
function errorKeyOf(bytes) {
  try {
    return JSON.parse(bytes.toString('utf8')).error ?? 'no error key';
  } catch {
    return 'not JSON';
  }
}

/** The `data` of a JSON envelope answer (`{ code, message, data, success }`), or null. */
export function dataOf(answer) {
  try {
    return JSON.parse(answer.body.toString('utf8')).data ?? null;
  } catch {
    return null;
  }
}

export function sha256(bytes) {
  return createHash('sha256').update(bytes).digest('hex');
}

/** Whether an answer is the kind a fault may cause: a 5xx or no answer at all. */
export function isFaultLike(status) {
  return status === 0 || status >= 500;
}
