// Issue 10's benchmarks of WebDAV (/dav), on a local storage mounted at /dav-bench:
// - PROPFIND depth 1 (allprop, no body) of folders of 1,000 and 10,000 files, the mount's
//   listing cache warm (cache_ttl 300): p50/p95 latency, the whole 207 answer read;
// - a BENCH_DAV_MIB (default 1024) MiB file PUT and GET over WebDAV against the same file
//   uploaded through the fs API (POST /api/admin/fs/upload, a streamed multipart form) and
//   downloaded through it (GET /api/admin/fs/download), as MiB/s and the WebDAV/fs ratio,
//   every transfer checked by size and SHA-256. The server's peak RSS must stay under
//   BENCH_RSS_LIMIT_MB (default 200).
// The listing folders are written straight into the storage folder under the server's
// DATA_DIR. WebDAV calls use HTTP Basic with the admin's credentials, as clients do.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { measure } from './lib/measure.mjs';
import { patternChunks, patternDigest, sha256 } from './lib/pattern.mjs';
import { createPhases } from './lib/phases.mjs';
import { overrideSetting } from './lib/settings.mjs';
import { callApi, download, sendRequest } from './lib/transfer.mjs';

const MIB = 1024 * 1024;
const sizeMib = Number(process.env.BENCH_DAV_MIB || 1024);
const size = sizeMib * MIB;
const rssLimitMb = Number(process.env.BENCH_RSS_LIMIT_MB || 200);
const FOLDER = 'dav-bench';

export const name = 'webdav';
export const description = `PROPFIND depth 1 of 1k and 10k files; ${sizeMib} MiB PUT/GET over WebDAV vs the fs API`;

async function createMount(baseUrl, authorization) {
  const config = await callApi(
    baseUrl,
    authorization,
    'POST',
    '/api/s3-configs',
    { name: FOLDER, provider_type: 'local', root_path: FOLDER },
    201,
  );
  await callApi(
    baseUrl,
    authorization,
    'POST',
    '/api/admin/mounts',
    { name: FOLDER, storage_config_id: config.id, mount_path: `/${FOLDER}`, cache_ttl: 300 },
    201,
  );
}

/** PROPFIND depth 1 of `folder`, the answer read in full and its responses counted. */
async function propfind(baseUrl, basicAuth, folder, expected) {
  const answer = await sendRequest(new URL(`/dav/${FOLDER}/${folder}/`, baseUrl), {
    method: 'PROPFIND',
    headers: { authorization: basicAuth, depth: '1' },
  });
  if (answer.status !== 207) {
    throw new Error(`PROPFIND ${folder}: HTTP ${answer.status} ${answer.text.slice(0, 200)}`);
  }
  const responses = answer.text.split('<D:response>').length - 1;
  if (responses !== expected + 1) {
    throw new Error(`PROPFIND ${folder}: ${responses} responses, expected ${expected + 1}`);
  }
}

async function propfindBench({ baseUrl, basicAuth, root }) {
  const operations = {};
  for (const [label, count, requests] of [
    ['PROPFIND d1 1k', 1_000, 200],
    ['PROPFIND d1 10k', 10_000, 30],
  ]) {
    const folder = `files-${count}`;
    fs.mkdirSync(path.join(root, folder), { recursive: true });
    for (let i = 0; i < count; i++) {
      const file = `file-${String(i).padStart(5, '0')}.txt`;
      fs.writeFileSync(path.join(root, folder, file), `entry ${i}\n`);
    }
    const send = () => propfind(baseUrl, basicAuth, folder, count);
    await send(); // warms the listing cache
    operations[label] = await measure({ requests, concurrency: 1, send });
  }
  return operations;
}

