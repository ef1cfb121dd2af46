import { dataOf, isFaultLike, sha256 } from '../http.mjs';
import { forgetPath, recordMismatch, recordMountFile } from '../ledger.mjs';
import { formBody } from './form.mjs';
import { fileSize, pick, seededContent, uniqueName } from './random.mjs';

// The fs API (/api/user/fs, as the API key): mkdir, uploads (streamed form and presigned
// PUT + commit), listings checked against the ledger, rename, delete and reads. Each client
// works in folders of its own (`/soak/c<N>/d-…`), so its ledger entries never race.

function fsUrl(ctx, action, path) {
  const query = path === undefined ? '' : `?path=${encodeURIComponent(path)}`;
  return `${ctx.base}/api/user/fs/${action}${query}`;
}

function postJson(ctx, op, action, json) {
  return ctx.request(op, fsUrl(ctx, action), {
    method: 'POST',
    headers: { authorization: ctx.auth.keyAuth, 'content-type': 'application/json' },
    body: JSON.stringify(json),
  });
}

/** The client's files in its work folders (not its copy sources, copies or WebDAV folder). */
function workFiles(ctx) {
  const prefix = `${ctx.client.root}/d-`;
  return [...ctx.ledger.mountFiles.keys()].filter((path) => path.startsWith(prefix));
}

/** An unexpected answer to a write: a fault's is forgiven (and the path forgotten). */
function unexpected(ctx, what, answer, paths) {
  if (isFaultLike(answer.status)) {
    paths.forEach((path) => forgetPath(ctx.ledger, path));
  } else {
    recordMismatch(ctx.ledger, what, `${paths.join(' → ')}: HTTP ${answer.status}`);
  }
}

export async function fsMkdir(ctx) {
  const path = `${ctx.client.root}/${uniqueName(ctx.client, 'd')}`;
  const answer = await postJson(ctx, 'fs.mkdir', 'mkdir', { path });
  if (answer.ok) {
    ctx.ledger.folders.add(path);
    ctx.client.folders.push(path);
  } else if (!isFaultLike(answer.status)) {
    recordMismatch(ctx.ledger, 'mkdir refused', `${path}: HTTP ${answer.status}`);
  }
}

function workFolder(ctx) {
  return pick(ctx.client.folders);
}

/** POST fs/upload: the folder first, then the file, streamed. */
export async function fsUpload(ctx) {
  const folder = workFolder(ctx);
  if (!folder) {
    return fsMkdir(ctx);
  }
  const content = seededContent(fileSize());
  const name = `${uniqueName(ctx.client, 'f')}.bin`;
  const form = formBody({ path: `${folder}/` }, name, content.bytes);
  const path = `${folder}/${name}`;
  ctx.subject = path;
  const answer = await ctx.request('fs.upload', fsUrl(ctx, 'upload'), {
    method: 'POST',
    headers: { authorization: ctx.auth.keyAuth, 'content-type': form.contentType },
    body: form.body,
    timeoutMs: 60_000,
  });
  if (answer.ok) {
    recordMountFile(ctx.ledger, path, entryOf(content, 'fs.upload'));
  } else {
    unexpected(ctx, 'fs upload refused', answer, [path]);
  }
}

function entryOf({ seed, bytes }, via) {
  return { seed, sha: sha256(bytes), size: bytes.length, via };
}

