import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '@/app';
import { TasksRepo } from '@/modules/tasks/repo';
import type { ApiClient } from '../support/api-client';
import { captureLogs, type LogCapture } from '../support/log-capture';
import { parsePrometheusText, samplesOf, valueOf, type Sample } from '../support/prometheus-text';
import { storageTargets } from '../support/storage-targets';
import { dialect, startTestServer, type TestServer } from '../support/test-server';
import { absolute, openShare, uploadShare } from '../uploads/builders';
import { ADMIN_BASIC, basic } from '../webdav/dav-support';

const TOKEN = 'metrics-token-0123456789';
const PASTE_PASSWORD = 'paste-password-never-logged';
const FILE_CONTENT = 'seventeen bytes!!';

/**
 * /metrics and the request log of one process (issue 36); the cluster's sum is
 * metrics-cluster.test.ts. The figures asserted are the ones this file's requests made.
 */
/** The test's storage config has a quota, so its capacity is a series too. */
const QUOTA = 1024 ** 3;
const DASHBOARD = new URL('../../../../deploy/grafana/pastebox.json', import.meta.url);

/** The metric names in the dashboard's PromQL expressions (functions and labels left out). */
function grafanaMetricNames(): string[] {
  const dashboard = JSON.parse(fs.readFileSync(DASHBOARD, 'utf8')) as {
    panels: { targets?: { expr: string }[] }[];
  };
  const expressions = dashboard.panels.flatMap((panel) => panel.targets ?? []).map((t) => t.expr);
  const names = expressions.flatMap(
    (expr) => expr.match(/\b(?:pastebox|nodejs|process)_\w+/g) ?? [],
  );
  return [...new Set(names)];
}

