import fs from 'node:fs';
import path from 'node:path';
import { repoRoot, serverEntry } from './paths.mjs';
import { answersOk, exited, signalGroup, startGroup, stopGroup, waitFor } from './processes.mjs';

// Three instances of the built server, as `npm start` runs it (node apps/server/dist/main.js),
// each with a DATA_DIR of its own (separate machines share no disk) and everything else the
// same: the database, SECRET (which signs tokens and seals stored keys: an instance must
// open what another sealed) and PUBLIC_URL, the balancer's address.

export const INSTANCE_PORTS = [18801, 18802, 18803];

/**
 * The instances of the soak, each `{ name, port, dataDir, child, pid, starts }`.
 * `env` is what they all share (DATABASE_URL, SECRET, PUBLIC_URL, ADMIN_*).
 */
export function serverInstances(dir, env) {
  const instances = INSTANCE_PORTS.map((port, index) => ({
    name: `i${index + 1}`,
    port,
    dataDir: path.join(dir, `i${index + 1}`, 'data'),
    logFile: path.join(dir, `i${index + 1}`, 'server.log'),
    child: null,
    /** The pid of each process it ran, with start and end times (ms since the epoch). */
    lives: [],
  }));

  async function start(instance) {
    fs.mkdirSync(instance.dataDir, { recursive: true });
    const child = startGroup(process.execPath, [serverEntry], {
      cwd: repoRoot,
      logFile: instance.logFile,
      env: {
        ...env,
        PORT: String(instance.port),
        HOST: '127.0.0.1',
        WORKERS: '1',
        DATA_DIR: instance.dataDir,
        NODE_ENV: 'production',
        LOG_LEVEL: 'warn',
      },
    });
    const life = { pid: child.pid, startedAt: Date.now(), endedAt: null, killed: false };
    instance.lives.push(life);
    instance.child = child;
    child.once('exit', () => (life.endedAt = Date.now()));
    await waitFor(
      `${instance.name} to answer /api/health`,
      async () => {
        if (child.exitCode !== null) {
          throw new Error(
            `${instance.name} exited with ${child.exitCode}; see ${instance.logFile}`,
          );
        }
        return answersOk(`http://127.0.0.1:${instance.port}/api/health`);
      },
      { timeoutMs: 60_000 },
    );
  }

  return {
    list: instances,
    /**
     * The first alone (it migrates the empty database and creates the admin), then the
     * others together.
     */
    async startAll() {
      await start(instances[0]);
      await Promise.all(instances.slice(1).map(start));
    },
    start,
    /** kill -9 of the instance's process group; resolves once it is gone. */
    async kill(instance) {
      const life = instance.lives.at(-1);
      life.killed = true;
      signalGroup(instance.child.pid, 'SIGKILL');
      await exited(instance.child);
    },
    /** A clean stop (SIGTERM: requests finish, running tasks let go), then a new start. */
    async restart(instance) {
      await stopGroup(instance.child, 10_000);
      await start(instance);
    },
    async stopAll() {
      await Promise.all(instances.filter((i) => i.child).map((i) => stopGroup(i.child, 10_000)));
    },
  };
}
