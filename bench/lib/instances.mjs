import { startServer } from './server.mjs';

// Servers on a database of a bench's own (lib/bench-database.mjs), as one instance or as a
// cluster of instances. lib/server.mjs takes its settings from the bench's environment —
// BENCH_DATABASE_URL, BENCH_WORKERS, and whatever else the server inherits, such as SECRET —
// which is the runner's contract with every bench; these set them for the length of one
// start. Starts are awaited one at a time, so nothing else reads the environment meanwhile.

/** Runs `work()` with `overrides` in process.env (undefined unsets), then restores it. */
async function withEnvironment(overrides, work) {
  const saved = Object.fromEntries(Object.keys(overrides).map((key) => [key, process.env[key]]));
  const apply = (values) => {
    for (const [key, value] of Object.entries(values)) {
      if (value === undefined) {
        delete process.env[key];
      } else {
        process.env[key] = value;
      }
    }
  };
  apply(overrides);
  try {
    return await work();
  } finally {
    apply(saved);
  }
}

/**
 * Starts the built server on `databaseUrl` (lib/server.mjs's startServer), with `workers`
 * processes (undefined: BENCH_WORKERS, else npm start's default) and `secret` as SECRET when
 * given. Resolves with startServer's handle.
 */
export function startServerOn(databaseUrl, { workers, secret } = {}) {
  return withEnvironment(
    {
      BENCH_DATABASE_URL: databaseUrl,
      ...(workers === undefined ? {} : { BENCH_WORKERS: String(workers) }),
      ...(secret === undefined ? {} : { SECRET: secret }),
    },
    startServer,
  );
}

/**
 * `count` instances on one database with one SECRET: a cluster, where any instance serves
 * any request (sessions and shares live in the database; SECRET seals what it encrypts).
 * The first starts alone, so it migrates the empty database and creates the admin
 * (its `admin` logs in anywhere); the others find both done. Resolves with their handles;
 * when one fails to start, those already up are stopped.
 */
export async function startCluster(databaseUrl, { count, workers, secret }) {
  const instances = [];
  try {
    for (let index = 0; index < count; index += 1) {
      instances.push(await startServerOn(databaseUrl, { workers, secret }));
    }
    return instances;
  } catch (error) {
    await Promise.all(instances.map((instance) => instance.stop()));
    throw error;
  }
}
