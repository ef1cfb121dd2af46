// Issue 9's benchmarks of the mount file system, on two local storage configs mounted at
// /bench-a and /bench-b:
// - listing a folder of 10,000 files through GET /api/admin/fs/list, uncached
//   (cache_ttl 0: every call reads the directory) and cached (cache_ttl 300);
// - copying a BENCH_COPY_MIB (default 1024) MiB file from one storage to the other as a
//   background task (POST /api/admin/fs/batch-copy, polled until it ends), against a plain
//   stream copy of the same bytes on the same disk. The copy streams object by object: the
//   server's peak RSS must stay under BENCH_RSS_LIMIT_MB (default 200).
// The files are written straight into the storage folders under the server's DATA_DIR.
import fs from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { pipeline } from 'node:stream/promises';
import { Readable } from 'node:stream';
import { measure } from './lib/measure.mjs';
import { patternChunks, sha256 } from './lib/pattern.mjs';
import { createPhases } from './lib/phases.mjs';
import { callApi } from './lib/transfer.mjs';

const MIB = 1024 * 1024;
const LIST_ENTRIES = 10_000;
const copyMib = Number(process.env.BENCH_COPY_MIB || 1024);
const rssLimitMb = Number(process.env.BENCH_RSS_LIMIT_MB || 200);

export const name = 'mounts';
export const description = `fs list of ${LIST_ENTRIES} entries; ${copyMib} MiB copied across storages`;

async function createMount(baseUrl, authorization, folder) {
  const config = await callApi(
    baseUrl,
    authorization,
    'POST',
    '/api/s3-configs',
    { name: folder, provider_type: 'local', root_path: folder },
    201,
  );
  return callApi(
    baseUrl,
    authorization,
    'POST',
    '/api/admin/mounts',
    { name: folder, storage_config_id: config.id, mount_path: `/${folder}`, cache_ttl: 0 },
    201,
  );
}

async function listFolder(baseUrl, authorization, folder) {
  const listing = await callApi(
    baseUrl,
    authorization,
    'GET',
    `/api/admin/fs/list?path=${encodeURIComponent(folder)}`,
  );
  if (listing.items.length !== LIST_ENTRIES) {
    throw new Error(`listed ${listing.items.length} entries, expected ${LIST_ENTRIES}`);
  }
}

async function waitForTask(baseUrl, authorization, taskId) {
  for (;;) {
    const task = await callApi(baseUrl, authorization, 'GET', `/api/admin/tasks/${taskId}`);
    if (!['pending', 'running'].includes(task.status)) {
      return task;
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

async function timed(work) {
  const started = performance.now();
  await work();
  return performance.now() - started;
}

export async function run({ baseUrl, authorization, pid, dataDir }) {
  const operations = {};
  const mountA = await createMount(baseUrl, authorization, 'bench-a');
  await createMount(baseUrl, authorization, 'bench-b');
  const rootA = path.join(dataDir, 'bench-a');

  const many = path.join(rootA, 'many');
  fs.mkdirSync(many, { recursive: true });
  for (let i = 0; i < LIST_ENTRIES; i++) {
    fs.writeFileSync(path.join(many, `file-${String(i).padStart(5, '0')}.txt`), `entry ${i}\n`);
  }
  const listOnce = () => listFolder(baseUrl, authorization, '/bench-a/many');
  operations['fs list 10k (no cache)'] = await measure({
    requests: 30,
    concurrency: 2,
    send: listOnce,
  });
  await callApi(baseUrl, authorization, 'PUT', `/api/admin/mounts/${mountA.id}`, {
    cache_ttl: 300,
  });
  operations['fs list 10k (cached)'] = await measure({
    requests: 200,
    concurrency: 4,
    send: listOnce,
  });

  const size = copyMib * MIB;
  const source = path.join(rootA, 'big.bin');
  await pipeline(Readable.from(patternChunks(size, MIB, sha256())), fs.createWriteStream(source));
  const plainMs = await timed(() =>
    pipeline(fs.createReadStream(source), fs.createWriteStream(path.join(dataDir, 'plain.bin'))),
  );
  fs.rmSync(path.join(dataDir, 'plain.bin'));
  const plainMibPerSecond = copyMib / (plainMs / 1000);

  const phases = createPhases({ pid, bytes: size, rssLimitMb });
  try {
    await phases.run('copy across storages', async () => {
      const started = await callApi(
        baseUrl,
        authorization,
        'POST',
        '/api/admin/fs/batch-copy',
        { items: [{ sourcePath: '/bench-a/big.bin', targetPath: '/bench-b/' }] },
        202,
      );
      const task = await waitForTask(baseUrl, authorization, started.taskId);
      const copied = fs.statSync(path.join(dataDir, 'bench-b', 'big.bin')).size;
      if (task.status !== 'completed' || copied !== size) {
        throw new Error(`task ${task.status} (${task.error ?? ''}), ${copied} bytes at the target`);
      }
    });
  } finally {
    phases.stop();
  }
  Object.assign(operations, phases.operations);
  const copy = phases.operations['copy across storages'];
  const taskMs = copy?.latencyMs?.p50;
  const taskMibPerSecond = taskMs ? copyMib / (taskMs / 1000) : null;
  const ratio = taskMibPerSecond ? Math.round((taskMibPerSecond / plainMibPerSecond) * 100) : null;
  console.log(
    `  plain copy ${plainMibPerSecond.toFixed(0)} MiB/s; copy task ` +
      `${taskMibPerSecond?.toFixed(0) ?? '?'} MiB/s (${ratio ?? '?'} % of plain); ` +
      `peak RSS ${phases.peakMb()} MB (limit ${rssLimitMb} MB)`,
  );
  return operations;
}
