import fs from 'node:fs';
import path from 'node:path';
import { ListMultipartUploadsCommand, ListObjectsV2Command } from '@aws-sdk/client-s3';
import { queryDatabase } from '../postgres.mjs';
import { BUCKET, STORAGE_FOLDER } from '../setup.mjs';
import { s3Client } from '../swift.mjs';

// Invariant 4, after the final sweep:
// - every task ended: no task pending or running (completed, or failed/cancelled/partial);
// - no orphan object: every object under a share folder (`.pastebox-shares/`) has a row in
//   `files` (ready, or pending: an upload in flight when its instance died, which the sweeper
//   removes after a day), and every unfinished S3 multipart upload belongs to a session row
//   (`upload_sessions`, `fs_upload_sessions`), which the sweeper aborts when it idles;
// - no temp file left in an instance's DATA_DIR/tmp, except by a process killed with -9
//   before the file's last write (the sweeper removes those after an hour);
// - no WebDAV lock left (every one was released or expired before the sweep) and no expired
//   share visit left.

const SHARE_FOLDER = '/.pastebox-shares/';

async function listAll(client, command, pick) {
  const items = [];
  let token = {};
  for (;;) {
    const page = await client.send(command(token));
    items.push(...pick(page));
    if (!page.IsTruncated) {
      return items;
    }
    token = page.NextContinuationToken
      ? { ContinuationToken: page.NextContinuationToken }
      : { KeyMarker: page.NextKeyMarker, UploadIdMarker: page.NextUploadIdMarker };
  }
}

async function orphans() {
  const client = s3Client();
  try {
    const keys = await listAll(
      client,
      (t) => new ListObjectsV2Command({ Bucket: BUCKET, ...t }),
      (page) => (page.Contents ?? []).map((o) => o.Key),
    );
    const uploads = await listAll(
      client,
      (t) => new ListMultipartUploadsCommand({ Bucket: BUCKET, ...t }),
      (page) => (page.Uploads ?? []).map((u) => ({ key: u.Key, uploadId: u.UploadId })),
    );
    const rows = await queryDatabase('SELECT storage_path, status FROM files');
    // A row names its key inside the config's default folder; the bucket lists full keys.
    const known = new Map(rows.map((r) => [`${STORAGE_FOLDER}/${r.storage_path}`, r.status]));
    const sessions = await queryDatabase(
      'SELECT upload_id FROM upload_sessions UNION SELECT upload_id FROM fs_upload_sessions',
    );
    const sessionIds = new Set(sessions.map((r) => r.upload_id));
    const shareKeys = keys.filter((k) => k.includes(SHARE_FOLDER));
    return {
      objects: keys.length,
      shareObjects: shareKeys.length,
      pendingRows: rows.filter((r) => r.status !== 'ready').length,
      orphanObjects: shareKeys.filter((k) => !known.has(k)),
      uploads: uploads.length,
      orphanUploads: uploads.filter((u) => !sessionIds.has(u.uploadId)).map((u) => u.key),
    };
  } finally {
    client.destroy();
  }
}

function filesUnder(dir) {
  if (!fs.existsSync(dir)) {
    return [];
  }
  return fs
    .readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile())
    .map((e) => path.join(e.parentPath ?? e.path, e.name));
}

/** Temp files left, split into those a kill -9 explains and leaks. */
function tempFiles(instances) {
  const left = [];
  const leaked = [];
  for (const instance of instances.list) {
    const kills = instance.lives.filter((l) => l.killed).map((l) => l.endedAt ?? 0);
    for (const file of filesUnder(path.join(instance.dataDir, 'tmp'))) {
      const mtime = fs.statSync(file).mtimeMs;
      left.push(file);
      if (!kills.some((killedAt) => mtime <= killedAt)) {
        leaked.push(`${instance.name}: ${path.basename(file)}`);
      }
    }
  }
  return { left: left.length, leaked };
}

/**
 * The requests that worked on the object `key` (their tag names the file the key was made
 * from), as a line for the report: how an orphan came to be.
 */
function requestsAbout(samples, key) {
  const name = key.slice(key.lastIndexOf('/') + 1);
  const related = samples.filter((s) => {
    const subject = s.tag?.split(' ')[1]?.replace(/\.bin$/, '');
    return subject && name.startsWith(subject);
  });
  const lines = related.map(
    (s) =>
      `${s.op} ${(s.start / 1000).toFixed(2)}–${(s.end / 1000).toFixed(2)} s → ${s.status || s.error}${s.code ? ` ${s.code}` : ''}`,
  );
  return lines.length ? ` (${lines.join('; ')})` : '';
}

export async function checkLeaks({ cluster, settled, samples }) {
  const tasks = await queryDatabase('SELECT status, count(*)::int AS n FROM tasks GROUP BY status');
  const unfinished = tasks.filter((t) => t.status === 'pending' || t.status === 'running');
  // Ended without completing is a clean end too (the storage was down): said, not failed.
  const notCompleted = await queryDatabase(
    "SELECT status, error, count(*)::int AS n FROM tasks WHERE status NOT IN ('completed', 'pending', 'running') GROUP BY status, error",
  );
  const objects = await orphans();
  const temp = tempFiles(cluster.instances);
  const [row] = await queryDatabase(
    `SELECT (SELECT count(*) FROM dav_locks)::int AS locks,
            (SELECT count(*) FROM share_visits WHERE expires_at <= $1)::int AS expired_visits,
            (SELECT count(*) FROM share_visits)::int AS visits`,
    [settled.sweepIso],
  );
  const problems = [
    ...unfinished.map((t) => `${t.n} task(s) still ${t.status}`),
    ...objects.orphanObjects.map((k) => `orphan object ${k}${requestsAbout(samples, k)}`),
    ...objects.orphanUploads.map((k) => `orphan multipart upload ${k}${requestsAbout(samples, k)}`),
    ...temp.leaked.map((f) => `temp file left by a live process: ${f}`),
    ...(row.locks > 0
      ? [`${row.locks} WebDAV lock(s) left after they expired and a sweep ran`]
      : []),
    ...(row.expired_visits > 0
      ? [`${row.expired_visits} expired visit(s) left after a sweep`]
      : []),
  ];
  const taskFigures =
    (tasks.map((t) => `${t.status} ${t.n}`).join(', ') || 'none') +
    notCompleted.map((t) => ` [${t.n} ${t.status}: ${String(t.error).slice(0, 120)}]`).join('');
  return {
    name: '4. tasks ended cleanly; no orphan object, temp file, lock or visit leaked',
    held: problems.length === 0,
    figures:
      `tasks: ${taskFigures}; bucket: ${objects.objects} objects (${objects.shareObjects} of shares, ` +
      `${objects.orphanObjects.length} orphans), ${objects.uploads} unfinished multipart uploads ` +
      `(${objects.orphanUploads.length} orphans), ${objects.pendingRows} pending share rows; ` +
      `temp files left ${temp.left} (${temp.leaked.length} not explained by a kill -9); ` +
      `locks ${row.locks}; visits ${row.visits} live, ${row.expired_visits} expired`,
    problems,
  };
}
