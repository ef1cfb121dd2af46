import { dataOf, sha256 } from '../http.mjs';
import { recordMismatch } from '../ledger.mjs';
import { formBody } from './form.mjs';
import {
  contentFromSeed,
  fileSize,
  pick,
  randomInt,
  seededContent,
  uniqueName,
} from './random.mjs';

// File shares, by each upload path the API offers for S3 (DESIGN §6): the streamed form,
// a presigned single PUT then commit, and a multipart session with presigned part URLs.
// The PUTs to presigned URLs go to Swift directly, as a browser's would.

const MIB = 1024 * 1024;

function remember(ctx, share, { seed, bytes }, kind) {
  const entry = { slug: share.slug, seed, sha: sha256(bytes), size: bytes.length, kind };
  ctx.ledger.files.set(share.slug, entry);
}

/** POST /api/upload, a streamed multipart form into the default (S3) storage. */
export async function uploadForm(ctx) {
  const content = seededContent(fileSize());
  const filename = `${uniqueName(ctx.client, 'form')}.bin`;
  ctx.subject = filename;
  const form = formBody({ max_views: '0' }, filename, content.bytes);
  const answer = await ctx.request('file.upload.form', `${ctx.base}/api/upload`, {
    method: 'POST',
    headers: { authorization: ctx.auth.keyAuth, 'content-type': form.contentType },
    body: form.body,
    timeoutMs: 60_000,
  });
  const share = answer.status === 201 ? dataOf(answer) : null;
  if (share?.slug) {
    remember(ctx, share, content, 'form');
  }
}

function postJson(ctx, op, path, json, timeoutMs = 30_000) {
  return ctx.request(op, `${ctx.base}${path}`, {
    method: 'POST',
    headers: { authorization: ctx.auth.keyAuth, 'content-type': 'application/json' },
    body: JSON.stringify(json),
    timeoutMs,
  });
}

/** Presign → PUT to Swift → commit. */
export async function uploadPresigned(ctx) {
  const content = seededContent(fileSize());
  const { bytes } = content;
  const filename = `${uniqueName(ctx.client, 'presign')}.bin`;
  ctx.subject = filename;
  const presign = dataOf(
    await postJson(ctx, 'file.presign', '/api/s3/presign', {
      filename,
      size: bytes.length,
      mimetype: 'application/octet-stream',
    }),
  );
  if (!presign?.upload_url) {
    return;
  }
  const put = await ctx.request('file.presign.put', new URL(presign.upload_url, ctx.base), {
    method: 'PUT',
    headers: presign.headers,
    body: bytes,
    timeoutMs: 60_000,
  });
  if (!put.ok) {
    return;
  }
  const commit = await postJson(ctx, 'file.presign.commit', '/api/s3/commit', {
    file_id: presign.file_id,
    max_views: 0,
  });
  const share = commit.ok ? dataOf(commit) : null;
  if (share?.slug) {
    remember(ctx, share, content, 'presign');
  }
}

/** init → part URLs → PUT each part to Swift → complete (abort when a step fails). */
export async function uploadMultipart(ctx) {
  const content = seededContent(5 * MIB + randomInt(1, MIB));
  const { bytes } = content;
  const filename = `${uniqueName(ctx.client, 'multipart')}.bin`;
  ctx.subject = filename;
  const session = dataOf(
    await postJson(ctx, 'file.multipart.init', '/api/upload/multipart/init', {
      filename,
      size: bytes.length,
      mimetype: 'application/octet-stream',
    }),
  );
  if (!session?.upload_id) {
    return;
  }
  const ref = { file_id: session.file_id, upload_id: session.upload_id };
  const numbers = Array.from({ length: session.part_count }, (_, index) => index + 1);
  const signed = dataOf(
    await postJson(ctx, 'file.multipart.urls', '/api/upload/multipart/part-url', {
      ...ref,
      part_numbers: numbers,
    }),
  );
  const parts = [];
  for (const url of signed?.urls ?? []) {
    const offset = (url.part_number - 1) * session.part_size;
    const put = await ctx.request('file.multipart.put', new URL(url.url, ctx.base), {
      method: url.method,
      headers: url.headers,
      body: bytes.subarray(offset, offset + session.part_size),
      timeoutMs: 60_000,
    });
    const etag = put.headers.get('etag');
    if (!put.ok || !etag) {
      break;
    }
    parts.push({ partNumber: url.part_number, etag: etag.replace(/^(W\/)?"|"$/g, '') });
  }
  if (parts.length === session.part_count) {
    const done = await postJson(
      ctx,
      'file.multipart.complete',
      '/api/upload/multipart/complete',
      {
        ...ref,
        parts,
      },
      60_000,
    );
    const share = done.ok ? dataOf(done) : null;
    if (share?.slug) {
      remember(ctx, share, content, 'multipart');
      return;
    }
  }
  // An upload left behind is the sweeper's (after a day); aborting is what a client does.
  await postJson(ctx, 'file.multipart.abort', '/api/upload/multipart/abort', ref);
}

/**
 * Opens a file share anonymously (one view, a visit) and downloads it whole, then a Range
 * of it, both compared with what was uploaded.
 */
export async function downloadFile(ctx) {
  const file = pick([...ctx.ledger.files.values()]);
  if (!file) {
    return uploadForm(ctx);
  }
  ctx.subject = file.slug;
  const opened = await ctx.request('file.open', `${ctx.base}/api/public/files/${file.slug}`);
  const url = opened.ok ? dataOf(opened)?.downloadUrl : null;
  if (!url) {
    if (opened.status >= 400 && opened.status < 500) {
      recordMismatch(ctx.ledger, 'file share unreadable', `${file.slug}: HTTP ${opened.status}`);
    }
    return;
  }
  const whole = await ctx.request('file.download', url, { timeoutMs: 60_000 });
  if (whole.ok && sha256(whole.body) !== file.sha) {
    recordMismatch(ctx.ledger, 'file download differs', file.slug);
  }
  if (file.size < 32) {
    return;
  }
  // Within the visit's range allowance (an eighth of the size).
  const length = Math.max(1, Math.floor(file.size / 16));
  const start = randomInt(0, file.size - length);
  const part = await ctx.request('file.download.range', url, {
    headers: { range: `bytes=${start}-${start + length - 1}` },
  });
  const expected = contentFromSeed(file.seed, start + length).subarray(start);
  if (part.status === 206 && !part.body.equals(expected)) {
    recordMismatch(ctx.ledger, 'range differs', `${file.slug}: bytes ${start}+${length}`);
  } else if (part.ok && part.status !== 206) {
    recordMismatch(ctx.ledger, 'range ignored', `${file.slug}: HTTP ${part.status}`);
  }
}
