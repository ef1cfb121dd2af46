import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

/**
 * A remote web server for URL-upload tests, on 127.0.0.1: fixed files with and without
 * Content-Length, Unicode names, redirect chains, slow answers and large bodies. It counts
 * connections and requests, so a test can prove that a refused URL was never fetched.
 */
export interface TestOrigin {
  /** http://127.0.0.1:<port> */
  url: string;
  port: number;
  /** Bytes served at /files/photo.bin (and, without Content-Length, /chunked/photo.bin). */
  photo: Buffer;
  /** 12 MiB and a bit at /files/video.bin: three multipart parts. */
  video: Buffer;
  connections: number;
  requests: { method: string; url: string; host: string }[];
  close(): Promise<void>;
}

const PHOTO_BYTES = 300 * 1024 + 17;
const VIDEO_BYTES = 12 * 1024 * 1024 + 123;

function sendBytes(res: http.ServerResponse, body: Buffer, withLength: boolean, type: string) {
  res.setHeader('content-type', type);
  res.setHeader('accept-ranges', 'bytes');
  if (withLength) {
    res.setHeader('content-length', String(body.length));
  }
  // Several writes, so a body without Content-Length really arrives chunked.
  const step = 64 * 1024;
  for (let at = 0; at < body.length; at += step) {
    res.write(body.subarray(at, at + step));
  }
  res.end();
}

/** Streams `total` bytes of zeros in 64 KiB chunks, stopping if the reader goes away. */
function sendLarge(res: http.ServerResponse, total: number, withLength: boolean) {
  res.setHeader('content-type', 'application/octet-stream');
  if (withLength) {
    res.setHeader('content-length', String(total));
  }
  const chunk = Buffer.alloc(64 * 1024);
  let sent = 0;
  const pump = () => {
    while (sent < total) {
      const piece = chunk.subarray(0, Math.min(chunk.length, total - sent));
      sent += piece.length;
      if (!res.write(piece)) {
        res.once('drain', pump);
        return;
      }
    }
    res.end();
  };
  res.on('close', () => res.removeAllListeners('drain'));
  pump();
}

function route(origin: TestOrigin, req: http.IncomingMessage, res: http.ServerResponse) {
  const url = new URL(req.url ?? '/', 'http://origin');
  const path = url.pathname;
  const redirect = /^\/redirect\/(\d+)$/.exec(path);
  if (redirect) {
    const left = Number(redirect[1]);
    res.statusCode = left % 2 === 0 ? 302 : 307;
    res.setHeader('location', left > 1 ? `/redirect/${left - 1}` : '/files/photo.bin');
    res.end();
    return;
  }
  if (path === '/redirect-to') {
    res.statusCode = 301;
    res.setHeader('location', url.searchParams.get('location') ?? '/');
    res.end();
    return;
  }
  if (path === '/files/photo.bin') {
    sendBytes(res, origin.photo, true, 'image/png');
    return;
  }
  if (path === '/files/video.bin') {
    sendBytes(res, origin.video, true, 'video/mp4');
    return;
  }
  if (path === '/chunked/photo.bin') {
    sendBytes(res, origin.photo, false, 'application/octet-stream');
    return;
  }
  if (path === '/%E6%8A%A5%E5%91%8A%20%E2%9C%93.txt') {
    sendBytes(res, Buffer.from('unicode path\n'), true, 'text/plain; charset=utf-8');
    return;
  }
  if (path === '/download') {
    res.setHeader(
      'content-disposition',
      `attachment; filename="fallback.pdf"; filename*=UTF-8''${encodeURIComponent('Résumé 简历.pdf')}`,
    );
    sendBytes(res, Buffer.from('%PDF-1.4 test'), true, 'application/pdf');
    return;
  }
  if (path === '/named') {
    // Any name (as RFC 8187 filename*) and any type, from the query: hostile names and types.
    const name = url.searchParams.get('name') ?? 'named.bin';
    res.setHeader(
      'content-disposition',
      `attachment; filename*=UTF-8''${encodeURIComponent(name)}`,
    );
    const type = url.searchParams.get('type') ?? 'application/octet-stream';
    sendBytes(res, Buffer.from('named remote file'), true, type);
    return;
  }
  if (path === '/no-head') {
    if (req.method === 'HEAD') {
      res.statusCode = 405;
      res.end();
      return;
    }
    sendBytes(res, Buffer.from('head refused, get works'), true, 'text/plain');
    return;
  }
  if (path === '/large') {
    const size = Number(url.searchParams.get('size') ?? '0');
    sendLarge(res, size, url.searchParams.get('length') !== 'no');
    return;
  }
  if (path === '/slow-headers') {
    return; // never answers: the client's headers timeout must end it
  }
  if (path === '/slow-body') {
    res.setHeader('content-type', 'text/plain');
    res.write('first bytes, then silence');
    return;
  }
  res.statusCode = 404;
  res.end('not found');
}

/** Starts the origin on an ephemeral port of 127.0.0.1. */
export async function startOrigin(): Promise<TestOrigin> {
  const sockets = new Set<Socket>();
  const origin: TestOrigin = {
    url: '',
    port: 0,
    photo: randomBytes(PHOTO_BYTES),
    video: randomBytes(VIDEO_BYTES),
    connections: 0,
    requests: [],
    close: async () => {
      for (const socket of sockets) {
        socket.destroy();
      }
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  const server = http.createServer((req, res) => {
    origin.requests.push({
      method: req.method ?? '',
      url: req.url ?? '',
      host: req.headers.host ?? '',
    });
    route(origin, req, res);
  });
  server.on('connection', (socket) => {
    origin.connections += 1;
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  origin.port = (server.address() as AddressInfo).port;
  origin.url = `http://127.0.0.1:${origin.port}`;
  return origin;
}
