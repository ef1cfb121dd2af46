// `npm run bench [-- name…]`: runs every bench/*.bench.mjs (or those named) against the
// built server — one fresh server per benchmark, so each peak RSS is its own — prints a
// table and writes bench/results/latest.json. Build first: `npm run build`.
//
// A benchmark is a module exporting `name`, `description` and
// `run({ baseUrl, authorization, pid, dataDir })`, which resolves with { operation: measurement }
// (see lib/measure.mjs); one exporting `startsOwnServers = true` gets no server and `run({})`.
// Only 127.0.0.1 is ever contacted.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { loginAdmin } from './lib/api.mjs';
import { readTreeMemoryKb, repoRoot, startServer } from './lib/server.mjs';

const benchDir = path.join(repoRoot, 'bench');
const resultsFile = path.join(benchDir, 'results', 'latest.json');

async function loadBenchmarks(wanted) {
  const files = fs
    .readdirSync(benchDir)
    .filter((file) => file.endsWith('.bench.mjs'))
    .sort();
  const modules = await Promise.all(
    files.map((file) => import(pathToFileURL(path.join(benchDir, file)).href)),
  );
  const chosen = modules.filter((module) => wanted.length === 0 || wanted.includes(module.name));
  const unknown = wanted.filter((name) => !modules.some((module) => module.name === name));
  if (unknown.length > 0) {
    throw new Error(
      `Unknown benchmark(s): ${unknown.join(', ')}. Available: ${modules.map((m) => m.name).join(', ')}`,
    );
  }
  return chosen;
}

async function runOne(benchmark) {
  if (benchmark.startsOwnServers) {
    // Its servers run on databases of its own (hotshare): one of the runner's would idle.
    return {
      description: benchmark.description,
      operations: await benchmark.run({}),
      server: null,
    };
  }
  const server = await startServer();
  try {
    const authorization = await loginAdmin(server.baseUrl, server.admin);
    const operations = await benchmark.run({
      baseUrl: server.baseUrl,
      authorization,
      pid: server.pid,
      dataDir: server.dataDir,
    });
    return {
      description: benchmark.description,
      operations,
      // A clustered server's memory: its largest process, and the sum over all of them.
      server: {
        workers: server.workers,
        peakRssMb: toMb(readTreeMemoryKb(server.pid, 'VmHWM')?.largest),
        peakRssAllProcessesMb: toMb(readTreeMemoryKb(server.pid, 'VmHWM')?.total),
        rssAtEndMb: toMb(readTreeMemoryKb(server.pid, 'VmRSS')?.total),
      },
    };
  } catch (error) {
    // Say whether the server was still up: a refused connection reads the same either way.
    const output = server.recentOutput() || '(nothing)';
    throw new Error(
      `${benchmark.name}: ${error instanceof Error ? error.message : error}\n` +
        `The server (pid ${server.pid}, ${server.state()}) wrote:\n${output}`,
      { cause: error },
    );
  } finally {
    await server.stop();
  }
}

const toMb = (kb) => (kb === null || kb === undefined ? null : Math.round((kb / 1024) * 10) / 10);

function printTable(name, result) {
  console.log(`\n${name}: ${result.description}`);
  console.log('  operation                 requests  errors     req/s    p50 ms   p95 ms   p99 ms');
  for (const [operation, m] of Object.entries(result.operations)) {
    const cells = [
      m.requests,
      m.errors,
      m.requestsPerSecond,
      m.latencyMs.p50,
      m.latencyMs.p95,
      m.latencyMs.p99,
    ];
    console.log(
      `  ${operation.padEnd(24)}${cells.map((cell) => String(cell ?? '-').padStart(9)).join('')}`,
    );
  }
  if (!result.server) {
    return;
  }
  const { workers, peakRssMb, peakRssAllProcessesMb } = result.server;
  console.log(
    `  server: ${workers > 0 ? `${workers} workers` : 'one process'}; peak RSS (VmHWM) ` +
      `${peakRssMb} MB in its largest process, ${peakRssAllProcessesMb} MB summed over all`,
  );
}

function gitCommit() {
  try {
    return execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: repoRoot })
      .toString()
      .trim();
  } catch {
    return null;
  }
}

async function main() {
  const benchmarks = await loadBenchmarks(process.argv.slice(2));
  const report = {
    startedAt: new Date().toISOString(),
    commit: gitCommit(),
    machine: {
      node: process.version,
      cpus: os.cpus().length,
      platform: `${os.platform()} ${os.release()}`,
    },
    database: process.env.BENCH_DATABASE_URL ? 'postgres' : 'sqlite',
    benchmarks: {},
  };
  for (const benchmark of benchmarks) {
    const result = await runOne(benchmark);
    report.benchmarks[benchmark.name] = result;
    printTable(benchmark.name, result);
  }
  fs.mkdirSync(path.dirname(resultsFile), { recursive: true });
  fs.writeFileSync(resultsFile, `${JSON.stringify(report, null, 2)}\n`);
  console.log(`\nResults written to ${path.relative(repoRoot, resultsFile)}`);
  const failed = Object.values(report.benchmarks).some((result) =>
    Object.values(result.operations).some((measurement) => measurement.errors > 0),
  );
  process.exitCode = failed ? 1 : 0;
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
