import http from 'node:http';
import { Readable } from 'node:stream';

/**
 * Sends `bytes` of body to `url` (a repeated 64 KB chunk, so the client holds no large
 * buffer), with a Content-Length or chunked, on a connection of its own (the server closes
 * one whose refused body goes on too long), and reads the answer. The server may answer
 * before the body is sent; the client keeps sending, as a real one would.
 */
export function sendStreamedBody(
  url: string,
  method: string,
  bytes: number,
  options: { chunked?: boolean; headers?: Record<string, string> } = {},
): Promise<{ status: number; text: string }> {
  const chunk = Buffer.alloc(64 * 1024, 0x20);
  let sent = 0;
  const body = new Readable({
    read() {
      if (sent >= bytes) {
        this.push(null);
        return;
      }
      const next = Math.min(chunk.length, bytes - sent);
      sent += next;
      this.push(next === chunk.length ? chunk : chunk.subarray(0, next));
    },
  });
  return new Promise((resolve, reject) => {
    const request = http.request(url, {
      agent: false,
      method,
      headers: {
        ...options.headers,
        ...(options.chunked ? {} : { 'content-length': String(bytes) }),
      },
    });
    request.on('response', (response) => {
      const parts: Buffer[] = [];
      response.on('data', (part: Buffer) => parts.push(part));
      response.on('end', () => {
        resolve({ status: response.statusCode ?? 0, text: Buffer.concat(parts).toString('utf8') });
      });
    });
    request.on('error', (error) => reject(new Error(`${method} ${url}: ${error.message}`)));
    body.pipe(request);
  });
}
