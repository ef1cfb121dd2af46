import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';

// Every process the soak starts is the leader of its own process group (detached), so that
// stopping it also stops whatever it forked (Swift's workers, a shell's children), and the
// soak never has to find anything by name.

const groups = new Set();

/**
 * Starts `command` in a new process group, its output appended to `logFile`. Resolves
 * nothing: the child is returned at once, and remembered until it exits so that
 * `stopAllGroups` can end it.
 */
export function startGroup(command, args, { env, cwd, logFile }) {
  const log = fs.openSync(logFile, 'a');
  const child = spawn(command, args, {
    cwd,
    env: { ...process.env, ...env },
    stdio: ['ignore', log, log],
    detached: true,
  });
  fs.closeSync(log);
  groups.add(child.pid);
  child.once('exit', () => groups.delete(child.pid));
  return child;
}

/** Sends `signal` to the process group led by `pid`; quiet when it is gone already. */
export function signalGroup(pid, signal) {
  try {
    process.kill(-pid, signal);
  } catch {
    // Already gone.
  }
}

/** Whether a process with this pid still exists. */
export function isAlive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Resolves when `child` has exited (at once if it has). */
export function exited(child) {
  if (child.exitCode !== null || child.signalCode !== null) {
    return Promise.resolve();
  }
  return new Promise((resolve) => child.once('exit', resolve));
}

/** SIGTERM to the child's group, SIGKILL after `graceMs`; resolves once it has exited. */
export async function stopGroup(child, graceMs = 5000) {
  signalGroup(child.pid, 'SIGTERM');
  const timer = setTimeout(() => signalGroup(child.pid, 'SIGKILL'), graceMs);
  await exited(child);
  clearTimeout(timer);
  // Whatever it forked and left behind in its group goes too.
  signalGroup(child.pid, 'SIGKILL');
  groups.delete(child.pid);
}

/** Last resort on exit: SIGKILL to every group still remembered. */
export function killAllGroups() {
  for (const pid of groups) {
    signalGroup(pid, 'SIGKILL');
  }
  groups.clear();
}

/**
 * Runs a command to completion; resolves with its output, rejects on a non-zero exit.
 * `detached` puts it in a process group of its own, remembered like startGroup's, for a
 * command that leaves servers running in the background (swift-s3.sh).
 */
export function runCommand(command, args, { env, cwd, detached = false, onStart } = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      cwd,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached,
    });
    if (detached) {
      groups.add(child.pid);
    }
    onStart?.(child);
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0
        ? resolve(output)
        : reject(new Error(`${command} ${args.join(' ')} exited with ${code}:\n${output}`)),
    );
  });
}

/** Polls `probe` (an async predicate) every `everyMs` until true; throws after `timeoutMs`. */
export async function waitFor(what, probe, { timeoutMs = 60_000, everyMs = 200 } = {}) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await probe().catch(() => false)) {
      return;
    }
    await sleep(everyMs);
  }
  throw new Error(`${what} did not happen within ${timeoutMs / 1000} s`);
}

export function sleep(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** Whether an HTTP GET of `url` answers 2xx within 2 s. */
export async function answersOk(url) {
  const res = await fetch(url, { signal: AbortSignal.timeout(2000) });
  await res.arrayBuffer();
  return res.ok;
}

/** Throws, naming them, when any of `ports` on 127.0.0.1 is taken (a run left behind?). */
export async function requireFreePorts(ports) {
  const taken = [];
  for (const port of ports) {
    const free = await new Promise((resolve) => {
      const probe = net.createServer();
      probe.once('error', () => resolve(false));
      probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
    });
    if (!free) {
      taken.push(port);
    }
  }
  if (taken.length > 0) {
    throw new Error(
      `port(s) ${taken.join(', ')} on 127.0.0.1 are in use: is another soak running?`,
    );
  }
}
