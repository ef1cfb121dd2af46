// Issue 9's benchmarks of the mount file system, on two local storage configs mounted at
// /bench-a and /bench-b:
// - listing a folder of 10,000 files through GET /api/admin/fs/list, uncached
//   (cache_ttl 0: every call reads the directory) and cached (cache_ttl 300);
// - copying a BENCH_COPY_MIB (default 1024) MiB file as a background task
//   (POST /api/admin/fs/batch-copy, polled until it ends): across storages (bench-a →
//   bench-b, two configs: the task streams get → put object by object) and within one
//   storage (bench-a → bench-a, the server-side copy), each checked by size and SHA-256,
//   against a plain stream copy and a plain fs.copyFile of the same bytes on the same disk.
//   The server's peak RSS must stay under BENCH_RSS_LIMIT_MB (default 200).
// "Across storages" is local → local on another config: the bench starts no S3 server (the
// test suite copies local ↔ S3 against its real S3-protocol server).
// The files are written straight into the storage folders under the server's DATA_DIR.
import fs from 'node:fs';
import fsp from 'node:fs/promises';
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
export const description = `fs list of ${LIST_ENTRIES} entries; ${copyMib} MiB copied across and within storages`;

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

/** GET fs/list of a 10,000-file folder, uncached then cached. */
async function listBench({ baseUrl, authorization, rootA, mountA }) {
  const operations = {};
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

  return operations;
}

/** 1 GiB copied as a task across and within storages, against plain copies of it. */
async function copyBench({ baseUrl, authorization, pid, dataDir, rootA }) {
  const size = copyMib * MIB;
  fs.mkdirSync(rootA, { recursive: true });
  const source = path.join(rootA, 'big.bin');
  const written = sha256();
  await pipeline(Readable.from(patternChunks(size, MIB, written)), fs.createWriteStream(source));
  const digest = written.digest('hex');
  const plain = path.join(dataDir, 'plain.bin');
  const plainStreamMs = await timed(() =>
    pipeline(fs.createReadStream(source), fs.createWriteStream(plain)),
  );
  fs.rmSync(plain);
  const plainCopyFileMs = await timed(() => fsp.copyFile(source, plain));
  fs.rmSync(plain);
  const plainStream = copyMib / (plainStreamMs / 1000);
  const plainCopyFile = copyMib / (plainCopyFileMs / 1000);

  const copies = [
    {
      label: 'copy across storages',
      target: '/bench-b/',
      file: path.join(dataDir, 'bench-b', 'big.bin'),
    },
    {
      label: 'copy within a storage',
      target: '/bench-a/copy/',
      file: path.join(rootA, 'copy', 'big.bin'),
    },
  ];
  const phases = createPhases({ pid, bytes: size, rssLimitMb });
  try {
    for (const copy of copies) {
      const done = await phases.run(copy.label, async () => {
        const started = await callApi(
          baseUrl,
          authorization,
          'POST',
          '/api/admin/fs/batch-copy',
          { items: [{ sourcePath: '/bench-a/big.bin', targetPath: copy.target }] },
          202,
        );
        const task = await waitForTask(baseUrl, authorization, started.taskId);
        const copied = fs.statSync(copy.file).size;
        if (task.status !== 'completed' || copied !== size) {
          throw new Error(
            `task ${task.status} (${task.error ?? ''}), ${copied} bytes at the target`,
          );
        }
        return true;
      });
      if (!done) {
        continue;
      }
      // Checked outside the timed phase: reading 1 GiB back is not part of the copy.
      const read = sha256();
      await pipeline(fs.createReadStream(copy.file), read);
      if (read.digest('hex') !== digest) {
        Object.assign(phases.operations[copy.label], {
          errors: 1,
          firstError: "the copy's SHA-256 differs from the source's",
        });
      }
      fs.rmSync(copy.file);
    }
  } finally {
    phases.stop();
  }
  const speedOf = (label) => {
    const ms = phases.operations[label]?.latencyMs?.p50;
    return ms ? copyMib / (ms / 1000) : null;
  };
  const percent = (value, of) => (value === null ? '?' : Math.round((value / of) * 100));
  const across = speedOf('copy across storages');
  const within = speedOf('copy within a storage');
  const peak = phases.peakMb();
  console.log(
    `  plain stream copy ${plainStream.toFixed(0)} MiB/s, plain fs.copyFile ${plainCopyFile.toFixed(0)} MiB/s\n` +
      `  task across storages (local → local, another config: no S3 in the bench) ` +
      `${across?.toFixed(0) ?? '?'} MiB/s = ${percent(across, plainStream)} % of the plain stream copy\n` +
      `  task within a storage (server-side copyFile) ${within?.toFixed(0) ?? '?'} MiB/s = ` +
      `${percent(within, plainCopyFile)} % of plain fs.copyFile\n` +
      `  ${peak === null ? 'NOT MEASURED (no /proc)' : peak <= rssLimitMb ? 'PASS' : 'FAIL'}: ` +
      `server peak RSS ${peak} MB (limit ${rssLimitMb} MB)`,
  );
  return phases.operations;
}

export async function run({ baseUrl, authorization, pid, dataDir }) {
  const mountA = await createMount(baseUrl, authorization, 'bench-a');
  await createMount(baseUrl, authorization, 'bench-b');
  const rootA = path.join(dataDir, 'bench-a');
  // The copies first: the RSS limit is theirs, and 10,000-entry listings leave a large heap
  // behind them that would be counted against the copy.
  const copies = await copyBench({ baseUrl, authorization, pid, dataDir, rootA });
  const listings = await listBench({ baseUrl, authorization, rootA, mountA });
  return { ...listings, ...copies };
}
