import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { BALANCER_PORT, BALANCER_URL, startBalancer } from './haproxy.mjs';
import { INSTANCE_PORTS, serverInstances } from './instances.mjs';
import { DATABASE_URL, PG_PORT, postgresCluster } from './postgres.mjs';
import { killAllGroups, requireFreePorts } from './processes.mjs';
import { SWIFT_PORTS, swiftServer } from './swift.mjs';

// The scale-out shape on one machine, all on 127.0.0.1 under the run's directory:
// PostgreSQL, Swift, three instances and HAProxy. `stop()` ends all of it, also halfway
// through a start; `stopNow()` is for exit paths that cannot wait.

/**
 * The parts, not started yet: `{ postgres, swift, instances, balancer, admin, start, stop,
 * stopNow }`. The caller holds it before `start()`, so that a start failing halfway can
 * still stop what it had started.
 */
export function createCluster(runDir) {
  const admin = { username: 'soak', password: randomBytes(12).toString('base64url') };
  const cluster = {
    postgres: postgresCluster(path.join(runDir, 'postgres')),
    swift: swiftServer(path.join(runDir, 'swift')),
    instances: serverInstances(path.join(runDir, 'instances'), {
      DATABASE_URL,
      // One SECRET for all: a token signed or a key sealed by one instance opens on another.
      SECRET: randomBytes(32).toString('hex'),
      PUBLIC_URL: BALANCER_URL,
      ADMIN_USERNAME: admin.username,
      ADMIN_PASSWORD: admin.password,
    }),
    balancer: null,
    admin,
    started: { postgres: false, swift: false },
  };
  cluster.start = (log) => startCluster(cluster, runDir, log);
  cluster.stop = () => stopCluster(cluster);
  cluster.stopNow = () => {
    killAllGroups();
    if (cluster.started.postgres) {
      cluster.postgres.stopNow();
    }
  };
  return cluster;
}

async function startCluster(cluster, runDir, log) {
  await requireFreePorts([
    PG_PORT,
    ...Object.values(SWIFT_PORTS),
    ...INSTANCE_PORTS,
    BALANCER_PORT,
  ]);
  fs.mkdirSync(path.join(runDir, 'instances'), { recursive: true });
  // Swift takes the longest to start (a minute on a busy 2-core machine) and nothing needs
  // it before the set-up: it starts alongside the database and the instances.
  log('starting Swift s3api on 127.0.0.1:18085, PostgreSQL 15 on 127.0.0.1:55432');
  cluster.started.swift = true;
  const swiftReady = cluster.swift.start();
  // If the rest fails first, the Swift start must not become an unhandled rejection.
  swiftReady.catch(() => undefined);
  await cluster.postgres.init();
  cluster.started.postgres = true;
  await cluster.postgres.start();
  log(`starting three instances on ${INSTANCE_PORTS.join(', ')}`);
  await cluster.instances.startAll();
  await swiftReady;
  log(`starting HAProxy on ${BALANCER_URL}`);
  cluster.balancer = await startBalancer(runDir, INSTANCE_PORTS);
}

async function stopCluster(cluster) {
  const steps = [
    () => cluster.balancer?.stop(),
    () => cluster.instances.stopAll(),
    () => (cluster.started.swift ? cluster.swift.stop() : undefined),
    () => (cluster.started.postgres ? cluster.postgres.stop() : undefined),
  ];
  for (const step of steps) {
    try {
      await step();
    } catch (error) {
      console.error(`soak: while stopping: ${error instanceof Error ? error.message : error}`);
    }
  }
  cluster.started.postgres = false;
  killAllGroups();
}
