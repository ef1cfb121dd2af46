import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * Forwards every request to `target` unchanged (the Host header included, so SigV4
 * signatures still match) and adds permissive CORS headers, answering preflights itself.
 * It stands in for the CORS rule a real bucket needs before browsers may PUT to it:
 * Swift's s3api has no bucket CORS.
 */
export async function startCorsProxy(
  target: string,
): Promise<{ url: string; stop(): Promise<void> }> {
  const upstream = new URL(target);
  const server = http.createServer((req, res) => {
    const cors = {
      'access-control-allow-origin': req.headers.origin ?? '*',
      'access-control-allow-methods': 'GET, PUT, POST, DELETE, HEAD',
      'access-control-allow-headers': req.headers['access-control-request-headers'] ?? '*',
      'access-control-expose-headers': 'ETag',
      'access-control-max-age': '600',
    };
    if (req.method === 'OPTIONS') {
      res.writeHead(204, cors).end();
      return;
    }
    let answer: http.IncomingMessage | undefined;
    const forward = http.request(
      {
        host: upstream.hostname,
        port: upstream.port,
        method: req.method,
        path: req.url,
        headers: req.headers,
      },
      (upstreamAnswer) => {
        answer = upstreamAnswer;
        res.writeHead(upstreamAnswer.statusCode ?? 502, { ...upstreamAnswer.headers, ...cors });
        upstreamAnswer.pipe(res);
      },
    );
    forward.on('error', () => {
      // Swift answers a HEAD for a missing object (the connection test's probe) 404 with
      // `Transfer-Encoding: chunked` and an empty chunked body (`0\r\n\r\n`): Node's
      // parser, knowing a HEAD has no body, reads those bytes as a next answer and fails —
      // after this answer was complete. Nothing is wrong with this one: it goes on.
      if (answer?.complete) {
        return;
      }
      // Failed mid-answer: the client's answer is cut where it stands, as a network would.
      if (res.headersSent) {
        res.destroy();
      } else {
        res.writeHead(502, cors).end();
      }
    });
    req.on('error', () => forward.destroy());
    req.pipe(forward);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    stop: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
