import net from 'node:net';
import { Transform, type TransformCallback } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';

/** Bytes let through per slice: small enough that a paused relay stops within one. */
const SLICE_BYTES = 16 * 1024;

export interface ThrottledProxy {
  /** http://127.0.0.1:<port>: the endpoint a storage config uses instead of the server's. */
  endpoint: string;
  /** Bytes per second in each direction; null relays at full speed. */
  setRate(bytesPerSecond: number | null): void;
  /** Lets no byte through (connections stay open, as a stalled network path does). */
  pause(): void;
  resume(): void;
  /** Cuts every open connection (as a dropped network does); new ones are relayed as before. */
  dropConnections(): void;
  close(): Promise<void>;
}

/**
 * A TCP relay on 127.0.0.1 to an HTTP server (the S3 test server) that holds every
 * connection to a rate, or stops it: a real network path a copy's bytes take slowly, so a
 * test can act while one object is in flight. Nothing in the stream is changed.
 */
export async function startThrottledProxy(target: string): Promise<ThrottledProxy> {
  const upstreamUrl = new URL(target);
  let rate: number | null = null;
  let paused: { promise: Promise<void>; resolve: () => void } | null = null;
  const sockets = new Set<net.Socket>();
  const track = (socket: net.Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => socket.destroy());
  };
  const throttle = () =>
    new Transform({
      transform(chunk: Buffer, _encoding, done: TransformCallback) {
        void (async () => {
          for (let at = 0; at < chunk.length; at += SLICE_BYTES) {
            await paused?.promise;
            const slice = chunk.subarray(at, at + SLICE_BYTES);
            this.push(slice);
            if (rate !== null) {
              await sleep((slice.length / rate) * 1000);
            }
          }
          done();
        })();
      },
    });
  const server = net.createServer((client) => {
    track(client);
    const upstream = net.connect(Number(upstreamUrl.port), upstreamUrl.hostname);
    track(upstream);
    upstream.on('close', () => client.destroy());
    client.on('close', () => upstream.destroy());
    client.pipe(throttle()).pipe(upstream);
    upstream.pipe(throttle()).pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    setRate(bytesPerSecond) {
      rate = bytesPerSecond;
    },
    pause() {
      if (!paused) {
        let resolve = () => undefined as void;
        const promise = new Promise<void>((done) => (resolve = done));
        paused = { promise, resolve };
      }
    },
    resume() {
      paused?.resolve();
      paused = null;
    },
    dropConnections() {
      sockets.forEach((socket) => socket.destroy());
    },
    close() {
      paused?.resolve();
      paused = null;
      return new Promise<void>((resolve) => {
        sockets.forEach((socket) => socket.destroy());
        server.close(() => resolve());
      });
    },
  };
}
