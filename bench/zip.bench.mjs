// Issue 33's benchmark of the streamed ZIP (GET /api/admin/fs/download-zip): a folder of
// BENCH_ZIP_FILES files of BENCH_ZIP_FILE_MIB MiB each (default 32 × 32 MiB = 1 GiB) on a
// local mount, downloaded as one ZIP, against the same files downloaded one by one with a
// plain GET fs/download. Throughput counts the files' bytes in both, so the ratio is the
// time the plain downloads take over the ZIP's: the target is ≥ 0.8 (DESIGN §13). A
// second, informational shape (1,000 files of 64 KiB) shows the ZIP saving a request per
// file. The client hashes both (SHA-256 of the archive, of each file) at the same cost.
// The server's peak RSS must stay under BENCH_RSS_LIMIT_MB (default 200) in the large shape.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { Readable } from 'node:stream';
import { createPhases } from './lib/phases.mjs';
import { patternChunks, sha256 } from './lib/pattern.mjs';
import { callApi, download } from './lib/transfer.mjs';

const MIB = 1024 * 1024;
const files = Number(process.env.BENCH_ZIP_FILES || 32);
const fileMib = Number(process.env.BENCH_ZIP_FILE_MIB || 32);
const rssLimitMb = Number(process.env.BENCH_RSS_LIMIT_MB || 200);
const TARGET_RATIO = 0.8;
const ROUNDS = 3;

export const name = 'zip';
export const description =
  `fs download-zip of ${files} × ${fileMib} MiB against plain GETs of the same files ` +
  `(target ≥ ${TARGET_RATIO}); 1,000 × 64 KiB`;

/** `count` files of `size` bytes under `folder` (distinct content: offsets of the pattern). */
async function writeFiles(folder, count, size) {
  fs.mkdirSync(folder, { recursive: true });
  for (let index = 0; index < count; index++) {
    const file = path.join(folder, `file-${String(index).padStart(4, '0')}.bin`);
    await pipeline(
      Readable.from(patternChunks(size, Math.min(size, MIB), sha256())),
      fs.createWriteStream(file),
    );
  }
}

async function mountFolder(baseUrl, authorization, folder) {
  const config = await callApi(
    baseUrl,
    authorization,
    'POST',
    '/api/s3-configs',
    { name: folder, provider_type: 'local', root_path: folder },
    201,
  );
  await callApi(
    baseUrl,
    authorization,
    'POST',
    '/api/admin/mounts',
    { name: folder, storage_config_id: config.id, mount_path: `/${folder}`, cache_ttl: 0 },
    201,
  );
}

const apiUrl = (baseUrl, call, virtualPath) =>
  new URL(`/api/admin/fs/${call}?path=${encodeURIComponent(virtualPath)}`, baseUrl);

/** Every file by a plain GET, one after the other; resolves with the bytes received. */
async function plainDownloads(baseUrl, authorization, folder, count) {
  let bytes = 0;
  for (let index = 0; index < count; index++) {
    const file = `/${folder}/file-${String(index).padStart(4, '0')}.bin`;
    bytes += await download(apiUrl(baseUrl, 'download', file), createHash('sha256'), authorization);
  }
  return bytes;
}

async function zipDownload(baseUrl, authorization, folder) {
  return download(
    apiUrl(baseUrl, 'download-zip', `/${folder}`),
    createHash('sha256'),
    authorization,
  );
}

/**
 * Best of ROUNDS of each way, after one warm-up of each (page cache, JIT). `phases` has
 * one phase set per way: the RSS limit is the ZIP's, the plain GETs are only its yardstick.
 */
