// DESIGN §13's measurement behind docs/zip.md: our streamed ZIP writer
// (apps/server/src/lib/zip) against the npm candidates client-zip, yazl and zip-stream
// (archiver's writer), all storing (no compression) the same files read from disk into a
// sink that only counts bytes. Each candidate and workload runs in a child process of its
// own, so its peak RSS (getrusage maxRSS) is its own.
//
// The candidates are not dependencies of the project: install them beside it first,
//   mkdir -p /tmp/zip-candidates && (cd /tmp/zip-candidates && npm init -y && npm i client-zip yazl zip-stream)
// then: npx tsx bench/zip-candidates.mjs [/tmp/zip-candidates]
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';

const MIB = 1024 * 1024;
const REPEAT = Number(process.env.ZIP_BENCH_REPEAT || 3);
const WORKLOADS = {
  'large files (8 x 256 MiB)': { count: 8, size: 256 * MIB },
  'small files (20,000 x 4 KiB)': { count: 20_000, size: 4096 },
};
// 'plain' is no archive: the same files streamed one after the other (the floor).
const CANDIDATES = (process.env.ZIP_CANDIDATES ?? 'plain,ours,client-zip,yazl,zip-stream').split(
  ',',
);

function makeFolder(root, { count, size }) {
  const folder = path.join(root, `${count}x${size}`);
  if (fs.existsSync(folder)) {
    return folder;
  }
  fs.mkdirSync(folder, { recursive: true });
  const block = Buffer.alloc(Math.min(size, MIB));
  for (let at = 0; at < block.length; at += 4) {
    block.writeUInt32LE((at * 2654435761) >>> 0, at);
  }
  for (let index = 0; index < count; index += 1) {
    const fd = fs.openSync(path.join(folder, `file-${index}.bin`), 'w');
    for (let written = 0; written < size; written += block.length) {
      fs.writeSync(fd, block, 0, Math.min(block.length, size - written));
    }
    fs.closeSync(fd);
  }
  return folder;
}

function filesOf(folder) {
  return fs
    .readdirSync(folder)
    .sort()
    .map((name) => {
      const file = path.join(folder, name);
      const stat = fs.statSync(file);
      return { name, file, size: stat.size, modifiedAt: stat.mtime };
    });
}

function countingSink() {
  const sink = new Writable({
    write(chunk, _encoding, callback) {
      sink.bytes += chunk.length;
      callback();
    },
  });
  sink.bytes = 0;
  return sink;
}

/** The archive of `files` by one candidate, as a Node readable. */
async function archiveBy(candidate, files, modules) {
  const need = createRequire(path.join(modules, 'package.json'));
  if (candidate === 'plain') {
    return Readable.from(
      (async function* plain() {
        for (const f of files) {
          yield* fs.createReadStream(f.file);
        }
      })(),
      { objectMode: false },
    );
  }
  if (candidate === 'ours') {
    const here = path.dirname(fileURLToPath(import.meta.url));
    const zip = await import(
      pathToFileURL(path.join(here, '../apps/server/src/lib/zip/stream.ts')).href
    );
    const entries = files.map((f) => ({
      name: f.name,
      size: f.size,
      modifiedAt: f.modifiedAt,
      open: async () => fs.createReadStream(f.file),
    }));
    return zip.zipStream(entries);
  }
  if (candidate === 'client-zip') {
    const { makeZip } = await import(pathToFileURL(need.resolve('client-zip')).href);
    async function* inputs() {
      for (const f of files) {
        yield {
          name: f.name,
          lastModified: f.modifiedAt,
          size: f.size,
          input: fs.createReadStream(f.file),
        };
      }
    }
    return Readable.fromWeb(makeZip(inputs()));
  }
  if (candidate === 'yazl') {
    const yazl = need('yazl');
    const zip = new yazl.ZipFile();
    for (const f of files) {
      zip.addReadStreamLazy(f.name, { compress: false, size: f.size, mtime: f.modifiedAt }, (cb) =>
        cb(null, fs.createReadStream(f.file)),
      );
    }
    zip.end();
    return zip.outputStream;
  }
  const { default: ZipStream } = await import(pathToFileURL(need.resolve('zip-stream')).href);
  const archive = new ZipStream({ store: true });
  (async () => {
    for (const f of files) {
      await new Promise((resolve, reject) =>
        archive.entry(fs.createReadStream(f.file), { name: f.name, date: f.modifiedAt }, (error) =>
          error ? reject(error) : resolve(),
        ),
      );
    }
    archive.finalize();
  })().catch((error) => archive.destroy(error));
  return archive;
}

async function runChild(candidate, folder, modules) {
  const files = filesOf(folder);
  const started = performance.now();
  const sink = countingSink();
  await pipeline(await archiveBy(candidate, files, modules), sink);
  const seconds = (performance.now() - started) / 1000;
  const bytes = files.reduce((sum, f) => sum + f.size, 0);
  const result = {
    seconds: Math.round(seconds * 100) / 100,
    mibPerSecond: Math.round(bytes / MIB / seconds),
    archiveBytes: sink.bytes,
    peakRssMb: Math.round(process.resourceUsage().maxRSS / 1024),
  };
  process.stdout.write(JSON.stringify(result));
}

async function main() {
  if (process.argv[2] === '--child') {
    await runChild(process.argv[3], process.argv[4], process.argv[5]);
    return;
  }
  const modules = process.argv[2] ?? '/tmp/zip-candidates';
  const root = path.join(os.tmpdir(), 'zip-candidates-data');
  console.log(`node ${process.version}, ${os.cpus().length} CPUs; candidates from ${modules}`);
  for (const [label, shape] of Object.entries(WORKLOADS)) {
    const folder = makeFolder(root, shape);
    console.log(`\n${label}`);
    console.log('  candidate        seconds   MiB/s   peak RSS MB   archive bytes');
    for (const candidate of CANDIDATES) {
      // The best of REPEAT runs: a shared machine's noise only ever slows a run down.
      const runs = [];
      for (let run = 0; run < REPEAT; run += 1) {
        const child = spawnSync(
          process.execPath,
          [
            ...process.execArgv,
            fileURLToPath(import.meta.url),
            '--child',
            candidate,
            folder,
            modules,
          ],
          { encoding: 'utf8', maxBuffer: MIB },
        );
        if (child.status !== 0) {
          throw new Error(`${candidate} failed: ${child.stderr.split('\n').slice(0, 5).join(' ')}`);
        }
        runs.push(JSON.parse(child.stdout));
      }
      const r = runs.reduce((best, next) => (next.seconds < best.seconds ? next : best));
      console.log(
        `  ${candidate.padEnd(15)}${String(r.seconds).padStart(8)}${String(r.mibPerSecond).padStart(8)}` +
          `${String(r.peakRssMb).padStart(14)}${String(r.archiveBytes).padStart(16)}`,
      );
    }
  }
}

await main();
