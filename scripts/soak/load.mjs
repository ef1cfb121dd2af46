import { sha256 } from './http.mjs';
import { recordMountFile } from './ledger.mjs';
import { copyTask } from './ops/tasks.mjs';
import { downloadFile, uploadForm, uploadMultipart, uploadPresigned } from './ops/files.mjs';
import {
  fsDelete,
  fsList,
  fsMkdir,
  fsPresignUpload,
  fsRead,
  fsRename,
  fsUpload,
} from './ops/fs.mjs';
import { seededContent, randomInt } from './ops/random.mjs';
import { createPaste, readLimitedPaste, readPaste } from './ops/text.mjs';
import { davGet, davLockedPut, davPropfind, davPut } from './ops/webdav.mjs';
import { MOUNT_PATH } from './setup.mjs';
import { sleep } from './processes.mjs';

// The mixed load: CLIENTS loops, each running one operation at a time, chosen by weight,
// with a short pause between them (the goal is invariants under faults, not throughput:
// two cores carry the instances, PostgreSQL, Swift and HAProxy as well).

export const CLIENTS = 24;
const PAUSE_MS = [20, 120];

/** Relative weights of the operations (each a function of the client's context). */
const MIX = [
  [createPaste, 10],
  [readPaste, 10],
  [readLimitedPaste, 16],
  [uploadForm, 4],
  [uploadPresigned, 3],
  [uploadMultipart, 0.25],
  [downloadFile, 8],
  [fsMkdir, 1.5],
  [fsUpload, 5],
  [fsPresignUpload, 1.5],
  [fsList, 5],
  [fsRename, 3],
  [fsDelete, 2],
  [fsRead, 4],
  [davPut, 4],
  [davGet, 4],
  [davPropfind, 3],
  [davLockedPut, 2],
  [copyTask, 1],
];
const TOTAL_WEIGHT = MIX.reduce((sum, [, weight]) => sum + weight, 0);

function chooseOperation() {
  let left = Math.random() * TOTAL_WEIGHT;
  for (const [operation, weight] of MIX) {
    left -= weight;
    if (left < 0) {
      return operation;
    }
  }
  return MIX[0][0];
}

/** Retries a set-up step until it succeeds (a fault may be under way). */
async function untilOk(step, stopping) {
  while (!stopping()) {
    const answer = await step();
    if (answer.ok) {
      return true;
    }
    await sleep(500);
  }
  return false;
}

/** The client's folders, and two copy sources that nothing changes afterwards. */
async function prepareClient(ctx) {
  const { root } = ctx.client;
  for (const path of [root, `${root}/dav`, `${root}/src`, `${root}/copies`]) {
    const made = await untilOk(
      () =>
        ctx.request('setup.mkdir', `${ctx.base}/api/user/fs/mkdir`, {
          method: 'POST',
          headers: { authorization: ctx.auth.keyAuth, 'content-type': 'application/json' },
          body: JSON.stringify({ path }),
        }),
      ctx.stopping,
    );
    if (made) {
      ctx.ledger.folders.add(path);
    }
  }
  for (let index = 0; index < 2; index += 1) {
    const content = seededContent(randomInt(1024, 256 * 1024));
    const path = `${root}/src/source-${index}.bin`;
    const put = () =>
      ctx.request('setup.source', `${ctx.base}/dav${path}`, {
        method: 'PUT',
        headers: { authorization: ctx.auth.davAuth },
        body: content.bytes,
      });
    if (await untilOk(put, ctx.stopping)) {
      const entry = {
        seed: content.seed,
        sha: sha256(content.bytes),
        size: content.bytes.length,
        via: 'source',
      };
      recordMountFile(ctx.ledger, path, entry);
      ctx.client.sources.push(path);
    }
  }
}

/**
 * The context of one client: its requests are tagged with its id and the `subject` (a file
 * name, a path) its current operation set.
 */
function clientContext(shared, client, stopping) {
  const ctx = { ...shared, client, stopping, subject: '' };
  ctx.request = (op, url, init = {}) =>
    shared.request(op, url, { ...init, tag: `${client.id} ${ctx.subject}`.trim() });
  return ctx;
}

async function runClient(ctx) {
  await prepareClient(ctx);
  while (!ctx.stopping()) {
    const operation = chooseOperation();
    ctx.subject = '';
    await operation(ctx);
    await sleep(randomInt(...PAUSE_MS));
  }
}

/** Every operation once, in an order where each finds what it needs. */
const PROBE_ORDER = [
  createPaste,
  (ctx) => readPaste(ctx, true),
  (ctx) => readPaste(ctx, false),
  (ctx) => readLimitedPaste(ctx, true),
  (ctx) => readLimitedPaste(ctx, false),
  uploadForm,
  uploadPresigned,
  uploadMultipart,
  downloadFile,
  fsMkdir,
  fsUpload,
  fsPresignUpload,
  fsList,
  fsRead,
  fsRename,
  fsDelete,
  davPut,
  davGet,
  davPropfind,
  davLockedPut,
  copyTask,
];

/**
 * After the load (and the last fault window): one client runs every operation once, so
 * that "clients recovered" is shown for rare operations too (a multipart upload is a few
 * in a thousand of the mix).
 */
export async function probeEveryOperation(shared) {
  const client = { id: 'probe', counter: 0, folders: [], sources: [], root: `${MOUNT_PATH}/probe` };
  const ctx = clientContext(shared, client, () => false);
  await prepareClient(ctx);
  for (const operation of PROBE_ORDER) {
    ctx.subject = '';
    await operation(ctx);
  }
}

/**
 * Runs the load until `stopping()` says so; resolves when every client has finished its
 * current operation. `shared` holds `{ request, ledger, auth, base }`.
 */
export function runLoad(shared, stopping) {
  const clients = Array.from({ length: CLIENTS }, (_, index) => {
    const client = { id: `c${index + 1}`, counter: 0, folders: [], sources: [] };
    client.root = `${MOUNT_PATH}/${client.id}`;
    return runClient(clientContext(shared, client, stopping));
  });
  return Promise.all(clients);
}
