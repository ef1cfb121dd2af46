import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fresh, startCluster, type ClusterProcess } from '../cluster/cluster-process';
import { parsePrometheusText, samplesOf, valueOf } from '../support/prometheus-text';
import { createPostgresDatabase, dialect } from '../support/test-server';

const LISTENING = /Pastebox listening on (http:\/\/\S+) \((\d+) worker processes\)/;
const TOKEN = 'cluster-metrics-token-0123';
const HEALTH_CHECKS = 24;

interface RequestLine {
  pid: number;
  msg: string;
  route?: string;
  status?: number;
}

/**
 * WORKERS=2 (DESIGN §15): whichever worker a scrape reaches, it answers for the whole
 * instance — the primary sums both workers' counts — while each worker's event-loop lag
 * stays its own. The built server (`npm run build`), as npm start runs it.
 */
describe(`metrics of a cluster of two workers (${dialect})`, () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pastebox-metrics-cluster-'));
  let database: { url: string; drop: () => Promise<void> } | null = null;
  let server: ClusterProcess;
  let baseUrl = '';
  let workers: number[] = [];

  const scrape = async () => {
    // A connection of its own: consecutive scrapes reach either worker.
    const res = await fresh(`${baseUrl}/metrics`, {
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(res.status).toBe(200);
    return parsePrometheusText(res.body);
  };
  const requestLines = () =>
    (server.logs() as RequestLine[]).filter((line) => line.msg === 'request');

  beforeAll(async () => {
    database = dialect === 'postgres' ? await createPostgresDatabase() : null;
    server = startCluster({
      WORKERS: '2',
      PORT: '0',
      DATA_DIR: dataDir,
      SECRET: 'test-secret-0123456789abcdef',
      ADMIN_USERNAME: 'admin',
      ADMIN_PASSWORD: 'admin-password-1',
      METRICS_TOKEN: TOKEN,
      INSTANCE_ID: 'cluster-instance',
      ...(database ? { DATABASE_URL: database.url } : {}),
    });
    const line = await server.waitForLog((l) => LISTENING.test(l.msg));
    baseUrl = LISTENING.exec(line.msg)?.[1] ?? '';
    workers = line.workers ?? [];
  }, 60_000);

  afterAll(async () => {
    if (server.process.exitCode === null) {
      server.process.kill('SIGTERM');
      await server.exited;
    }
    await database?.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('sums both workers: every scrape counts every request, whichever worker answered', async () => {
    for (let i = 0; i < HEALTH_CHECKS; i += 1) {
      expect((await fresh(`${baseUrl}/api/health`)).status).toBe(200);
    }
    const health = () => requestLines().filter((line) => line.route === '/api/health');
    await expect.poll(() => health().length).toBe(HEALTH_CHECKS);
    // Both workers answered some (the log line names the process that served it).
    expect(new Set(health().map((line) => line.pid))).toEqual(new Set(workers));

    for (let i = 0; i < 4; i += 1) {
      const samples = await scrape();
      const counted = valueOf(samples, 'pastebox_http_requests_total', {
        family: 'health',
        status: '200',
        instance_id: 'cluster-instance',
      });
      expect(counted).toBe(HEALTH_CHECKS);
      expect(
        valueOf(samples, 'pastebox_http_request_duration_seconds_count', { family: 'health' }),
      ).toBe(HEALTH_CHECKS);
      // The database's figures once, not once per worker.
      expect(samplesOf(samples, 'pastebox_shares', { kind: 'paste' })).toHaveLength(1);
    }
  });

  it("keeps each worker's event-loop lag its own", async () => {
    // The lag is measured when a scrape asks (after a turn of the loop): ask twice.
    await scrape();
    await expect
      .poll(async () =>
        samplesOf(await scrape(), 'nodejs_eventloop_lag_seconds')
          .map((sample) => sample.labels.worker)
          .sort(),
      )
      .toEqual(['0', '1']);
  });

  it('logs each request as one JSON line from the worker that served it', () => {
    const lines = requestLines();
    expect(lines.length).toBeGreaterThanOrEqual(HEALTH_CHECKS);
    for (const line of lines) {
      expect(workers).toContain(line.pid);
      expect(line.status).toBeTypeOf('number');
    }
    expect(server.output()).not.toContain(TOKEN);
  });
});
