import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminAuthorization,
  startServerProcess,
  type ServerProcess,
} from '../support/server-process';
import { startTcpProxy, type TcpProxy } from '../support/tcp-proxy';
import { createPostgresDatabase } from '../support/test-server';

interface Outcome {
  /** 0: the connection was dropped without an answer. */
  status: number;
  error?: string;
}

/** One request; a socket error is an outcome too (status 0), never a thrown test. */
async function attempt(url: string, init: RequestInit): Promise<Outcome> {
  try {
    const res = await fetch(url, init);
    const body = (await res.json()) as { error?: string };
    return { status: res.status, ...(body.error ? { error: body.error } : {}) };
  } catch (error) {
    return { status: 0, error: error instanceof Error ? error.message : String(error) };
  }
}

/**
 * The server as its own process on its own PostgreSQL database, whose backends another
 * session terminates (pg_terminate_backend: what a restart or a failover does to them)
 * while a burst of requests is in flight.
 */
describe('PostgreSQL dropping the server’s connections', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pastebox-pgdrop-'));
  let database: { url: string; drop: () => Promise<void> };
  let server: ServerProcess;
  let killer: pg.Client;
  let authorization: string;

  beforeAll(async () => {
    database = await createPostgresDatabase();
    server = await startServerProcess({ DATA_DIR: dataDir, DATABASE_URL: database.url });
    authorization = await adminAuthorization(server.baseUrl);
    killer = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await killer.connect();
  });
  afterAll(async () => {
    await server.stop();
    await killer.end();
    await database.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const createPaste = () =>
    attempt(`${server.baseUrl}/api/paste`, {
      method: 'POST',
      headers: { authorization, 'content-type': 'application/json' },
      body: JSON.stringify({ content: 'survives a failover' }),
    });
  const readPaste = (slug: string) => attempt(`${server.baseUrl}/api/paste/${slug}`, {});

  async function terminateBackends(): Promise<number> {
    const name = new URL(database.url).pathname.slice(1);
    const result = await killer.query<{ terminated: boolean }>(
      `SELECT pg_terminate_backend(pid) AS terminated FROM pg_stat_activity
        WHERE datname = $1 AND pid <> pg_backend_pid()`,
      [name],
    );
    return result.rows.filter((row) => row.terminated).length;
  }

  it('fails only requests in flight, with 503 DATABASE_UNAVAILABLE; the process lives and reconnects', async () => {
    const res = await fetch(`${server.baseUrl}/api/paste`, {
      method: 'POST',
      headers: { authorization, 'content-type': 'application/json' },
      body: JSON.stringify({ content: 'to read' }),
    });
    const { data } = (await res.json()) as { data: { slug: string } };
    const outcomes: Outcome[] = [];
    let terminated = 0;
    // Rounds until some kills have landed mid-query (each round varies the timing).
    for (
      let round = 0;
      round < 20 && outcomes.filter((o) => o.status === 503).length < 5;
      round += 1
    ) {
      const burst = Array.from({ length: 40 }, (_, i) =>
        i % 2 === 0 ? createPaste() : readPaste(data.slug),
      );
      await sleep(round % 4 === 0 ? 0 : 5 * (round % 4));
      terminated += await terminateBackends();
      outcomes.push(...(await Promise.all(burst)));
    }

    expect(terminated).toBeGreaterThan(0);
    expect(server.process.exitCode, server.output()).toBeNull();
    expect(server.process.signalCode).toBeNull();
    const unexpected = outcomes.filter(
      (o) =>
        !(o.status === 200 || o.status === 201) &&
        !(o.status === 503 && o.error === 'DATABASE_UNAVAILABLE'),
    );
    expect(unexpected).toEqual([]);
    expect(outcomes.filter((o) => o.status === 503).length).toBeGreaterThan(0);

    // The pool dropped the dead clients: the next requests connect afresh and succeed.
    expect(await createPaste()).toEqual({ status: 201 });
    expect((await readPaste(data.slug)).status).toBe(200);
    expect((await attempt(`${server.baseUrl}/api/health`, {})).status).toBe(200);
    expect(server.output()).toContain('a database connection was lost');
  }, 120_000);
});

/**
 * The database host gone silent (a failover in progress, a cut network): connections are
 * neither refused nor reset, they just never answer. A relay between the server and
 * PostgreSQL plays the network.
 */
describe('PostgreSQL unreachable', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pastebox-pgdown-'));
  let database: { url: string; drop: () => Promise<void> };
  let proxy: TcpProxy;
  let server: ServerProcess;
  let authorization: string;

  beforeAll(async () => {
    database = await createPostgresDatabase();
    const url = new URL(database.url);
    proxy = await startTcpProxy({ host: url.hostname, port: Number(url.port || 5432) });
    url.hostname = '127.0.0.1';
    url.port = String(proxy.port);
    server = await startServerProcess({ DATA_DIR: dataDir, DATABASE_URL: url.toString() });
    authorization = await adminAuthorization(server.baseUrl);
  });
  afterAll(async () => {
    await server.stop();
    await proxy.close();
    await database.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const createPaste = () =>
    attempt(`${server.baseUrl}/api/paste`, {
      method: 'POST',
      headers: { authorization, 'content-type': 'application/json' },
      body: JSON.stringify({ content: 'written while the database is away' }),
    });

  it('answers 503 within the connect timeout instead of hanging, then recovers', async () => {
    expect(await createPaste()).toEqual({ status: 201 });
    proxy.setMode('blackhole');
    proxy.cut();
    const started = performance.now();
    const outcomes = await Promise.all([createPaste(), createPaste(), createPaste()]);
    const waited = performance.now() - started;
    expect(outcomes).toEqual(Array(3).fill({ status: 503, error: 'DATABASE_UNAVAILABLE' }));
    // The pool's connectionTimeoutMillis (5 s), not the OS's minutes of SYN retries.
    expect(waited).toBeLessThan(9_000);
    expect(server.process.exitCode).toBeNull();

    proxy.setMode('forward');
    expect(await createPaste()).toEqual({ status: 201 });
  }, 60_000);
});
