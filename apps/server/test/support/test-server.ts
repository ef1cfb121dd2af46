import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { serve } from '@hono/node-server';
import pg from 'pg';
import type { Logger } from 'pino';
import { buildApp } from '@/app';
import { createRuntime } from '@/bootstrap';
import { loadConfig } from '@/config';
import type { AppDeps } from '@/context';
import { ManualClock } from '@/lib/clock';
import { ensureInitialAdmin } from '@/modules/auth/service';
import { startTaskRunner } from '@/modules/tasks/service';
import { startWebhookRunner } from '@/modules/webhooks/service';
import { ApiClient } from './api-client';
import { postgresTemplateName, seedSqliteDataDir } from './database-template';

export const ADMIN = { username: 'admin', password: 'admin-password-1' } as const;

/** Which database this run of the suite uses: vitest's projects set TEST_DIALECT. */
export const dialect: 'sqlite' | 'postgres' =
  process.env.TEST_DIALECT === 'postgres' ? 'postgres' : 'sqlite';

export interface TestServer {
  baseUrl: string;
  deps: AppDeps;
  clock: ManualClock;
  dataDir: string;
  /** A client with no credentials. */
  anon: ApiClient;
  /** Logs in as the admin and returns a client carrying the token. */
  admin(): Promise<ApiClient>;
  close(): Promise<void>;
}

/**
 * A throw-away PostgreSQL database on the TEST_DATABASE_URL server; dropped by close().
 * Empty, or a copy of the database `from` names (the migrated template, database-template.ts).
 */
export async function createPostgresDatabase(options: { from?: string | null } = {}): Promise<{
  url: string;
  drop: () => Promise<void>;
}> {
  const base = process.env.TEST_DATABASE_URL;
  if (!base) {
    throw new Error(
      'TEST_DIALECT=postgres needs TEST_DATABASE_URL (e.g. postgres://postgres@127.0.0.1:5432/postgres)',
    );
  }
  const name = `pastebox_test_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
  const adminClient = new pg.Client({ connectionString: base });
  await adminClient.connect();
  await adminClient.query(
    options.from ? `CREATE DATABASE ${name} TEMPLATE ${options.from}` : `CREATE DATABASE ${name}`,
  );
  await adminClient.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: base });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}

/**
 * Starts the real app on 127.0.0.1 with a fresh DATA_DIR and a fresh database (SQLite file,
 * or a new PostgreSQL database), listening over real HTTP, with the task runner main.ts
 * starts (unless options.taskRunner is false).
 */
export async function startTestServer(
  env: Record<string, string> = {},
  options: {
    /** false: no task runner (tests that drive their own runners, or want tasks to wait). */
    taskRunner?: boolean;
    /** false: no webhook runner (tests that drive their own, or want deliveries to wait). */
    webhookRunner?: boolean;
    /** The server's logger (a test that reads what the server logged passes its own). */
    logger?: Logger;
    /**
     * Another test server's database, for an instance of the same cluster (PostgreSQL):
     * this one then neither creates a database nor drops it on close.
     */
    databaseUrl?: string;
  } = {},
): Promise<TestServer> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pastebox-test-'));
  const postgres =
    dialect === 'postgres' && !options.databaseUrl
      ? await createPostgresDatabase({ from: postgresTemplateName() })
      : null;
  const databaseUrl = options.databaseUrl ?? postgres?.url;
  if (dialect === 'sqlite' && !databaseUrl && !env.DATABASE_URL) {
    seedSqliteDataDir(dataDir);
  }
  const config = loadConfig({
    DATA_DIR: dataDir,
    ADMIN_USERNAME: ADMIN.username,
    ADMIN_PASSWORD: ADMIN.password,
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    SECRET: 'test-secret-0123456789abcdef',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    ...env,
  });
  const clock = new ManualClock();
  const runtime = await createRuntime(config, {
    clock,
    ...(options.logger ? { logger: options.logger } : {}),
  });
  await ensureInitialAdmin(runtime.deps);
  // As main.ts does: tasks created through the API are worked on by this server.
  const stopTaskRunner =
    options.taskRunner === false ? () => Promise.resolve() : startTaskRunner(runtime.deps);
  const stopWebhookRunner =
    options.webhookRunner === false ? () => Promise.resolve() : startWebhookRunner(runtime.deps);
  const app = buildApp(runtime.deps);
  const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' });
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  const { port } = server.address() as AddressInfo;
  const baseUrl = `http://127.0.0.1:${port}`;
  const anon = new ApiClient(baseUrl);

  return {
    baseUrl,
    deps: runtime.deps,
    clock,
    dataDir,
    anon,
    async admin() {
      const res = await anon.post<{ token: string }>('/api/admin/login', ADMIN);
      if (res.status !== 200) {
        throw new Error(`admin login failed: ${res.status} ${JSON.stringify(res.body)}`);
      }
      return anon.withAuth(`Bearer ${res.body.data.token}`);
    },
    async close() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await stopTaskRunner();
      await stopWebhookRunner();
      await runtime.close();
      await postgres?.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
