import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPostgresDatabase, dialect } from '../support/test-server';
import {
  childrenOf,
  fresh,
  isAlive,
  startCluster,
  type ClusterProcess,
  type LogLine,
} from './cluster-process';

const LISTENING = /Pastebox listening on (http:\/\/\S+) \((\d+) worker processes\)/;
const PASSWORD = /Password: (\S+)/;
const BURST = 240;
const PARALLEL = 8;
const KILL_AT = 80;
const LIMIT = 37;
const READERS = 120;

const isReplacement = (line: LogLine) => line.msg === 'a replacement worker is listening';

/**
 * WORKERS=2 (DESIGN §11): the built server as a cluster of processes on one port, which
 * starts, logs, survives a killed worker and stops as one server.
 */
describe(`the server as a cluster of two workers (${dialect})`, () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pastebox-cluster-'));
  let database: { url: string; drop: () => Promise<void> } | null = null;
  let server: ClusterProcess;
  let baseUrl = '';
  let workers: number[] = [];

  beforeAll(async () => {
    database = dialect === 'postgres' ? await createPostgresDatabase() : null;
    // No ADMIN_PASSWORD: the first start generates one and prints it.
    server = startCluster({
      WORKERS: '2',
      PORT: '0',
      DATA_DIR: dataDir,
      SECRET: 'test-secret-0123456789abcdef',
      ...(database ? { DATABASE_URL: database.url } : {}),
    });
    const line = await server.waitForLog((l) => LISTENING.test(l.msg));
    baseUrl = LISTENING.exec(line.msg)?.[1] ?? '';
    workers = line.workers ?? [];
  }, 60_000);

  afterAll(async () => {
    if (server.process.exitCode === null) {
      server.process.kill('SIGKILL');
    }
    await database?.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('starts two workers under one primary and prints the startup lines once', async () => {
    expect(workers).toHaveLength(2);
    expect(childrenOf(server.process.pid ?? 0)).toEqual(expect.arrayContaining(workers));
    const output = server.output();
    expect(output.match(/Pastebox listening on/g)).toHaveLength(1);
    expect(output.match(/First start: created the admin account/g)).toHaveLength(1);
    // The printed password works whichever process answers the login.
    const password = PASSWORD.exec(output)?.[1] ?? '';
    for (let i = 0; i < 4; i += 1) {
      const res = await fresh(`${baseUrl}/api/admin/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'admin', password }),
      });
      expect(res.status).toBe(200);
    }
  });

  it('keeps answering a burst while a worker is SIGKILLed, and replaces it', async () => {
    const logsBefore = server.logs().length;
    const [victim] = workers;
    const results: (number | 'error')[] = [];
    let next = 0;
    const lane = async () => {
      while (next < BURST) {
        const i = next;
        next += 1;
        if (i === KILL_AT) {
          process.kill(victim ?? 0, 'SIGKILL');
        }
        results[i] = await fresh(`${baseUrl}/api/health`).then(
          (res) => res.status,
          () => 'error' as const,
        );
      }
    };
    await Promise.all(Array.from({ length: PARALLEL }, lane));
    // Only what was in flight on the killed worker may be lost; the rest is answered.
    const failed = results.filter((status) => status !== 200).length;
    expect(failed).toBeLessThanOrEqual(PARALLEL);
    expect(results.slice(KILL_AT + 2 * PARALLEL).every((status) => status === 200)).toBe(true);
    const replaced = await server.waitForLog(isReplacement, logsBefore);
    expect(replaced.worker).not.toBe(victim);
    expect(isAlive(replaced.worker ?? 0)).toBe(true);
    workers = [replaced.worker ?? 0, workers[1] ?? 0];
  });

  /** Logs in with the printed password and creates a paste through the cluster. */
  async function createPaste(body: object) {
    const password = PASSWORD.exec(server.output())?.[1] ?? '';
    const login = await fresh(`${baseUrl}/api/admin/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password }),
    });
    const { token } = (JSON.parse(login.body) as { data: { token: string } }).data;
    const created = await fresh(`${baseUrl}/api/paste`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify(body),
    });
    expect(created.status).toBe(201);
    const { id, slug } = (JSON.parse(created.body) as { data: { id: string; slug: string } }).data;
    return { id, slug, token };
  }

  it('reads a paste through a process that did not exist when it was created', async () => {
    const { slug } = await createPaste({ content: 'shared through the database' });

    // Replace both workers, one after the other: whoever answers next started afterwards.
    for (const pid of [...workers]) {
      const logsBefore = server.logs().length;
      process.kill(pid, 'SIGKILL');
      await server.waitForLog(isReplacement, logsBefore);
    }
    const current = childrenOf(server.process.pid ?? 0);
    expect(current.some((pid) => workers.includes(pid))).toBe(false);
    const read = await fresh(`${baseUrl}/api/raw/${slug}`);
    expect(read).toEqual({ status: 200, body: 'shared through the database' });
    workers = current;
  });

  it('grants a view-limited paste exactly its limit, read through both workers at once', async () => {
    // Each worker counts on its own; the statement grants at most what is left (DESIGN §16).
    const { id, slug, token } = await createPaste({
      content: 'read by everyone',
      max_views: LIMIT,
    });
    const answers = await Promise.all(
      Array.from({ length: READERS }, () => fresh(`${baseUrl}/api/raw/${slug}`)),
    );
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(LIMIT);
    expect(statuses.filter((status) => status === 410)).toHaveLength(READERS - LIMIT);
    const stored = await fresh(`${baseUrl}/api/admin/pastes/${id}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect((JSON.parse(stored.body) as { data: { views: number } }).data.views).toBe(LIMIT);
  });

  it('stops the whole cluster on SIGTERM, exit code 0, no process left behind', async () => {
    const everyone = childrenOf(server.process.pid ?? 0);
    expect(everyone.length).toBeGreaterThanOrEqual(2);
    server.process.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    expect(everyone.filter(isAlive)).toEqual([]);
    // Each worker went through the clean path, not a kill.
    const stopped = server.logs().filter((l) => l.msg === 'shutting down');
    expect(new Set(stopped.map((l) => l.pid))).toEqual(new Set([server.process.pid, ...workers]));
  });
});

describe('a cluster that cannot start', () => {
  it('exits with code 1 when its workers cannot listen (the port is taken)', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pastebox-cluster-'));
    const blocker = net.createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    const { port } = blocker.address() as net.AddressInfo;
    const database = dialect === 'postgres' ? await createPostgresDatabase() : null;
    try {
      const server = startCluster({
        WORKERS: '2',
        PORT: String(port),
        DATA_DIR: dataDir,
        ADMIN_PASSWORD: 'admin-password-1',
        ...(database ? { DATABASE_URL: database.url } : {}),
      });
      expect(await server.exited).toBe(1);
      expect(server.output()).toContain('a worker failed to start');
    } finally {
      blocker.close();
      await database?.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
