// Issue 3's memory test: a 1 GiB file up and down through the server on the default local
// storage — once as a POST /api/upload form (busboy → driver.put), once as a multipart
// upload (5 MiB parts PUT to the server's signed URLs, 3 in flight) — each downloaded in
// full through its public link and checked by size and SHA-256. The server's peak RSS
// (VmHWM, and VmRSS sampled every 100 ms per phase) must stay under 200 MB (MiB, as the
// runner counts). BENCH_UPLOAD_MIB (default 1024) and BENCH_RSS_LIMIT_MB (default 200)
// change the two. The max upload size is raised for the run straight in the server's
// database (lib/settings.mjs): the server has no endpoint that changes it.
import { uploadMultipart } from './lib/multipart-upload.mjs';
import { patternChunks, patternDigest, sha256 } from './lib/pattern.mjs';
import { createPhases } from './lib/phases.mjs';
import { peakRssMb } from './lib/rss.mjs';
import { overrideSetting } from './lib/settings.mjs';
import { callApi, download, uploadForm } from './lib/transfer.mjs';

const MIB = 1024 * 1024;
const sizeMib = Number(process.env.BENCH_UPLOAD_MIB || 1024);
const size = sizeMib * MIB;
const rssLimitMb = Number(process.env.BENCH_RSS_LIMIT_MB || 200);

export const name = 'upload-memory';
export const description = `${sizeMib} MiB through the server: form and multipart upload, download`;

/** Opens the share anonymously, downloads it and checks size and SHA-256. */
async function downloadShare(baseUrl, slug, expectedDigest) {
  const opened = await callApi(baseUrl, '', 'GET', `/api/public/files/${slug}`);
  const hash = sha256();
  const bytes = await download(new URL(opened.downloadUrl, baseUrl), hash);
  const digest = hash.digest('hex');
  if (bytes !== size || digest !== (await expectedDigest())) {
    throw new Error(`downloaded ${bytes} bytes with SHA-256 ${digest}: not what was uploaded`);
  }
}

/** The form upload: the pattern streamed as the `file` part, hashed on the way out. */
async function uploadThroughForm(baseUrl, authorization, hash) {
  const share = await uploadForm(baseUrl, authorization, {
    fields: { expires_in: '1', max_views: '0' },
    filename: 'bench-form.bin',
    size,
    chunks: patternChunks(size, MIB, hash),
  });
  if (share.size !== size) {
    throw new Error(`the share has ${share.size} bytes, ${size} were sent`);
  }
  return { share };
}

/** Uploads and downloads through both paths; the shares are deleted as it goes. */
export async function run({ baseUrl, authorization, pid }) {
  const restoreLimit = await overrideSetting(pid, 'max_upload_size_mb', String(sizeMib + 64));
  const phases = createPhases({ pid, bytes: size, rssLimitMb });
  const remove = (share) =>
    callApi(baseUrl, authorization, 'DELETE', `/api/admin/files/${share.id}`).catch(() => null);
  console.log(
    `\n${name}: ${sizeMib} MiB per transfer, RSS limit ${rssLimitMb} MB, ` +
      `server peak RSS before the first byte ${peakRssMb(pid)} MB`,
  );
  try {
    const formHash = sha256();
    const form = await phases.run('upload: form', () =>
      uploadThroughForm(baseUrl, authorization, formHash),
    );
    // Every byte went through formHash when the form upload succeeded.
    const formDigest = form ? formHash.digest('hex') : null;
    let digest = null;
    const expectedDigest = async () => (digest ??= formDigest ?? (await patternDigest(size)));
    if (form) {
      await phases.run('download: form share', () =>
        downloadShare(baseUrl, form.share.slug, expectedDigest),
      );
      await remove(form.share);
    }
    const multipart = await phases.run('upload: multipart', async () => {
      const { share, parts } = await uploadMultipart(baseUrl, authorization, {
        filename: 'bench-multipart.bin',
        size,
      });
      // Part PUT latencies, plus init and complete in the request count.
      const { latencyMs, concurrency } = parts;
      return { share, measurement: { requests: parts.requests + 2, latencyMs, concurrency } };
    });
    if (multipart) {
      await phases.run('download: multipart', () =>
        downloadShare(baseUrl, multipart.share.slug, expectedDigest),
      );
      await remove(multipart.share);
    }
  } finally {
    phases.stop();
    await restoreLimit();
  }
  const peak = phases.peakMb();
  const verdict = peak === null ? 'NOT MEASURED (no /proc)' : peak <= rssLimitMb ? 'PASS' : 'FAIL';
  console.log(`  ${verdict}: server peak RSS ${peak} MB, limit ${rssLimitMb} MB`);
  return phases.operations;
}
