import http, { type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach } from 'vitest';
import type { JobRunner } from '@/jobs/runner';
import {
  createWebhookRunner,
  enqueueWebhook,
  newWebhookSecret,
  type WebhookRunnerOptions,
} from '@/modules/webhooks/service';
import type { TestServer } from '../support/test-server';
import { waitFor } from '../tasks/tasks-support';

export { waitFor };

/** One POST the receiver got. */
export interface Received {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
}

/** What the receiver does with its n-th request (0-based): a status, or no answer at all. */
export type Answer = (request: Received, n: number) => number | 'hang' | { redirect: string };

/** A real HTTP server standing in for a webhook's receiver, on 127.0.0.1. */
export interface Receiver {
  url: string;
  received: Received[];
  /** Requests being answered right now (to see two deliveries never overlap). */
  inFlight(): number;
  maxInFlight(): number;
  close(): Promise<void>;
}

export async function startReceiver(answer: Answer = () => 200, delayMs = 0): Promise<Receiver> {
  const received: Received[] = [];
  let inFlight = 0;
  let maxInFlight = 0;
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const request: Received = {
        method: req.method ?? '',
        url: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      };
      const n = received.length;
      received.push(request);
      const reply = answer(request, n);
      if (reply === 'hang') {
        return;
      }
      inFlight += 1;
      maxInFlight = Math.max(maxInFlight, inFlight);
      setTimeout(() => {
        inFlight -= 1;
        if (typeof reply === 'number') {
          res.writeHead(reply, { 'content-type': 'text/plain' }).end('ok');
        } else {
          res.writeHead(307, { location: reply.redirect }).end();
        }
      }, delayMs);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hook`,
    received,
    inFlight: () => inFlight,
    maxInFlight: () => maxInFlight,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The delivery's row as stored. */
export function deliveryRow(server: TestServer, id: string) {
  return server.deps.db
    .selectFrom('webhook_deliveries')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
}

/** Waits until the delivery's row satisfies `check`. */
export function deliveryWhen(
  server: TestServer,
  id: string,
  check: (row: Awaited<ReturnType<typeof deliveryRow>>) => boolean,
  what: string,
) {
  return waitFor(() => deliveryRow(server, id), check, what);
}

/** Runners started by a test, stopped after it. */
export function testRunners(server: () => TestServer) {
  const started: JobRunner[] = [];
  afterEach(async () => {
    for (const runner of started.splice(0)) {
      await runner.stop();
    }
  });
  return (options: WebhookRunnerOptions = {}) => {
    const runner = createWebhookRunner(server().deps, { pollMs: 25, ...options });
    started.push(runner);
    runner.start();
    return runner;
  };
}

/** Enqueues an event for `url` with a fresh secret; answers the id and the secret. */
export async function enqueueTo(server: TestServer, url: string, payload: object = { n: 1 }) {
  const secret = newWebhookSecret();
  const id = await enqueueWebhook(server.deps, {
    url,
    secret,
    event: 'file_request.upload',
    payload,
    ownerId: 'owner-1',
  });
  return { id, secret };
}
