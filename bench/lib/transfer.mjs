import { randomBytes } from 'node:crypto';
import http from 'node:http';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

// Plain node:http transfers for the large-file benchmarks: bodies stream from async
// iterables and downloads are hashed chunk by chunk, so the benchmark process itself never
// holds a file (fetch would do too, but this keeps the client's own overhead obvious).

/**
 * Sends one request to `url`. `body` is a Buffer, an async iterable of Buffers or absent.
 * Resolves with the status, headers and text of the answer (meant for small answers).
 */
export function sendRequest(url, { method = 'GET', headers = {}, body } = {}) {
  return new Promise((resolve, reject) => {
    const request = http.request(url, { method, headers }, (response) => {
      const chunks = [];
      response.on('data', (chunk) => chunks.push(chunk));
      response.on('error', reject);
      response.on('end', () =>
        resolve({
          status: response.statusCode,
          headers: response.headers,
          text: Buffer.concat(chunks).toString('utf8'),
        }),
      );
    });
    request.on('error', reject);
    if (body === undefined || Buffer.isBuffer(body)) {
      request.end(body);
    } else {
      // A server that refuses early may close the socket mid-body; its answer still counts.
      pipeline(Readable.from(body), request).catch(() => undefined);
    }
  });
}

/**
 * Calls a JSON endpoint (anonymously when `authorization` is empty); resolves with the
 * envelope's `data`, throws on any other status than `expected`.
 */
export async function callApi(baseUrl, authorization, method, path, json, expected = 200) {
  const headers = authorization ? { authorization } : {};
  if (json !== undefined) {
    headers['content-type'] = 'application/json';
  }
  const body = json === undefined ? undefined : Buffer.from(JSON.stringify(json));
  const answer = await sendRequest(new URL(path, baseUrl), { method, headers, body });
  if (answer.status !== expected) {
    throw new Error(`${method} ${path}: HTTP ${answer.status} ${answer.text.slice(0, 300)}`);
  }
  return JSON.parse(answer.text).data;
}

/**
 * POST /api/upload: `fields` first, then the `file` part of `size` bytes taken from
 * `chunks`, with an exact Content-Length so the server knows the size up front.
 * Resolves with the created share (`data`), throws on any status but 201.
 */
export async function uploadForm(baseUrl, authorization, { fields, filename, size, chunks }) {
  const boundary = `----pastebox-bench-${randomBytes(12).toString('hex')}`;
  const fieldParts = Object.entries(fields).map(
    ([name, value]) =>
      `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
  );
  const preamble = Buffer.from(
    `${fieldParts.join('')}--${boundary}\r\n` +
      `Content-Disposition: form-data; name="file"; filename="${filename}"\r\n` +
      'Content-Type: application/octet-stream\r\n\r\n',
  );
  const epilogue = Buffer.from(`\r\n--${boundary}--\r\n`);
  async function* body() {
    yield preamble;
    yield* chunks;
    yield epilogue;
  }
  const answer = await sendRequest(new URL('/api/upload', baseUrl), {
    method: 'POST',
    headers: {
      authorization,
      'content-type': `multipart/form-data; boundary=${boundary}`,
      'content-length': String(preamble.length + size + epilogue.length),
    },
    body: body(),
  });
  if (answer.status !== 201) {
    throw new Error(`POST /api/upload: HTTP ${answer.status} ${answer.text.slice(0, 300)}`);
  }
  return JSON.parse(answer.text).data;
}

/**
 * GETs `url` to the end, hashing it; resolves with the byte count, or throws unless HTTP
 * 200. `authorization`, when given, is sent as that header (WebDAV's Basic, the fs API's token).
 */
export function download(url, hash, authorization) {
  const headers = authorization ? { authorization } : {};
  return new Promise((resolve, reject) => {
    const request = http.get(url, { headers }, (response) => {
      if (response.statusCode !== 200) {
        response.resume();
        reject(new Error(`GET ${url.pathname}: HTTP ${response.statusCode}`));
        return;
      }
      let bytes = 0;
      response.on('data', (chunk) => {
        bytes += chunk.length;
        hash.update(chunk);
      });
      response.on('error', reject);
      response.on('end', () => resolve(bytes));
    });
    request.on('error', reject);
  });
}
