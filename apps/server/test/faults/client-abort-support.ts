import http from 'node:http';

/** The start of a multipart form: its text fields, then the head of its `file` part. */
export function formHead(boundary: string, fields: Record<string, string>): string {
  const parts = Object.entries(fields).map(
    ([name, value]) =>
      `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
  );
  const file = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="cancelled.bin"\r\nContent-Type: application/octet-stream\r\n\r\n`;
  return parts.join('') + file;
}

export interface AbortedUpload {
  method: string;
  headers: Record<string, string>;
  /** Sent first (a form's fields); the body then goes on with filler bytes. */
  head?: string;
  /** The Content-Length announced; far more than is sent before the client goes away. */
  declaredBytes: number;
  /** Filler bytes sent before going away. */
  sentBytes?: number;
}

/**
 * Sends the start of a body and goes away, as a cancelled browser upload or a drive client
 * that gives up does. `Expect: 100-continue` makes the client wait for the server to have
 * taken the request before it sends anything, so what the server sees is always a request
 * cut mid-body, never a connection that closed before its headers arrived.
 */
export function abortMidBody(url: string, upload: AbortedUpload): Promise<void> {
  const filler = Buffer.alloc(64 * 1024, 0x41);
  const sentBytes = upload.sentBytes ?? 1024 * 1024;
  return new Promise((resolve, reject) => {
    const request = http.request(url, {
      agent: false,
      method: upload.method,
      headers: {
        ...upload.headers,
        'content-length': String(upload.declaredBytes),
        expect: '100-continue',
      },
    });
    request.on('error', () => undefined);
    request.on('response', (response) => {
      // An answer before the body: the server refused the request itself; that is a bug here.
      reject(new Error(`${upload.method} ${url} answered ${response.statusCode} before the body`));
      request.destroy();
    });
    request.on('continue', () => {
      void (async () => {
        if (upload.head) {
          await write(request, Buffer.from(upload.head));
        }
        for (let sent = 0; sent < sentBytes; sent += filler.length) {
          await write(request, filler);
        }
        request.destroy();
        resolve();
      })().catch(reject);
    });
  });
}

/** Writes a chunk and waits until it has left for the socket. */
function write(request: http.ClientRequest, chunk: Buffer): Promise<void> {
  return new Promise((resolve, reject) => {
    request.write(chunk, (error) => (error ? reject(error) : resolve()));
  });
}
