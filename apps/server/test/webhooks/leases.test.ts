import { createHmac } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { isAppError } from '@/lib/errors';
import { webhookJobStore } from '@/modules/webhooks/job-store';
import {
  enqueueWebhook,
  newWebhookSecret,
  openWebhookSecret,
  sealWebhookSecret,
  sweepFinishedDeliveries,
  verifyWebhookSignature,
  WEBHOOK_RETRY_DELAYS_MS,
} from '@/modules/webhooks/service';
import { startTestServer, type TestServer } from '../support/test-server';
import {
  deliveryRow,
  deliveryWhen,
  enqueueTo,
  startReceiver,
  testRunners,
  type Receiver,
} from './support';

/** The lease of a test's "dead" runner; the clock is moved past it. */
const LEASE_MS = 30_000;

describe('webhook deliveries: leases, take-over, one run at a time', () => {
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

  it('takes over a delivery claimed by a runner that died, once its lease has expired', async () => {
    receiver = await startReceiver();
    const { id } = await enqueueTo(server, receiver.url);
    // A runner claims it and dies before sending: it never renews nor finishes.
    const store = webhookJobStore(server.deps, WEBHOOK_RETRY_DELAYS_MS);
    const now = server.clock.now();
    const claimed = await store.claim('dead-runner', now, new Date(now.getTime() + LEASE_MS), []);
    expect(claimed?.id).toBe(id);
    runner({ owner: 'heir' });
    // While its lease holds nobody else may have it.
    expect(await store.claim('probe', now, new Date(now.getTime() + 1_000), [])).toBeNull();
    expect(await deliveryRow(server, id)).toMatchObject({
      status: 'running',
      lease_owner: 'dead-runner',
    });
    expect(receiver.received).toHaveLength(0);

    server.clock.advance(LEASE_MS + 1_000);
    const row = await deliveryWhen(server, id, (r) => r.status === 'delivered', 'taken over');
    expect(row).toMatchObject({ attempts: 1, claims: 0, lease_owner: null });
    expect(receiver.received).toHaveLength(1);
    // The dead runner wakes up: its late finish finds the lease gone and changes nothing.
    await store.finish(id, 'dead-runner', 'failed', claimed!.progress, 'late', server.clock.now());
    expect(await deliveryRow(server, id)).toMatchObject({ status: 'delivered', attempts: 1 });
  });

  it('never sends one delivery twice, however many runners share the database', async () => {
    receiver = await startReceiver(() => 200, 20);
    const ids: string[] = [];
    for (let n = 0; n < 10; n++) {
      ids.push((await enqueueTo(server, receiver.url, { n })).id);
    }
    for (const owner of ['runner-1', 'runner-2', 'runner-3']) {
      runner({ owner, concurrency: 2 });
    }
    for (const id of ids) {
      await deliveryWhen(server, id, (r) => r.status === 'delivered', `${id} delivered`);
    }
    const sent = receiver.received.map((request) => request.headers['x-pastebox-delivery']);
    expect([...sent].sort()).toEqual([...ids].sort());
    for (const id of ids) {
      expect(await deliveryRow(server, id)).toMatchObject({ attempts: 1 });
    }
  });

  it('the server’s own runner sends a delivery as soon as it is enqueued', async () => {
    const wired = await startTestServer({ ALLOW_PRIVATE_URLS: 'true' }, { taskRunner: false });
    try {
      receiver = await startReceiver();
      const { id } = await enqueueTo(wired, receiver.url);
      await deliveryWhen(wired, id, (r) => r.status === 'delivered', 'delivered');
      expect(receiver.received).toHaveLength(1);
    } finally {
      await wired.close();
    }
  });

  it('refuses a URL that is not http(s), a bad event name and an oversized event', async () => {
    const before = await server.deps.db
      .selectFrom('webhook_deliveries')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    const attempt = (overrides: Partial<Parameters<typeof enqueueWebhook>[1]>) =>
      enqueueWebhook(server.deps, {
        url: 'https://example.com/hook',
        secret: 's',
        event: 'x',
        payload: {},
        ...overrides,
      }).then(
        () => 'accepted',
        (error: unknown) => (isAppError(error) ? error.key : String(error)),
      );
    expect(await attempt({ url: 'ftp://example.com/hook' })).toBe('URL_NOT_ALLOWED');
    expect(await attempt({ url: 'not a url' })).toBe('URL_NOT_ALLOWED');
    expect(await attempt({ event: 'no spaces' })).toBe('VALIDATION_FAILED');
    expect(await attempt({ secret: '' })).toBe('VALIDATION_FAILED');
    expect(await attempt({ payload: { text: 'x'.repeat(70_000) } })).toBe('CONTENT_TOO_LARGE');
    const after = await server.deps.db
      .selectFrom('webhook_deliveries')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it('seals secrets at rest; a fresh secret is 32 random bytes; signatures verify', () => {
    const secret = newWebhookSecret();
    expect(secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(newWebhookSecret()).not.toBe(secret);
    const sealed = sealWebhookSecret(server.deps, secret);
    expect(sealed).not.toContain(secret);
    expect(openWebhookSecret(server.deps, sealed)).toBe(secret);
    const body = '{"a":1}';
    const header = `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;
    expect(verifyWebhookSignature(secret, body, header)).toBe(true);
    expect(verifyWebhookSignature(secret, '{"a":2}', header)).toBe(false);
    expect(verifyWebhookSignature(secret, body, undefined)).toBe(false);
  });

  it('clears finished deliveries after 30 days, never pending ones', async () => {
    receiver = await startReceiver(() => 500);
    const { id: pending } = await enqueueTo(server, receiver.url);
    runner();
    await deliveryWhen(server, pending, (r) => r.attempts === 1, 'first attempt');
    const finished = await server.deps.db
      .selectFrom('webhook_deliveries')
      .select('id')
      .where('status', 'in', ['delivered', 'failed'])
      .execute();
    expect(finished.length).toBeGreaterThan(0);
    server.clock.advance(31 * 24 * 60 * 60_000);
    // Stop the retries first: the clock moved past every back-off.
    await receiver.close();
    receiver = null;
    expect(await sweepFinishedDeliveries(server.deps)).toBe(finished.length);
    const left = await server.deps.db.selectFrom('webhook_deliveries').select('id').execute();
    expect(left.map((row) => row.id)).toEqual([pending]);
  });
});

describe('webhook deliveries with ALLOW_PRIVATE_URLS off (the default)', () => {
  let server: TestServer;
  let receiver: Receiver;
  beforeAll(async () => {
    server = await startTestServer({}, { taskRunner: false, webhookRunner: false });
    receiver = await startReceiver();
  });
  afterAll(async () => {
    await receiver.close();
    await server.close();
  });
  const runner = testRunners(() => server);

  it('never reaches a loopback receiver, and gives up at once (not retried)', async () => {
    runner();
    const { id } = await enqueueTo(server, receiver.url);
    const row = await deliveryWhen(server, id, (r) => r.status === 'failed', 'refused');
    expect(row).toMatchObject({ attempts: 1, last_status: null });
    expect(row.last_error).toMatch(/loopback/);
    expect(receiver.received).toHaveLength(0);
  });
});