async function compare(phasesOf, label, { baseUrl, authorization, folder, count, size }) {
  await plainDownloads(baseUrl, authorization, folder, count);
  await zipDownload(baseUrl, authorization, folder);
  const payload = count * size;
  const best = { plain: null, zip: null };
  for (let round = 1; round <= ROUNDS; round++) {
    for (const way of ['plain', 'zip']) {
      const key = `${label} ${way} #${round}`;
      const phases = phasesOf[way];
      await phases.run(key, async () => {
        const received =
          way === 'plain'
            ? await plainDownloads(baseUrl, authorization, folder, count)
            : await zipDownload(baseUrl, authorization, folder);
        if (way === 'plain' ? received !== payload : received <= payload) {
          throw new Error(`${received} bytes received for ${payload} bytes of files`);
        }
        return true;
      });
      const speed = phases.operations[key]?.mibPerSecond ?? null;
      best[way] = speed === null ? best[way] : Math.max(best[way] ?? 0, speed);
    }
  }
  return best;
}

export async function run({ baseUrl, authorization, pid, dataDir }) {
  const shapes = [
    { label: 'large', folder: 'bench-zip-large', count: files, size: fileMib * MIB, gate: true },
    { label: 'small', folder: 'bench-zip-small', count: 1000, size: 64 * 1024, gate: false },
  ];
  const lines = [];
  let operations = {};
  for (const shape of shapes) {
    await writeFiles(path.join(dataDir, shape.folder), shape.count, shape.size);
    await mountFolder(baseUrl, authorization, shape.folder);
    // The ZIPs of the large shape are held to the limit; the rest (plain GETs, the small
    // shape: the idle server's ~150 MB plus a thousand requests' garbage) is reported.
    const bytes = shape.count * shape.size;
    const unlimited = Number.POSITIVE_INFINITY;
    const phases = createPhases({ pid, bytes, rssLimitMb: shape.gate ? rssLimitMb : unlimited });
    const plainPhases = createPhases({ pid, bytes, rssLimitMb: unlimited });
    try {
      const best = await compare({ plain: plainPhases, zip: phases }, shape.label, {
        baseUrl,
        authorization,
        ...shape,
      });
      const ratio = best.plain && best.zip ? best.zip / best.plain : null;
      const verdict = !shape.gate
        ? 'INFO'
        : ratio !== null && ratio >= TARGET_RATIO
          ? 'PASS'
          : 'FAIL';
      lines.push(
        `  ${verdict}: ${shape.label} (${shape.count} × ${shape.size / 1024} KiB): ZIP ` +
          `${best.zip?.toFixed(0) ?? '?'} MiB/s, plain GETs ${best.plain?.toFixed(0) ?? '?'} MiB/s, ` +
          `ratio ${ratio?.toFixed(2) ?? '?'}${shape.gate ? ` (target ≥ ${TARGET_RATIO})` : ''}`,
      );
      if (shape.gate && verdict === 'FAIL') {
        operations[`${shape.label} zip ratio`] = {
          requests: 1,
          concurrency: 1,
          errors: 1,
          requestsPerSecond: 0,
          firstError: `ZIP/plain throughput ${ratio?.toFixed(2)} < ${TARGET_RATIO}`,
          latencyMs: {},
        };
      }
      operations = { ...operations, ...plainPhases.operations, ...phases.operations };
      // VmRSS sampled during the ZIPs (VmHWM would count the plain GETs too).
      const samples = Object.values(phases.operations).map((op) => op.server?.sampledMaxMb);
      const peak = samples.some((mb) => typeof mb === 'number')
        ? Math.max(...samples.filter(Boolean))
        : null;
      const held = peak === null ? 'NOT MEASURED (no /proc)' : peak <= rssLimitMb ? 'PASS' : 'FAIL';
      lines.push(
        `  ${shape.gate ? held : 'INFO'}: ${shape.label}: server peak RSS ${peak} MB while zipping` +
          `${shape.gate ? ` (limit ${rssLimitMb} MB)` : ''}`,
      );
    } finally {
      phases.stop();
      plainPhases.stop();
    }
  }
  console.log(lines.join('\n'));
  return operations;
}
