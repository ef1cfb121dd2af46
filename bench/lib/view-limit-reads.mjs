import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { findWrk } from './wrk.mjs';

// Reads of one view-limited share through several instances at once, one wrk process per
// instance, each answer sorted by status: 200 (a view granted), 410 VIEW_LIMIT_REACHED, or
// anything else. wrk's own summary lumps every non-2xx answer together, so a Lua
// `response()` hook counts them (it makes wrk parse each answer: fine here, where exactness
// is measured and not speed).
//
// wrk runs for a fixed time and abandons the requests in flight when it ends: a view granted
// but not yet read would go uncounted. So the run is stopped only once the database says
// every view is spent and a quiet spell has passed, in which each connection's last granted
// answer arrives; from then on every answer in flight is a 410. SIGINT ends wrk early and
// still prints its summary.

const RESULT_MARK = 'WRK_STATUSES ';
// wrk's timeout only counts a slow answer (again at each check) and still reads it, so a
// timeout loses no answer; raised from 2 s, so that it counts only the really slow ones
// (wrk allocates its latency histogram to this bound: 10 s is 80 MB of address space).
const SLOW_ANSWER = '10s';

const STATUS_SCRIPT = `
local threads = {}
function setup(thread) table.insert(threads, thread) end
function init(args) granted = 0; refused = 0; other = 0 end
function response(status, headers, body)
  if status == 200 then
    granted = granted + 1
  elseif status == 410 and string.find(body, "VIEW_LIMIT_REACHED", 1, true) then
    refused = refused + 1
  else
    other = other + 1
  end
end
function done(summary, latency, requests)
  local g, r, o = 0, 0, 0
  for _, thread in ipairs(threads) do
    g = g + thread:get("granted"); r = r + thread:get("refused"); o = o + thread:get("other")
  end
  local e = summary.errors
  io.write(string.format('${RESULT_MARK}{"granted":%d,"refused":%d,"other":%d,"requests":%d,' ..
    '"durationUs":%d,"connect":%d,"read":%d,"write":%d,"timeout":%d}\\n', g, r, o,
    summary.requests, summary.duration, e.connect, e.read, e.write, e.timeout))
end
`;

/** Starts wrk on `url`; `interrupt()` ends it early, `result` resolves with its counts. */
function startCountingWrk(wrk, script, url, { connections, maxSeconds }) {
  const args = ['-t1', `-c${connections}`, `-d${maxSeconds}s`, '--timeout', SLOW_ANSWER];
  const child = spawn(wrk, [...args, '-s', script, url], { stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk) => (stdout += chunk));
  child.stderr.on('data', (chunk) => (stderr += chunk));
  const result = new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('close', (code) => {
      const line = stdout.split('\n').find((text) => text.startsWith(RESULT_MARK));
      if (!line) {
        reject(new Error(`wrk (exit ${code}) printed no counts:\n${stdout}\n${stderr}`));
        return;
      }
      const counts = JSON.parse(line.slice(RESULT_MARK.length));
      const { connect, read, write, timeout } = counts;
      resolve({ ...counts, socketErrors: connect + read + write, timeouts: timeout });
    });
  });
  // Read only once the polling ends: until then a failed wrk must not count as unhandled.
  result.catch(() => {});
  return { result, interrupt: () => child.exitCode === null && child.kill('SIGINT') };
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Loads `path` on every one of `baseUrls` at once (wrk -t1 -c`connections` each) until
 * `isSpent()` (the database's count) says yes, then for `quietMs` more, at most
 * `maxSeconds` in all. Resolves with `spentAfterMs` (null when never spent) and the counts
 * of each wrk: granted, refused, other, requests, durationUs, socketErrors (connect, read,
 * write: answers lost) and timeouts (answers slower than SLOW_ANSWER, still counted).
 */
export async function readUntilSpent({
  baseUrls,
  path: sharePath,
  connections,
  maxSeconds,
  quietMs,
  isSpent,
}) {
  const wrk = findWrk();
  if (!wrk) {
    throw new Error('wrk is not on PATH (apt-get install wrk): it counts the answers');
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pastebox-wrk-'));
  try {
    const script = path.join(dir, 'statuses.lua');
    fs.writeFileSync(script, STATUS_SCRIPT);
    const started = Date.now();
    const runs = baseUrls.map((baseUrl) =>
      startCountingWrk(wrk, script, `${baseUrl}${sharePath}`, { connections, maxSeconds }),
    );
    let spentAfterMs = null;
    try {
      while (spentAfterMs === null && Date.now() - started < maxSeconds * 1000) {
        await sleep(100);
        spentAfterMs = (await isSpent()) ? Date.now() - started : null;
      }
      if (spentAfterMs !== null) {
        await sleep(quietMs);
      }
    } finally {
      // Also when the database could not be asked: no wrk outlives the check.
      runs.forEach((run) => run.interrupt());
    }
    return { spentAfterMs, perInstance: await Promise.all(runs.map((run) => run.result)) };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