/** POST fs/presign → PUT to Swift → POST fs/presign/commit. */
export async function fsPresignUpload(ctx) {
  const folder = workFolder(ctx);
  if (!folder) {
    return fsMkdir(ctx);
  }
  const content = seededContent(fileSize());
  const name = `${uniqueName(ctx.client, 'p')}.bin`;
  ctx.subject = `${folder}/${name}`;
  const signed = dataOf(
    await postJson(ctx, 'fs.presign', 'presign', {
      path: `${folder}/`,
      fileName: name,
      fileSize: content.bytes.length,
      contentType: 'application/octet-stream',
    }),
  );
  if (!signed?.uploadUrl) {
    return;
  }
  const put = await ctx.request('fs.presign.put', new URL(signed.uploadUrl, ctx.base), {
    method: 'PUT',
    headers: signed.headers,
    body: content.bytes,
    timeoutMs: 60_000,
  });
  if (!put.ok) {
    // The object may have landed: nothing is expected at the path either way.
    forgetPath(ctx.ledger, signed.targetPath);
    return;
  }
  const commit = await postJson(ctx, 'fs.presign.commit', 'presign/commit', {
    targetPath: signed.targetPath,
    key: signed.key,
    fileSize: content.bytes.length,
  });
  if (commit.ok) {
    recordMountFile(ctx.ledger, signed.targetPath, entryOf(content, 'fs.presign'));
  } else {
    // A refused commit leaves the object (a mount's file is its object); not acknowledged.
    forgetPath(ctx.ledger, signed.targetPath);
  }
}

/**
 * GET fs/list of a work folder: every file the ledger holds there must be listed and every
 * file deleted there must not — on whichever instance answers, its cache included.
 */
export async function fsList(ctx) {
  const folder = workFolder(ctx);
  if (!folder) {
    return fsMkdir(ctx);
  }
  const answer = await ctx.request('fs.list', fsUrl(ctx, 'list', folder), {
    headers: { authorization: ctx.auth.keyAuth },
  });
  if (!answer.ok) {
    return;
  }
  const listed = new Set((dataOf(answer)?.items ?? []).map((item) => item.path));
  const inFolder = (path) =>
    path.startsWith(`${folder}/`) && !path.slice(folder.length + 1).includes('/');
  for (const path of [...ctx.ledger.mountFiles.keys()].filter(inFolder)) {
    if (!listed.has(path)) {
      recordMismatch(ctx.ledger, 'listing misses a written file', path);
    }
  }
  for (const path of [...ctx.ledger.deleted].filter(inFolder)) {
    if (listed.has(path)) {
      recordMismatch(ctx.ledger, 'listing shows a deleted file', path);
    }
  }
}

export async function fsRename(ctx) {
  const from = pick(workFiles(ctx));
  if (!from) {
    return fsUpload(ctx);
  }
  const folder = from.slice(0, from.lastIndexOf('/'));
  const to = `${folder}/${uniqueName(ctx.client, 'r')}.bin`;
  const answer = await postJson(ctx, 'fs.rename', 'rename', { oldPath: from, newPath: to });
  if (answer.ok) {
    const entry = ctx.ledger.mountFiles.get(from);
    ctx.ledger.mountFiles.delete(from);
    ctx.ledger.deleted.add(from);
    recordMountFile(ctx.ledger, to, entry);
  } else {
    unexpected(ctx, 'rename refused', answer, [from, to]);
  }
}

export async function fsDelete(ctx) {
  const path = pick(workFiles(ctx));
  if (!path) {
    return fsUpload(ctx);
  }
  const answer = await ctx.request('fs.delete', fsUrl(ctx, 'remove', path), {
    method: 'DELETE',
    headers: { authorization: ctx.auth.keyAuth },
  });
  if (answer.ok) {
    ctx.ledger.mountFiles.delete(path);
    ctx.ledger.deleted.add(path);
  } else {
    unexpected(ctx, 'delete refused', answer, [path]);
  }
}

/** GET fs/download of a file the ledger holds, its bytes compared. */
export async function fsRead(ctx) {
  const path = pick(workFiles(ctx));
  if (!path) {
    return fsUpload(ctx);
  }
  const answer = await ctx.request('fs.read', fsUrl(ctx, 'download', path), {
    headers: { authorization: ctx.auth.keyAuth },
    timeoutMs: 60_000,
  });
  if (answer.ok && sha256(answer.body) !== ctx.ledger.mountFiles.get(path)?.sha) {
    recordMismatch(ctx.ledger, 'fs read differs', path);
  } else if (!answer.ok && !isFaultLike(answer.status)) {
    recordMismatch(ctx.ledger, 'fs read refused', `${path}: HTTP ${answer.status}`);
  }
}