describe(`metrics and request logs (${dialect})`, () => {
  let server: TestServer;
  let admin: ApiClient;
  let logs: LogCapture;
  let apiKey = '';
  let configId = '';
  let visitLink = '';

  const scrape = (authorization = `Bearer ${TOKEN}`) =>
    fetch(`${server.baseUrl}/metrics`, { headers: { authorization } });
  const samples = async (): Promise<Sample[]> => {
    const res = await scrape();
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/plain; version=0.0.4');
    return parsePrometheusText(await res.text());
  };

  beforeAll(async () => {
    logs = captureLogs();
    // No task runner: the tasks inserted below keep the status they were given.
    server = await startTestServer(
      { METRICS_TOKEN: TOKEN, INSTANCE_ID: 'test-instance' },
      { logger: logs.logger, taskRunner: false },
    );
    admin = await server.admin();
    const local = storageTargets().find((target) => target.name === 'local');
    configId = (await local!.createConfig(admin, { is_default: true, total_storage_bytes: QUOTA }))
      .id;
    const key = await admin.post<{ key: string }>('/api/admin/api-keys', {
      name: 'metrics-key',
      text_permission: true,
    });
    apiKey = key.body.data.key;
    // What the database's gauges must show: made before the first scrape reads them.
    await admin.post('/api/paste', { content: 'one' });
    await admin.post('/api/paste', { content: 'two', password: PASTE_PASSWORD });
    const file = await uploadShare(admin, { content: FILE_CONTENT });
    const opened = await openShare(server, file.slug);
    expect(opened.status).toBe(200);
    visitLink = opened.body.data.downloadUrl ?? '';
    expect(visitLink).toContain('token=');
    const tasks = new TasksRepo(server.deps.db, server.deps.dialect);
    for (const status of ['pending', 'pending', 'failed']) {
      const now = server.deps.clock.now().toISOString();
      await tasks.insert({
        ...{ id: randomUUID(), type: 'copy', status, title: 'metrics', payload: '{}' },
        ...{ total_bytes: 0, processed_bytes: 0, created_by: 'system' },
        ...{ created_at: now, updated_at: now },
      });
    }
  });
  afterAll(() => server.close());

  it('answers 401 without the bearer token, or with a wrong one', async () => {
    expect((await fetch(`${server.baseUrl}/metrics`)).status).toBe(401);
    expect((await scrape(`Bearer ${TOKEN}x`)).status).toBe(401);
    expect((await scrape(`Basic ${TOKEN}`)).status).toBe(401);
    expect((await scrape(`Bearer ${TOKEN}`)).status).toBe(200);
  });

  it('answers 404 when METRICS_TOKEN is not set, even with a token', async () => {
    const { METRICS_TOKEN: _off, ...config } = server.deps.config;
    const app = buildApp({ ...server.deps, config });
    const off = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' });
    await new Promise<void>((resolve) => off.once('listening', () => resolve()));
    try {
      const { port } = off.address() as AddressInfo;
      const res = await fetch(`http://127.0.0.1:${port}/metrics`, {
        headers: { authorization: `Bearer ${TOKEN}` },
      });
      expect(res.status).toBe(404);
    } finally {
      await new Promise<void>((resolve) => off.close(() => resolve()));
    }
  });

  it('counts requests by route family and status, with their durations', async () => {
    const count = (all: Sample[], family: string, status: string) =>
      valueOf(all, 'pastebox_http_requests_total', { family, status });
    const before = await samples();
    for (let i = 0; i < 3; i += 1) {
      expect((await server.anon.get('/api/health')).status).toBe(200);
    }
    expect((await server.anon.get('/api/paste/no-such-paste')).status).toBe(404);
    expect((await server.anon.raw('/api/no-such-route')).status).toBe(404);
    // A request is counted once its answer is sent, just after the client has read it.
    await expect
      .poll(async () => count(await samples(), 'paste', '404') - count(before, 'paste', '404'))
      .toBe(1);
    const after = await samples();
    expect(count(after, 'health', '200') - count(before, 'health', '200')).toBe(3);
    expect(count(after, 'other', '404') - count(before, 'other', '404')).toBe(1);
    // Every series names this instance; a family is a label, never a path.
    const requests = samplesOf(after, 'pastebox_http_requests_total');
    expect(requests.every((s) => s.labels.instance_id === 'test-instance')).toBe(true);
    expect(requests.some((s) => /\//.test(s.labels.family ?? ''))).toBe(false);

    const buckets = samplesOf(after, 'pastebox_http_request_duration_seconds_bucket', {
      family: 'health',
    });
    expect(buckets.map((b) => b.labels.le)).toEqual(expect.arrayContaining(['0.001', '+Inf']));
    const observed = valueOf(after, 'pastebox_http_request_duration_seconds_count', {
      family: 'health',
    });
    expect(buckets.find((b) => b.labels.le === '+Inf')?.value).toBe(observed);
    expect(observed).toBeGreaterThanOrEqual(3);
    // The process's own figures: event-loop lag, labelled with the worker ('0' alone).
    expect(samplesOf(after, 'nodejs_eventloop_lag_seconds', { worker: '0' })).toHaveLength(1);
    if (dialect === 'postgres') {
      // The pool serves this scrape's own queries, so it has opened a connection at least.
      expect(valueOf(after, 'pastebox_db_pool_max')).toBe(10);
      expect(valueOf(after, 'pastebox_db_pool_connections', { state: 'open' })).toBeGreaterThan(0);
    }
  });

  it('reports shares, open visits, bytes per storage config and tasks by status', async () => {
    const all = await samples();
    expect(valueOf(all, 'pastebox_shares', { kind: 'paste' })).toBe(2);
    expect(valueOf(all, 'pastebox_shares', { kind: 'file' })).toBe(1);
    expect(valueOf(all, 'pastebox_shares', { kind: 'bundle' })).toBe(0);
    // The upload's answer carries its owner's visit links, the anonymous opening its own.
    expect(valueOf(all, 'pastebox_open_visits')).toBe(2);
    expect(valueOf(all, 'pastebox_tasks', { status: 'pending' })).toBe(2);
    expect(valueOf(all, 'pastebox_tasks', { status: 'failed' })).toBe(1);
    expect(valueOf(all, 'pastebox_tasks', { status: 'running' })).toBe(0);
    const used = samplesOf(all, 'pastebox_storage_used_bytes', { config_id: configId });
    expect(used).toHaveLength(1);
    expect(used[0]?.value).toBe(Buffer.byteLength(FILE_CONTENT));
    expect(used[0]?.labels.provider).toBe('local');
    expect(valueOf(all, 'pastebox_storage_capacity_bytes', { config_id: configId })).toBe(QUOTA);
  });

  it('serves every series the Grafana dashboard (deploy/grafana) queries', async () => {
    const exposed = new Set((await samples()).map((sample) => sample.name));
    const queried = grafanaMetricNames().filter(
      // SQLite has no pool: its series exist on PostgreSQL only (checked above).
      (name) => dialect === 'postgres' || !name.startsWith('pastebox_db_pool_'),
    );
    expect(queried.length).toBeGreaterThan(10);
    expect(queried.filter((name) => !exposed.has(name))).toEqual([]);
  });

  it('logs one JSON line per request, with its id, route, status, duration and caller', async () => {
    const from = logs.lines.length;
    const requestLines = () => logs.lines.slice(from).filter((line) => line.msg === 'request');
    await server.anon.raw('/api/paste/missing-slug?password=query-secret', {
      headers: { 'x-request-id': 'trace-metrics-1' },
    });
    await server.anon.withApiKey(apiKey).post('/api/paste', { content: 'by key' });
    await admin.get('/api/admin/pastes');
    // A visit's download link carries its token in the query.
    expect((await fetch(absolute(server, visitLink))).status).toBe(200);
    await expect.poll(requestLines).toHaveLength(4);
    const [anonymous, byKey, byAdmin, download] = requestLines();
    expect(anonymous).toMatchObject({
      level: 30,
      reqId: 'trace-metrics-1',
      method: 'GET',
      route: '/api/paste/:slug',
      family: 'paste',
      status: 404,
      principal: 'anonymous',
    });
    expect(typeof anonymous?.ms).toBe('number');
    expect(byKey).toMatchObject({ route: '/api/paste', status: 201, principal: 'apikey' });
    expect(byAdmin).toMatchObject({ route: '/api/admin/pastes', status: 200, principal: 'admin' });
    expect(download).toMatchObject({ route: '/api/file-download/:slug', family: 'file' });
  });

  it("names WebDAV's Basic callers too, never the credential", async () => {
    const davKey = await admin.post<{ key: string }>('/api/admin/api-keys', {
      name: 'metrics-dav-key',
      mount_permission: true,
    });
    const key = davKey.body.data.key;
    const from = logs.lines.length;
    const davLines = () =>
      logs.lines.slice(from).filter((line) => line.msg === 'request' && line.family === 'dav');
    const propfind = async (authorization?: string) => {
      const res = await fetch(`${server.baseUrl}/dav/`, {
        method: 'PROPFIND',
        headers: { depth: '0', ...(authorization ? { authorization } : {}) },
      });
      await res.arrayBuffer();
      return res.status;
    };
    expect(await propfind(ADMIN_BASIC)).toBe(207);
    expect(await propfind(basic(key, key))).toBe(207);
    // The first key may not reach the mounts: refused, and named all the same.
    expect(await propfind(basic(apiKey, apiKey))).toBe(403);
    expect(await propfind()).toBe(401);
    await expect.poll(davLines).toHaveLength(4);
    expect(davLines().map((line) => [line.status, line.principal])).toEqual([
      [207, 'admin'],
      [207, 'apikey'],
      [403, 'apikey'],
      [401, 'anonymous'],
    ]);
    expect(JSON.stringify(davLines())).not.toContain(key);
  });

  it('never logs a password, a token, a key or a query string', () => {
    const written = JSON.stringify(logs.lines);
    expect(logs.lines.filter((l) => l.msg === 'request').length).toBeGreaterThan(10);
    const visitToken = new URL(visitLink, server.baseUrl).searchParams.get('token') ?? '';
    const sessionToken = (admin.authorization ?? '').replace(/^Bearer /, '');
    for (const secret of [
      PASTE_PASSWORD,
      apiKey,
      TOKEN,
      sessionToken,
      visitToken,
      'query-secret',
    ]) {
      expect(secret.length).toBeGreaterThan(0);
      expect(written).not.toContain(secret);
    }
    expect(written).not.toContain('missing-slug');
  });
});
