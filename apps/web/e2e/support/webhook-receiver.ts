import { createHmac, timingSafeEqual } from 'node:crypto';
import http from 'node:http';

/** One POST the receiver got: its headers and the raw body bytes, as they arrived. */
export interface ReceivedHook {
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

export interface WebhookReceiver {
  /** Where to point a request's webhook: http://127.0.0.1:{port}/hooks/{path}. */
  url(path: string): string;
  /** Every POST received so far, oldest first. */
  readonly received: ReceivedHook[];
  close(): Promise<void>;
}

/**
 * A webhook receiver on 127.0.0.1 for a journey (the server reaches it with
 * ALLOW_PRIVATE_URLS=true): it keeps every POST and answers 204, as a real receiver does.
 */
export async function startWebhookReceiver(): Promise<WebhookReceiver> {
  const received: ReceivedHook[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      received.push({ headers: req.headers, body: Buffer.concat(chunks) });
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: (path) => `http://127.0.0.1:${port}/hooks/${path}`,
    received,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/**
 * Whether `X-Pastebox-Signature` is sha256= and the hex HMAC-SHA256 of the raw body keyed
 * by `secret` (docs/webhooks.md), compared in constant time.
 */
export function signatureVerifies(hook: ReceivedHook, secret: string): boolean {
  const expected = Buffer.from(
    `sha256=${createHmac('sha256', secret).update(hook.body).digest('hex')}`,
  );
  const header = hook.headers['x-pastebox-signature'];
  const given = Buffer.from(typeof header === 'string' ? header : '');
  return expected.length === given.length && timingSafeEqual(expected, given);
}
