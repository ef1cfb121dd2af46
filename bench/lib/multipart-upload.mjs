import { measure } from './measure.mjs';
import { patternBytes } from './pattern.mjs';
import { callApi, sendRequest } from './transfer.mjs';

// The multipart path as the web app drives it (DESIGN §6): init → part URLs (asked for in
// batches, as they are needed) → PUT every part, 3 in flight, ETag from the answer →
// complete. Part bodies are pattern ranges, made one part at a time.

const IN_FLIGHT = 3;
const URL_BATCH = 100;

/** Signed part URLs, fetched a batch at a time on first use. */
function partUrlSource(baseUrl, authorization, session) {
  const batches = new Map();
  return (partNumber) => {
    const batch = Math.floor((partNumber - 1) / URL_BATCH);
    if (!batches.has(batch)) {
      const first = batch * URL_BATCH + 1;
      const last = Math.min(session.part_count, first + URL_BATCH - 1);
      const numbers = Array.from({ length: last - first + 1 }, (_, index) => first + index);
      batches.set(
        batch,
        callApi(baseUrl, authorization, 'POST', '/api/upload/multipart/part-url', {
          file_id: session.file_id,
          upload_id: session.upload_id,
          part_numbers: numbers,
        }).then(({ urls }) => new Map(urls.map((url) => [url.part_number, url]))),
      );
    }
    return batches.get(batch).then((urls) => urls.get(partNumber));
  };
}

/**
 * Uploads `size` pattern bytes as a multipart share. Resolves with the completed share and
 * the part PUTs' measurement (lib/measure.mjs); throws when a part or a call fails, after
 * aborting the upload so that nothing is left behind.
 */
export async function uploadMultipart(baseUrl, authorization, { filename, size }) {
  const session = await callApi(baseUrl, authorization, 'POST', '/api/upload/multipart/init', {
    filename,
    size,
    mimetype: 'application/octet-stream',
  });
  const urlFor = partUrlSource(baseUrl, authorization, session);
  const etags = new Map();
  const parts = await measure({
    requests: session.part_count,
    concurrency: IN_FLIGHT,
    send: async (index) => {
      const partNumber = index + 1;
      const offset = index * session.part_size;
      const signed = await urlFor(partNumber);
      const answer = await sendRequest(new URL(signed.url, baseUrl), {
        method: signed.method,
        headers: signed.headers,
        body: patternBytes(offset, Math.min(session.part_size, size - offset)),
      });
      if (answer.status < 200 || answer.status > 299 || !answer.headers.etag) {
        throw new Error(
          `PUT part ${partNumber}: HTTP ${answer.status} ${answer.text.slice(0, 200)}`,
        );
      }
      etags.set(partNumber, answer.headers.etag.replace(/^(W\/)?"|"$/g, ''));
    },
  });
  try {
    if (parts.errors > 0) {
      throw new Error(`${parts.errors} part(s) failed, the first: ${parts.firstError}`);
    }
    const share = await callApi(baseUrl, authorization, 'POST', '/api/upload/multipart/complete', {
      file_id: session.file_id,
      upload_id: session.upload_id,
      parts: [...etags].map(([partNumber, etag]) => ({ partNumber, etag })),
    });
    return { share, parts };
  } catch (error) {
    await callApi(baseUrl, authorization, 'POST', '/api/upload/multipart/abort', {
      file_id: session.file_id,
      upload_id: session.upload_id,
    }).catch(() => undefined);
    throw error;
  }
}
