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
    const forward = http.request(
      {
        host: upstream.hostname,
        port: upstream.port,
        method: req.method,
        path: req.url,
        headers: req.headers,
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, { ...answer.headers, ...cors });
        answer.pipe(res);
      },
    );
    // The upstream's socket can fail after its answer began, or after it ended (bytes the
    // parser cannot read arriving on the finished exchange): then the browser's answer is
    // cut where it stands, as a real network would, and a finished one is left alone.
    forward.on('error', () => {
      if (res.writableFinished) {
        return;
      }
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
