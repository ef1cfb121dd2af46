import { isFaultLike, sha256 } from '../http.mjs';
import { forgetPath, recordMismatch, recordMountFile } from '../ledger.mjs';
import { fileSize, pick, seededContent, uniqueName } from './random.mjs';

// WebDAV (/dav, Basic auth with the API key) in the client's own folder: PUT, GET,
// PROPFIND Depth 1 checked against the ledger, and LOCK → PUT with the lock token →
// UNLOCK. Locks ask for 10 s, so one whose UNLOCK was lost expires soon and the final
// check can see that the sweeper removes it.

export const LOCK_SECONDS = 10;

const LOCK_BODY =
  '<?xml version="1.0" encoding="utf-8"?><D:lockinfo xmlns:D="DAV:">' +
  '<D:lockscope><D:exclusive/></D:lockscope><D:locktype><D:write/></D:locktype>' +
  '<D:owner>pastebox-soak</D:owner></D:lockinfo>';

function davUrl(ctx, path) {
  return `${ctx.base}/dav${path.split('/').map(encodeURIComponent).join('/')}`;
}

function davFiles(ctx) {
  const prefix = `${ctx.client.root}/dav/`;
  return [...ctx.ledger.mountFiles.keys()].filter((path) => path.startsWith(prefix));
}

async function put(ctx, op, path, headers = {}) {
  ctx.subject = path;
  const content = seededContent(fileSize());
  const answer = await ctx.request(op, davUrl(ctx, path), {
    method: 'PUT',
    headers: { authorization: ctx.auth.davAuth, ...headers },
    body: content.bytes,
    timeoutMs: 60_000,
  });
  if (answer.ok) {
    const entry = {
      seed: content.seed,
      sha: sha256(content.bytes),
      size: content.bytes.length,
      via: op,
    };
    recordMountFile(ctx.ledger, path, entry);
  } else if (isFaultLike(answer.status)) {
    forgetPath(ctx.ledger, path);
  } else {
    forgetPath(ctx.ledger, path);
    recordMismatch(ctx.ledger, `${op} refused`, `${path}: HTTP ${answer.status}`);
  }
  return answer;
}

export function davPut(ctx) {
  return put(ctx, 'dav.put', `${ctx.client.root}/dav/${uniqueName(ctx.client, 'w')}.bin`);
}

export async function davGet(ctx) {
  const path = pick(davFiles(ctx));
  if (!path) {
    return davPut(ctx);
  }
  const answer = await ctx.request('dav.get', davUrl(ctx, path), {
    headers: { authorization: ctx.auth.davAuth },
    timeoutMs: 60_000,
  });
  if (answer.ok && sha256(answer.body) !== ctx.ledger.mountFiles.get(path)?.sha) {
    recordMismatch(ctx.ledger, 'WebDAV GET differs', path);
  } else if (!answer.ok && !isFaultLike(answer.status)) {
    recordMismatch(ctx.ledger, 'WebDAV GET refused', `${path}: HTTP ${answer.status}`);
  }
}

/** PROPFIND Depth 1 of the client's WebDAV folder: every file the ledger holds is listed. */
export async function davPropfind(ctx) {
  const folder = `${ctx.client.root}/dav`;
  const answer = await ctx.request('dav.propfind', `${davUrl(ctx, folder)}/`, {
    method: 'PROPFIND',
    headers: { authorization: ctx.auth.davAuth, depth: '1' },
  });
  if (answer.status !== 207) {
    if (!isFaultLike(answer.status)) {
      recordMismatch(ctx.ledger, 'PROPFIND refused', `${folder}: HTTP ${answer.status}`);
    }
    return;
  }
  const text = answer.body.toString('utf8');
  for (const path of davFiles(ctx)) {
    if (!text.includes(path.slice(path.lastIndexOf('/') + 1))) {
      recordMismatch(ctx.ledger, 'PROPFIND misses a written file', path);
    }
  }
}

/** LOCK an existing file, PUT with the lock token in `If:`, UNLOCK. */
export async function davLockedPut(ctx) {
  const path = pick(davFiles(ctx));
  if (!path) {
    return davPut(ctx);
  }
  const lockedAt = Date.now();
  const lock = await ctx.request('dav.lock', davUrl(ctx, path), {
    method: 'LOCK',
    headers: {
      authorization: ctx.auth.davAuth,
      'content-type': 'application/xml; charset=utf-8',
      timeout: `Second-${LOCK_SECONDS}`,
      depth: '0',
    },
    body: LOCK_BODY,
  });
  const token = lock.headers.get('lock-token')?.replace(/^<|>$/g, '');
  const expiresAt = lockedAt + LOCK_SECONDS * 1000;
  if (!lock.ok || !token) {
    if (isFaultLike(lock.status)) {
      // A lock may have been taken without our knowing its token: the path is left alone
      // and the lock must be gone after it expires and a sweep runs.
      forgetPath(ctx.ledger, path);
      ctx.ledger.locks.set(`unknown:${path}:${lockedAt}`, { path, expiresAt, released: false });
    } else {
      recordMismatch(ctx.ledger, 'LOCK refused', `${path}: HTTP ${lock.status}`);
    }
    return;
  }
  const held = { path, expiresAt, released: false };
  ctx.ledger.locks.set(token, held);
  await put(ctx, 'dav.put.locked', path, { if: `(<${token}>)` });
  const unlock = await ctx.request('dav.unlock', davUrl(ctx, path), {
    method: 'UNLOCK',
    headers: { authorization: ctx.auth.davAuth, 'lock-token': `<${token}>` },
  });
  held.released = unlock.ok;
  if (!unlock.ok && !isFaultLike(unlock.status)) {
    recordMismatch(ctx.ledger, 'UNLOCK refused', `${path}: HTTP ${unlock.status}`);
  }
}
