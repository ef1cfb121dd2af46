import { createHmac } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { WEBHOOK_RETRY_DELAYS_MS } from '@/modules/webhooks/service';
import { webhookJobStore } from '@/modules/webhooks/job-store';
import { startTestServer, type TestServer } from '../support/test-server';
import {
  deliveryRow,
  deliveryWhen,
  enqueueTo,
  startReceiver,
  testRunners,
  type Receiver,
} from './support';

/** What a receiver computes from the raw body and its copy of the secret. */
function expectedSignature(secret: string, body: string): string {
  return `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;
}

describe('webhook deliveries: signed POSTs, retries with back-off', () => {
  let server: TestServer;
  let receiver: Receiver | null = null;
  beforeAll(async () => {
    server = await startTestServer(
      { ALLOW_PRIVATE_URLS: 'true' },
      { taskRunner: false, webhookRunner: false },
    );
  });
  afterEach(async () => {
    await receiver?.close();
    receiver = null;
  });
  afterAll(async () => {
    await server.close();
  });
  const runner = testRunners(() => server);

  it('POSTs the event as JSON with headers a receiver verifies against its secret', async () => {
    receiver = await startReceiver();
    runner();
    const { id, secret } = await enqueueTo(server, receiver.url, { file: 'a.txt', size: 3 });
    const row = await deliveryWhen(server, id, (r) => r.status === 'delivered', 'delivered');
    expect(row).toMatchObject({ attempts: 1, last_status: 200, last_error: null });
    expect(row.finished_at).not.toBeNull();
    expect(receiver.received).toHaveLength(1);
    const [got] = receiver.received;
    expect(got?.method).toBe('POST');
    expect(got?.headers).toMatchObject({
      'content-type': 'application/json',
      'user-agent': 'Pastebox-Webhook/1',
      'x-pastebox-event': 'file_request.upload',
      'x-pastebox-delivery': id,
      'x-pastebox-timestamp': String(Math.floor(server.clock.now().getTime() / 1000)),
    });
    const body = got?.body ?? '';
    expect(got?.headers['x-pastebox-signature']).toBe(expectedSignature(secret, body));
    expect(got?.headers['x-pastebox-signature']).not.toBe(expectedSignature('other', body));
    expect(JSON.parse(body)).toEqual({
      id,
      event: 'file_request.upload',
      created_at: server.clock.now().toISOString(),
      data: { file: 'a.txt', size: 3 },
    });
    // The secret is stored sealed, never in clear.
    expect(row.secret_cipher).not.toContain(secret);
    expect(row.owner_id).toBe('owner-1');
  });

  it('retries after a 500 once its back-off has passed, sending the same signed body', async () => {
    receiver = await startReceiver((_request, n) => (n === 0 ? 500 : 200));
    runner();
    const { id, secret } = await enqueueTo(server, receiver.url);
    const waiting = await deliveryWhen(server, id, (r) => r.attempts === 1, 'first attempt');
    expect(waiting).toMatchObject({ status: 'pending', last_status: 500, lease_owner: null });
    expect(waiting.last_error).toContain('HTTP 500');
    const first = WEBHOOK_RETRY_DELAYS_MS[0] ?? 0;
    expect(Date.parse(waiting.next_attempt_at) - server.clock.now().getTime()).toBe(first);
    expect(receiver.received).toHaveLength(1);

    server.clock.advance(first);
    const row = await deliveryWhen(server, id, (r) => r.status === 'delivered', 'delivered');
    expect(row).toMatchObject({ attempts: 2, last_status: 200, last_error: null });
    const [a, b] = receiver.received;
    expect(receiver.received).toHaveLength(2);
    expect(b?.body).toBe(a?.body);
    expect(b?.headers['x-pastebox-delivery']).toBe(id);
    expect(b?.headers['x-pastebox-signature']).toBe(expectedSignature(secret, b?.body ?? ''));
    // The timestamp is the attempt's own.
    expect(Number(b?.headers['x-pastebox-timestamp'])).toBe(
      Number(a?.headers['x-pastebox-timestamp']) + first / 1000,
    );
  });

  it('waits 10 s, 30 s, 2 min, 10 min, 1 h between attempts, then gives up for good', async () => {
    receiver = await startReceiver(() => 503);
    runner();
    const { id } = await enqueueTo(server, receiver.url);
    for (const [index, delay] of WEBHOOK_RETRY_DELAYS_MS.entries()) {
      const row = await deliveryWhen(server, id, (r) => r.attempts === index + 1, 'an attempt');
      expect(row.status).toBe('pending');
      expect(Date.parse(row.next_attempt_at) - server.clock.now().getTime()).toBe(delay);
      server.clock.advance(delay);
    }
    const attempts = WEBHOOK_RETRY_DELAYS_MS.length + 1;
    const row = await deliveryWhen(server, id, (r) => r.status === 'failed', 'given up');
    expect(row).toMatchObject({ attempts, last_status: 503, lease_owner: null });
    expect(row.finished_at).toBe(server.clock.now().toISOString());
    expect(receiver.received).toHaveLength(attempts);
    // Nothing is due any more, however long one waits.
    server.clock.advance(24 * 60 * 60_000);
    const now = server.clock.now();
    const probe = webhookJobStore(server.deps, WEBHOOK_RETRY_DELAYS_MS);
    expect(await probe.claim('probe', now, new Date(now.getTime() + 1_000), [])).toBeNull();
  });

  it('counts an answer slower than the timeout as a failed attempt', async () => {
    receiver = await startReceiver((_request, n) => (n === 0 ? 'hang' : 204));
    runner({ timeoutMs: 300 });
    const { id } = await enqueueTo(server, receiver.url);
    const row = await deliveryWhen(server, id, (r) => r.attempts === 1, 'timed out');
    expect(row).toMatchObject({ status: 'pending', last_status: null });
    expect(row.last_error).toMatch(/slowly/);
    server.clock.advance(WEBHOOK_RETRY_DELAYS_MS[0] ?? 0);
    const done = await deliveryWhen(server, id, (r) => r.status === 'delivered', 'delivered');
    expect(done).toMatchObject({ attempts: 2, last_status: 204 });
  });

  it('does not follow a redirect: the signed body goes only where it was sent', async () => {
    receiver = await startReceiver((request) =>
      request.url === '/hook' ? { redirect: '/elsewhere' } : 200,
    );
    runner();
    const { id } = await enqueueTo(server, receiver.url);
    const row = await deliveryWhen(server, id, (r) => r.attempts === 1, 'first attempt');
    expect(row).toMatchObject({ status: 'pending', last_status: 307 });
    expect(receiver.received.map((request) => request.url)).toEqual(['/hook']);
  });

  it('a runner stopped mid-POST lets go of it, and the next one sends it (not counted twice)', async () => {
    receiver = await startReceiver((_request, n) => (n === 0 ? 'hang' : 200));
    const first = runner({ stopGraceMs: 2_000 });
    const { id } = await enqueueTo(server, receiver.url);
    await deliveryWhen(server, id, () => receiver?.received.length === 1, 'the POST sent');
    await first.stop();
    const released = await deliveryRow(server, id);
    expect(released).toMatchObject({ status: 'running', lease_owner: null, attempts: 0 });
    runner();
    const row = await deliveryWhen(server, id, (r) => r.status === 'delivered', 'delivered');
    expect(row).toMatchObject({ attempts: 1, claims: 0 });
    expect(receiver.received).toHaveLength(2);
  });
});
