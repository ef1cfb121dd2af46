import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ListObjectsV2Command, PutObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import type { StorageConfigItem } from '@pastebox/contract/schemas/storage-config';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, type ApiResponse } from '../support/api-client';
import {
  adminAuthorization,
  startServerProcess,
  type ServerProcess,
} from '../support/server-process';
import { storageTargets } from '../support/storage-targets';
import { s3ClientFor, SWIFT_HOOK_TIMEOUT_MS, swiftServer } from '../support/swift';
import { createPostgresDatabase } from '../support/test-server';
import { fsCall } from './fs-support';

/**
 * A folder move on S3 is a copy and a delete per object, kept apart from other moves and
 * deletes of the same folder by a lease in the database (issue 29, "Concurrency"). Two
 * real server processes on one PostgreSQL database and one S3 bucket, the calls split
 * across them as a round-robin balancer sends them: exactly one rename wins, the winner's
 * folder holds every file, the source is gone, and no answer is a 5xx. Without the lease,
 * each process's own lock let both copy the folder: two renames answered 200.
 */

const PARALLEL = 8;
const DEFAULT_FOLDER = 'pastebox';

/** Enough objects that a move takes a while: the copies of two processes would meet. */
const FILES = Array.from({ length: 24 }, (_, i) =>
  i % 3 === 0 ? `f${i}.txt` : i % 3 === 1 ? `sub/f${i}.txt` : `sub/deeper/f${i}.txt`,
).sort();

describe('S3 folder moves across two instances on one PostgreSQL [swift]', () => {
  const dataDirs = [0, 1].map(() => fs.mkdtempSync(path.join(os.tmpdir(), 'pastebox-moves-')));
  let database: { url: string; drop: () => Promise<void> };
  let instances: ServerProcess[] = [];
  let clients: ApiClient[] = [];
  let s3: S3Client;
  let bucket: string;

  beforeAll(async () => {
    database = await createPostgresDatabase();
    // One after the other: the first runs the migrations and creates the admin.
    for (const dataDir of dataDirs) {
      instances.push(await startServerProcess({ DATA_DIR: dataDir, DATABASE_URL: database.url }));
    }
    const authorization = await adminAuthorization(instances[0]?.baseUrl ?? '');
    clients = instances.map((instance) => new ApiClient(instance.baseUrl, authorization));
    const swift = storageTargets().find((target) => target.name === 'swift');
    if (!swift) {
      throw new Error('the S3 storage target is missing');
    }
    const body = await swift.configBody({ default_folder: DEFAULT_FOLDER });
    bucket = body.bucket_name ?? '';
    s3 = s3ClientFor(await swiftServer());
    const admin = clients[0] as ApiClient;
    const config = await admin.post<StorageConfigItem>('/api/s3-configs', body);
    expect(config.status, JSON.stringify(config.body)).toBe(201);
    const mount = await admin.post('/api/admin/mounts', {
      name: 'race',
      mount_path: '/race',
      storage_config_id: config.body.data.id,
      cache_ttl: 0,
    });
    expect(mount.status, JSON.stringify(mount.body)).toBe(201);
  }, 90_000 + SWIFT_HOOK_TIMEOUT_MS);
  afterAll(async () => {
    s3?.destroy();
    await Promise.all(instances.map((instance) => instance.stop()));
    instances = [];
    await database?.drop();
    for (const dataDir of dataDirs) {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });

  /** Request `i` goes to instance `i % 2`. */
  const via = (i: number): ApiClient => clients[i % clients.length] as ApiClient;

  async function fill(folder: string): Promise<void> {
    await Promise.all(
      FILES.map((file) =>
        s3.send(
          new PutObjectCommand({
            Bucket: bucket,
            Key: `${DEFAULT_FOLDER}/${folder}/${file}`,
            Body: `bytes of ${file}`,
          }),
        ),
      ),
    );
  }

  /** Every object key below a folder of the mount, relative to it, sorted. */
  async function filesUnder(folder: string): Promise<string[]> {
    const prefix = `${DEFAULT_FOLDER}/${folder}/`;
    const out = await s3.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix }));
    return (out.Contents ?? [])
      .flatMap((item) => (item.Key ? [item.Key.slice(prefix.length)] : []))
      .filter((name) => name !== '')
      .sort();
  }

  function expectNo5xx(answers: ApiResponse<unknown>[]): number[] {
    const statuses = answers.map((answer) => answer.status);
    expect(
      statuses.every((status) => status < 500),
      JSON.stringify(answers.map((answer) => [answer.status, answer.body])),
    ).toBe(true);
    return statuses;
  }

  it('eight renames of one folder, split across both: one wins with every file', async () => {
    await fill('r');
    const names = Array.from({ length: PARALLEL }, (_, i) => `r-to-${i}`);
    const answers = await Promise.all(
      names.map((name, i) => fsCall.rename(via(i), '/race/r', `/race/${name}`)),
    );
    const statuses = expectNo5xx(answers);
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    for (const answer of answers.filter((a) => a.status !== 200)) {
      expect([404, 409], JSON.stringify(answer.body)).toContain(answer.status);
    }
    const winner = names[statuses.indexOf(200)] ?? '';
    expect(await filesUnder(winner)).toEqual(FILES);
    expect(await filesUnder('r')).toEqual([]);
    for (const loser of names.filter((name) => name !== winner)) {
      expect(await filesUnder(loser), loser).toEqual([]);
    }
  });

  it('renames racing deletes, split across both: the folder moves whole or goes whole', async () => {
    await fill('m');
    const names = Array.from({ length: PARALLEL }, (_, i) => `m-to-${i}`);
    const calls: Promise<ApiResponse<unknown>>[] = [];
    names.forEach((name, i) => {
      calls.push(fsCall.rename(via(i), '/race/m', `/race/${name}`));
      calls.push(fsCall.remove(via(i + 1), '/race/m'));
    });
    const statuses = expectNo5xx(await Promise.all(calls));
    const renamed = names.filter((_, i) => statuses[2 * i] === 200);
    const removed = names.filter((_, i) => statuses[2 * i + 1] === 200);
    expect(renamed.length + removed.length).toBe(1);
    for (const name of names) {
      expect(await filesUnder(name), name).toEqual(renamed.includes(name) ? FILES : []);
    }
    expect(await filesUnder('m')).toEqual([]);
  });
});