/** POST /api/admin/fs/upload: `path` first, then the file streamed, with its exact length. */
async function fsUpload(baseUrl, authorization, target, hash) {
  const boundary = `----pastebox-bench-${randomBytes(12).toString('hex')}`;
  const preamble = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="path"\r\n\r\n${target}\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="fs.bin"\r\n` +
      'Content-Type: application/octet-stream\r\n\r\n',
  );
  const epilogue = Buffer.from(`\r\n--${boundary}--\r\n`);
  async function* body() {
    yield preamble;
    yield* patternChunks(size, MIB, hash);
    yield epilogue;
  }
  const answer = await sendRequest(new URL('/api/admin/fs/upload', baseUrl), {
    method: 'POST',
    headers: {
      authorization,
      'content-type': `multipart/form-data; boundary=${boundary}`,
      'content-length': String(preamble.length + size + epilogue.length),
    },
    body: body(),
  });
  if (answer.status !== 200) {
    throw new Error(`fs upload: HTTP ${answer.status} ${answer.text.slice(0, 300)}`);
  }
}

async function davPut(baseUrl, basicAuth, target, hash) {
  const answer = await sendRequest(new URL(`/dav${target}`, baseUrl), {
    method: 'PUT',
    headers: {
      authorization: basicAuth,
      'content-type': 'application/octet-stream',
      'content-length': String(size),
    },
    body: patternChunks(size, MIB, hash),
  });
  if (answer.status !== 201 && answer.status !== 204) {
    throw new Error(`WebDAV PUT: HTTP ${answer.status} ${answer.text.slice(0, 300)}`);
  }
}

/** Downloads `url` in full and checks the size and the SHA-256 against the upload's. */
async function fetchChecked(url, authorization, digest) {
  const hash = sha256();
  const bytes = await download(url, hash, authorization);
  const got = hash.digest('hex');
  if (bytes !== size || got !== digest) {
    throw new Error(`downloaded ${bytes} bytes with SHA-256 ${got}: not what was uploaded`);
  }
}

async function transferBench({ baseUrl, authorization, basicAuth, pid }) {
  const restoreLimit = await overrideSetting(pid, 'max_upload_size_mb', String(sizeMib + 64));
  const phases = createPhases({ pid, bytes: size, rssLimitMb });
  let digest = null;
  const expected = async () => (digest ??= await patternDigest(size));
  const fsPath = `/${FOLDER}/fs.bin`;
  const davPath = `/${FOLDER}/dav.bin`;
  try {
    await phases.run('fs API upload', () => fsUpload(baseUrl, authorization, fsPath, sha256()));
    await phases.run('WebDAV PUT', () => davPut(baseUrl, basicAuth, davPath, sha256()));
    const fsUrl = new URL(`/api/admin/fs/download?path=${encodeURIComponent(fsPath)}`, baseUrl);
    const davUrl = new URL(`/dav${davPath}`, baseUrl);
    const sum = await expected();
    await phases.run('fs API download', () => fetchChecked(fsUrl, authorization, sum));
    await phases.run('WebDAV GET', () => fetchChecked(davUrl, basicAuth, sum));
  } finally {
    phases.stop();
    await restoreLimit();
  }
  const speed = (label) => phases.operations[label]?.mibPerSecond ?? null;
  const ratio = (dav, api) =>
    speed(dav) && speed(api) ? `${Math.round((speed(dav) / speed(api)) * 100)} %` : '?';
  const peak = phases.peakMb();
  console.log(
    `  PUT ${speed('WebDAV PUT')} MiB/s vs fs upload ${speed('fs API upload')} MiB/s = ` +
      `${ratio('WebDAV PUT', 'fs API upload')}\n` +
      `  GET ${speed('WebDAV GET')} MiB/s vs fs download ${speed('fs API download')} MiB/s = ` +
      `${ratio('WebDAV GET', 'fs API download')}\n` +
      `  ${peak === null ? 'NOT MEASURED (no /proc)' : peak <= rssLimitMb ? 'PASS' : 'FAIL'}: ` +
      `server peak RSS ${peak} MB (limit ${rssLimitMb} MB)`,
  );
  return phases.operations;
}

export async function run({ baseUrl, authorization, pid, dataDir }) {
  const { username, password } = adminOf(pid);
  const basicAuth = `Basic ${Buffer.from(`${username}:${password}`).toString('base64')}`;
  await createMount(baseUrl, authorization);
  const root = path.join(dataDir, FOLDER);
  // The transfers first: the RSS limit is theirs, and 10,000-entry answers leave a large
  // heap behind them that would be counted against the transfers.
  const transfers = await transferBench({ baseUrl, authorization, basicAuth, pid });
  fs.rmSync(path.join(root, 'fs.bin'), { force: true });
  fs.rmSync(path.join(root, 'dav.bin'), { force: true });
  const listings = await propfindBench({ baseUrl, basicAuth, root });
  return { ...listings, ...transfers };
}

/** The admin's credentials from the server's environment (the runner passes none). */
function adminOf(pid) {
  const environ = fs.readFileSync(`/proc/${pid}/environ`, 'utf8').split('\0');
  const value = (key) =>
    environ.find((entry) => entry.startsWith(`${key}=`))?.slice(key.length + 1) ?? '';
  return { username: value('ADMIN_USERNAME'), password: value('ADMIN_PASSWORD') };
}
